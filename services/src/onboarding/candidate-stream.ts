import { type CandidateEvent, type CandidateRow, type Position, START, candidateStream } from '@portal/contracts';
import { type Scope, candidateInScope } from '@portal/projections';
import { type CommandContext, eventMetadata } from '../platform/commands/command-context';
import { DomainError, withConcurrencyRetry } from '../platform/commands/command-errors';
import type { Platform } from '../platform/platform';
import type { PendingUpload } from '../platform/storage/uploads';
import { type CandidateState, foldCandidate } from './candidate.decider';

/** What a candidate command did: the state it decided on, the events it appended (maybe none), and where. */
export interface CandidateOutcome {
  readonly state: CandidateState;
  readonly events: readonly CandidateEvent[];
  readonly position: Position | null;
  /** The candidate as the scope read it (a manager's command); undefined without a scope. */
  readonly row: CandidateRow | undefined;
}

/**
 * The one way a command changes an existing candidate: (for a manager) the candidate must be in
 * the scope — otherwise it reads as missing —; its stream is folded, the decision taken on that
 * state, and the events appended at the version read (a concurrent change retries the whole).
 */
export function changeCandidate(
  platform: Pick<Platform, 'database' | 'eventStore'>,
  candidateId: string,
  scope: Scope | undefined,
  decide: (state: CandidateState) => readonly CandidateEvent[] | DomainError,
  context: CommandContext,
  /** A file the decision names: written only if it accepts, removed again if the append fails. */
  upload?: PendingUpload,
): Promise<CandidateOutcome> {
  return withConcurrencyRetry(async () => {
    const row = scope ? await candidateInScope(platform.database.db, scope, candidateId) : undefined;
    if (scope && !row) throw new DomainError('That candidate was not found.', 404);
    const streamId = candidateStream(candidateId);
    const history = await platform.eventStore.readStream(streamId);
    const state = foldCandidate(history.map((recorded) => ({ type: recorded.type, data: recorded.data }) as CandidateEvent));
    const decision = decide(state);
    const append = async (events: readonly CandidateEvent[]): Promise<CandidateOutcome> => {
      if (events.length === 0) return { state, events: [], position: null, row };
      const metadata = eventMetadata(context);
      const result = await platform.eventStore.append([{ streamId, expectedVersion: history.length, events: events.map((event) => ({ ...event, metadata })) }]);
      return { state, events, position: result.position, row };
    };
    if (upload) return upload.keepIfAccepted(decision, append);
    if (decision instanceof DomainError) throw decision;
    return append(decision);
  });
}

/** A command that appended nothing has nothing for the read model to catch up with. */
export const positionOf = (result: { readonly position: Position | null }): Position => result.position ?? START;
