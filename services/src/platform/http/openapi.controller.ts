import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Controller, Get, Req, Res } from '@nestjs/common';
import { apiRoutes } from '@portal/contracts';
import type { Request, Response } from 'express';
import { buildOpenApiDocument, type OpenApiDocument, renderOpenApiHtml } from './openapi';

/** The version of the services package (services/package.json, three folders up from src/ or dist/). */
export function servicesVersion(): string {
  try {
    const manifest: unknown = JSON.parse(readFileSync(join(__dirname, '..', '..', '..', 'package.json'), 'utf8'));
    const version = typeof manifest === 'object' && manifest !== null && 'version' in manifest ? manifest.version : undefined;
    return typeof version === 'string' ? version : '0.0.0';
  } catch {
    return '0.0.0';
  }
}

/**
 * The OpenAPI document of the route table (DESIGN.md §6), without a token (the access guard
 * lets /api/docs through). Built on first use, then kept: the table does not change at run time.
 */
@Controller('api/docs')
export class OpenApiController {
  private document?: OpenApiDocument;
  private html?: string;

  /** JSON, or the HTML listing when the caller prefers text/html (a browser). */
  @Get()
  docs(@Req() request: Request, @Res() response: Response): void {
    response.vary('Accept');
    if (request.accepts(['application/json', 'text/html']) === 'text/html') {
      this.html ??= renderOpenApiHtml(this.openApi());
      response.type('html').send(this.html);
      return;
    }
    response.json(this.openApi());
  }

  @Get('openapi.json')
  json(): OpenApiDocument {
    return this.openApi();
  }

  private openApi(): OpenApiDocument {
    this.document ??= buildOpenApiDocument(apiRoutes, { version: servicesVersion() });
    return this.document;
  }
}
