import { type AddUserBody, type CandidateEvent, type Position, candidateStream } from '@portal/contracts';
import { type Scope, candidateInScope } from '@portal/projections';
import { v7 as uuidv7 } from 'uuid';
import { appendNewUser } from '../admin/add-user.command';
import { placeNewUser } from '../admin/user-admin.decider';
import { loadPlacementFacts } from '../admin/user-placement';
import { mailPasswordLink } from '../auth/password-links';
import { type CommandContext, eventMetadata } from '../platform/commands/command-context';
import { DomainError } from '../platform/commands/command-errors';
import type { Platform } from '../platform/platform';

/** The user a candidate became: who to send the welcome link to. */
export interface NewUser {
  readonly user_id: string;
  readonly email: string;
  readonly first_name: string;
}

/**
 * Appends a move to Onboarded (13) with the user the candidate becomes, in ONE atomic append: the
 * user's stream (Add User's placement: their office, the invited role; the ETC code as their
 * excess_code, the RAD ID as their rad), the manager lists they join, the candidate's decided
 * events and CandidateBecameUser. Whoever moved the candidate (an upstream system, or a person by
 * hand) goes through here, so both make the same user.
 */
export async function appendOnboarding(
  platform: Platform,
  scope: Scope,
  candidateId: string,
  expectedVersion: number,
  decided: readonly CandidateEvent[],
  context: CommandContext,
  given: { readonly rad_id?: string; readonly telgoo_id?: string },
): Promise<{ position: Position; user: NewUser }> {
  const candidate = await candidateInScope(platform.database.db, scope, candidateId);
  if (!candidate) throw new DomainError('That candidate was not found.', 404);
  const userId = uuidv7();
  const userBody: AddUserBody = {
    first_name: candidate.first_name,
    middle_name: candidate.middle_name ?? undefined,
    last_name: candidate.last_name,
    email: candidate.email,
    mobile_number: candidate.mobile_number,
    role_id: [candidate.role_id],
    ibo_marketer_id: candidate.ibo_marketer_id,
    office_id: candidate.office_id,
    rad: given.rad_id ?? candidate.rad_id ?? undefined,
    // The ETC code is the user's excess_code (the Users list's "ETC Code").
    excess_code: given.telgoo_id ?? candidate.telgoo_id ?? undefined,
    dob: candidate.dob ?? undefined,
    address: [candidate.street_address1, candidate.street_address2].filter(Boolean).join(', ') || undefined,
    city: candidate.city ?? undefined,
    state: candidate.state ?? undefined,
    zip: candidate.zip ?? undefined,
  };
  const facts = await loadPlacementFacts(platform, scope, [candidate.role_id], userBody);
  const decision = placeNewUser({ user_id: userId, body: userBody, roles: [candidate.role_id] }, facts);
  if (decision instanceof DomainError) throw new DomainError(`The candidate cannot become a user: ${decision.message}`, 409, decision.fields);
  const metadata = eventMetadata(context);
  const moved: CandidateEvent[] = [...decided, { type: 'CandidateBecameUser', data: { candidate_id: candidateId, user_id: userId } }];
  const position = await appendNewUser(platform, userId, candidate.email, decision, context, [
    { streamId: candidateStream(candidateId), expectedVersion, events: moved.map((event) => ({ ...event, metadata })) },
  ]);
  return { position, user: { user_id: userId, email: candidate.email, first_name: candidate.first_name } };
}

/** The new user chooses a password from the e-mailed link (after the append: a retried command sends one). */
export const welcomeNewUser = (platform: Platform, user: NewUser | undefined) => (user ? mailPasswordLink(platform, user, 'welcome') : Promise.resolve());
