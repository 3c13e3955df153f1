import { Module } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module';
import { ReportsController } from './reports.controller';

/** Inventory reports over HTTP: detailed, Legacy Data, by managers/IBOs/agents/offices, aged inventory. */
@Module({ imports: [AuditModule], controllers: [ReportsController] })
export class ReportsModule {}
