import { Controller, Get, Inject, Res } from '@nestjs/common';
import type { Response } from 'express';
import { PLATFORM } from '../tokens';
import type { Platform } from '../platform';
import { type Readiness, readiness } from './readiness';

@Controller('health')
export class HealthController {
  constructor(@Inject(PLATFORM) private readonly platform: Platform) {}

  /** Liveness: the process answers. */
  @Get()
  live(): { status: 'ok' } {
    return { status: 'ok' };
  }

  /** Readiness: the stores answer; projection lag per projection. 503 when not ready. */
  @Get('ready')
  async ready(@Res({ passthrough: true }) response: Response): Promise<Readiness> {
    const answer = await readiness(this.platform);
    if (!answer.ready) response.status(503);
    return answer;
  }
}
