import { Module } from '@nestjs/common';
import { AuditController } from './audit.controller';
import { CheckpointController } from './checkpoint.controller';
import { FleetAsOf } from './fleet-as-of';

/** Audit over HTTP: a device's history with its envelopes, its state as of any moment, and the fleet reports' read models as of a past date (docs/AUDIT.md). */
@Module({ controllers: [AuditController, CheckpointController], providers: [FleetAsOf], exports: [FleetAsOf] })
export class AuditModule {}
