import { type DynamicModule, Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { DeviceBatch } from './commands/device-batch';
import type { Platform } from './platform';
import { PLATFORM } from './tokens';

/** The opened platform for every module (`@Inject(PLATFORM)`), the CQRS command bus the capabilities register their handlers on, and the device batch their handlers share. */
@Module({})
export class PlatformModule {
  static register(platform: Platform): DynamicModule {
    return {
      module: PlatformModule,
      global: true,
      imports: [CqrsModule.forRoot()],
      providers: [{ provide: PLATFORM, useValue: platform }, DeviceBatch],
      exports: [PLATFORM, CqrsModule, DeviceBatch],
    };
  }
}
