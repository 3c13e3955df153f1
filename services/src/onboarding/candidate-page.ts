import type { CandidateActor } from '@portal/contracts';
import { candidateIdByToken } from '@portal/projections';
import type { Platform } from '../platform/platform';
import { DomainError } from '../platform/commands/command-errors';
import { candidateTokenHash } from './candidate-links';
import { type CandidateState, LINK_NOT_VALID, decideOpenLink } from './candidate.decider';

/** The candidate's page speaks for the candidate: the actor of what they do there. */
export const candidateActor = (state: Pick<CandidateState, 'profile' | 'first_name'>): CandidateActor => ({
  kind: 'candidate',
  id: null,
  name: [state.profile.first_name ?? state.first_name, state.profile.last_name].filter(Boolean).join(' '),
});

/** The candidate a link's token opens (through the read model's index of the latest links); every failure reads the same. */
export async function candidateOfToken(platform: Pick<Platform, 'database'>, token: string | undefined): Promise<{ id: string; tokenHash: string }> {
  if (!token || token.length > 200) throw new DomainError(LINK_NOT_VALID, 404);
  const tokenHash = candidateTokenHash(token);
  const id = await candidateIdByToken(platform.database.db, tokenHash);
  if (!id) throw new DomainError(LINK_NOT_VALID, 404);
  return { id, tokenHash };
}

/** The link must still open the profile (the stream decides: latest link, not expired, not moved on); then the change is decided. */
export const throughLink =
  <T>(tokenHash: string, now: Date, decide: (state: CandidateState) => T) =>
  (state: CandidateState): T | DomainError =>
    decideOpenLink(state, tokenHash, now) ?? decide(state);
