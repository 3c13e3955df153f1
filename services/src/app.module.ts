import { randomUUID } from 'node:crypto';
import { type DynamicModule, Module } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { LoggerModule } from 'nestjs-pino';
import { ChangeOfficeController } from './admin/change-office.controller';
import { OfficesController } from './admin/offices.controller';
import { AuthModule } from './auth/auth.module';
import { ExportsController } from './exports/exports.controller';
import { AnnouncementsController } from './help/announcements.controller';
import { InventoryController } from './inventory/inventory.controller';
import { ReferenceController } from './reference/reference.controller';
import { ReportsController } from './reports/reports.controller';
import { HealthController } from './platform/health/health.controller';
import { ErrorFilter } from './platform/http/error-filter';
import { ConsoleController } from './platform/http/console.controller';
import { NotBuiltController } from './platform/http/not-built.controller';
import { OpenApiController } from './platform/http/openapi.controller';
import type { Platform } from './platform/platform';
import { PLATFORM } from './platform/tokens';

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
        AuthModule.register(platform),
        OrgModule,
        HelpModule,
        InventoryModule,
        ReportsModule,
        ExportsModule,
        // Last: the table's routes that no capability serves yet and unknown /api paths (404), then the console.
        NotBuiltModule,
        ConsoleModule,
      ],
      controllers: [HealthController, OpenApiController],
      providers: [
        { provide: PLATFORM, useValue: platform },
        { provide: APP_FILTER, useFactory: () => new ErrorFilter(platform.logger) },
      ],
      exports: [PLATFORM],
    };
  }
}

@Module({ controllers: [NotBuiltController] })
class NotBuiltModule {}

/** The organisation over HTTP: reference lists, the office list, agent office transfer. */
@Module({ controllers: [ReferenceController, OfficesController, ChangeOfficeController] })
class OrgModule {}

/** Help over HTTP: announcements. */
@Module({ controllers: [AnnouncementsController] })
class HelpModule {}

/** Device inventory over HTTP: receive, assign, transfer, reassign, activations, dashboards. */
@Module({ controllers: [InventoryController] })
class InventoryModule {}

/** Inventory reports over HTTP: detailed, Legacy Data, by managers/IBOs/agents/offices, aged inventory. */
@Module({ controllers: [ReportsController] })
class ReportsModule {}

/** Exports: start (the lists' *_export calls), progress, signed downloads. */
@Module({ controllers: [ExportsController] })
class ExportsModule {}

@Module({ controllers: [ConsoleController] })
class ConsoleModule {}
