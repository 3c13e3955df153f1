import { Module } from '@nestjs/common';
import { DashboardController } from './dashboard.controller';

/** The dashboards' counts (doc 1 §2.4). */
@Module({ controllers: [DashboardController] })
export class DashboardModule {}
