import { Module } from '@nestjs/common';
import { ReportsController } from './reports.controller';

/** Inventory reports over HTTP: detailed, Legacy Data, by managers/IBOs/agents/offices, aged inventory. */
@Module({ controllers: [ReportsController] })
export class ReportsModule {}
