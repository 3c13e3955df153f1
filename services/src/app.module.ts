import { SubscriptionsModule } from './subscriptions/subscriptions.module';
import { AuditModule } from './audit/audit.module';
import { DocumentsModule } from './documents/documents.module';
import { MessagesModule } from './messages/messages.module';
import { randomUUID } from 'node:crypto';
import { type DynamicModule, Module } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { LoggerModule } from 'nestjs-pino';
import { AdminModule } from './admin/admin.module';
import { AuthModule } from './auth/auth.module';
import { DashboardModule } from './dashboard/dashboard.module';
import { ExportsModule } from './exports/exports.module';
import { OnboardingModule } from './onboarding/onboarding.module';
import { HelpModule } from './help/help.module';
import { RmaModule } from './rma/rma.module';
import { OrdersModule } from './orders/orders.module';
import { InventoryModule } from './inventory/inventory.module';
import { ReferenceModule } from './reference/reference.module';
import { ReportsModule } from './reports/reports.module';
import { SalesModule } from './sales/sales.module';
import { HealthController } from './platform/health/health.controller';
import { ErrorFilter } from './platform/http/error-filter';
import { ConsoleController } from './platform/http/console.controller';
import { NotBuiltController } from './platform/http/not-built.controller';
import { OpenApiController } from './platform/http/openapi.controller';
import type { Platform } from './platform/platform';
import { PlatformModule } from './platform/platform.module';

/** Every capability's module, one line each: a new capability adds its line here. */
export const CAPABILITY_MODULES = [AdminModule, ReferenceModule, HelpModule, OnboardingModule, InventoryModule, RmaModule, OrdersModule, DashboardModule, SalesModule, ReportsModule, ExportsModule, DocumentsModule, MessagesModule, AuditModule, SubscriptionsModule];

/** The api process: HTTP routes over the opened platform. Capabilities add their modules here. */
@Module({})
export class AppModule {
  static register(platform: Platform): DynamicModule {
    return {
      module: AppModule,
      global: true,
      imports: [
        LoggerModule.forRoot({
          pinoHttp: {
            logger: platform.logger,
            genReqId: (request, response) => {
              const given = request.headers['x-request-id'];
              const id = typeof given === 'string' && /^[\w.-]{1,128}$/.test(given) ? given : randomUUID();
              response.setHeader('x-request-id', id);
              return id;
            },
            autoLogging: { ignore: (request) => request.url === '/health' },
          },
        }),
        PlatformModule.register(platform),
        AuthModule.register(platform),
        ...CAPABILITY_MODULES,
        // Last: the table's routes that no capability serves yet and unknown /api paths (404), then the console.
        NotBuiltModule,
        ConsoleModule,
      ],
      controllers: [HealthController, OpenApiController],
      providers: [{ provide: APP_FILTER, useFactory: () => new ErrorFilter(platform.logger) }],
    };
  }
}

@Module({ controllers: [NotBuiltController] })
class NotBuiltModule {}

@Module({ controllers: [ConsoleController] })
class ConsoleModule {}
