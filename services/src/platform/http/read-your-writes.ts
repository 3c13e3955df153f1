import { type CallHandler, type ExecutionContext, Inject, Injectable, type NestInterceptor, SetMetadata, UseInterceptors, applyDecorators } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { type Position, formatPosition } from '@portal/contracts';
import { waitForProjections } from '@portal/projections';
import type { Response } from 'express';
import { type Observable, from, mergeMap } from 'rxjs';
import type { Platform } from '../platform';
import { PLATFORM } from '../tokens';

const PROJECTIONS_KEY = 'read-your-writes:projections';

/** What a command handler answers: where its events landed, plus the body for the client. */
export interface CommandAnswer<Body> {
  readonly position: Position;
  readonly body: Body;
}

export function isCommandAnswer(value: unknown): value is CommandAnswer<unknown> {
  return typeof value === 'object' && value !== null && 'position' in value && 'body' in value;
}

/**
 * Read-your-writes for a command route: after the handler answers with a CommandAnswer, the
 * response waits (bounded by READ_YOUR_WRITES_TIMEOUT_MS) until the named projections have
 * applied its position, so the list the client reloads next shows the change. The position is
 * also sent as the `x-position` header; when the wait times out, `x-projections-behind: 1`.
 */
export function ReadYourWrites(...projections: string[]) {
  return applyDecorators(SetMetadata(PROJECTIONS_KEY, projections), UseInterceptors(ReadYourWritesInterceptor));
}

@Injectable()
export class ReadYourWritesInterceptor implements NestInterceptor {
  constructor(
    private readonly reflector: Reflector,
    @Inject(PLATFORM) private readonly platform: Platform,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const projections = this.reflector.get<string[]>(PROJECTIONS_KEY, context.getHandler()) ?? [];
    const response = context.switchToHttp().getResponse<Response>();
    return next.handle().pipe(
      mergeMap((answer) =>
        from(
          (async () => {
            if (!isCommandAnswer(answer)) return answer;
            response.setHeader('x-position', formatPosition(answer.position));
            const reached = await waitForProjections(this.platform.database, projections, answer.position, this.platform.config.READ_YOUR_WRITES_TIMEOUT_MS);
            if (!reached) response.setHeader('x-projections-behind', '1');
            return answer.body;
          })(),
        ),
      ),
    );
  }
}
