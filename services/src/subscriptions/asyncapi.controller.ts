import { Controller, Get, Inject } from '@nestjs/common';
import type { Platform } from '../platform/platform';
import { PLATFORM } from '../platform/tokens';
import { asyncApiDocument } from './asyncapi-document';

/**
 * The AsyncAPI 3.0 document of the event feed, its stream and webhooks (docs/SUBSCRIPTIONS.md),
 * beside the OpenAPI document and public like it (the access guard lets /api/docs/* through).
 * Built on first use, then kept: the catalog does not change at run time.
 */
@Controller('api/docs')
export class AsyncApiController {
  private document?: Record<string, unknown>;

  constructor(@Inject(PLATFORM) private readonly platform: Platform) {}

  @Get('asyncapi.json')
  json(): Record<string, unknown> {
    const { PUBLIC_URL, PORT } = this.platform.config;
    this.document ??= asyncApiDocument({ serverUrl: PUBLIC_URL ?? `http://localhost:${PORT}` });
    return this.document;
  }
}
