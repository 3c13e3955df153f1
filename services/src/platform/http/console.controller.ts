import fs from 'node:fs';
import path from 'node:path';
import { Controller, Get, NotFoundException, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';

/** Where the built console lives (web/dist), found from this file in services/dist or services/src. */
export const CONSOLE_DIRECTORY = path.resolve(__dirname, '..', '..', '..', '..', 'web', 'dist');

/**
 * The console is a single-page app: every GET that is not an API, health or asset path answers
 * its index.html, and the router in the browser takes over. Registered after every API route.
 */
@Controller()
export class ConsoleController {
  private readonly indexHtml = path.join(CONSOLE_DIRECTORY, 'index.html');

  @Get(['/', '*path'])
  page(@Req() request: Request, @Res() response: Response): void {
    const reserved = ['/api/', '/health', '/assets/', '/files/'].some((prefix) => request.path.startsWith(prefix)) || request.path === '/version.json';
    if (reserved || !fs.existsSync(this.indexHtml)) throw new NotFoundException(`Cannot GET ${request.path}`);
    response.setHeader('cache-control', 'no-cache');
    response.sendFile(this.indexHtml);
  }
}
