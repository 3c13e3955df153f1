import fs from 'node:fs';
import path from 'node:path';
import { Controller, Get, NotFoundException, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';

/** The path as a router that ignored case and decoding would see it. */
function canonicalPath(path: string): string {
  try {
    return decodeURIComponent(path).toLowerCase();
  } catch {
    return path.toLowerCase();
  }
}

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
    // Any spelling of a reserved path (`/API/…`, `/%61pi/…`) is not a console page: it answers 404 like an unknown API path.
    const path = canonicalPath(request.path);
    const reserved = ['/api/', '/api', '/health', '/assets/', '/files/', '/socket.io'].some((prefix) => path === prefix || path.startsWith(prefix.endsWith('/') ? prefix : `${prefix}/`)) || path === '/version.json';
    if (reserved || !fs.existsSync(this.indexHtml)) throw new NotFoundException(`Cannot GET ${request.path}`);
    response.setHeader('cache-control', 'no-cache');
    response.sendFile(this.indexHtml);
  }
}
