import { type CallHandler, type ExecutionContext, Inject, Injectable, type NestInterceptor, SetMetadata, UseInterceptors, applyDecorators } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { type Position, formatPosition } from '@portal/contracts';
import { waitForProjections } from '@portal/projections';
import type { Response } from 'express';
import { type Observable, catchError, from, mergeMap, throwError } from 'rxjs';
import { DomainError } from '../commands/command-errors';
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
 *
 * The other way round too: a command refused as missing (404) or in the wrong state (409) while
 * those projections are behind the store is decided once more after they catch up (within the
 * same bound). Commands read their facts from the read models, so without this a command that
 * follows another's write closely — a manager accepting the cartons an upstream shipment has
 * just delivered — was refused for a fact the read model had not yet applied ("That receive job
 * does not exist"). A refusal changes nothing in the store, so deciding again is safe; a refusal
 * on caught-up read models is answered at once.
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
      catchError((error: unknown) =>
        from(this.caughtUpSinceRefusal(error, projections)).pipe(mergeMap((decideAgain) => (decideAgain ? next.handle() : throwError(() => error)))),
      ),
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

  /** Whether `error` is a refusal that read models behind the store may have caused, and they have now caught up. */
  private async caughtUpSinceRefusal(error: unknown, projections: readonly string[]): Promise<boolean> {
    if (!(error instanceof DomainError) || (error.status !== 404 && error.status !== 409) || projections.length === 0) return false;
    const written = await this.platform.eventStore.lastCommitted();
    const { database, config } = this.platform;
    if (await waitForProjections(database, projections, written, 0)) return false;
    return waitForProjections(database, projections, written, config.READ_YOUR_WRITES_TIMEOUT_MS);
  }
}
