import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { CandidateActor, CandidateEditBody, CandidateFile, CandidateProfile, Position } from '@portal/contracts';
import { type Scope, openCandidateHasEmail } from '@portal/projections';
import { findCredentialsByEmail } from '../auth/credentials.store';
import type { CommandContext } from '../platform/commands/command-context';
import type { Platform } from '../platform/platform';
import type { PendingUpload } from '../platform/storage/uploads';
import { PLATFORM } from '../platform/tokens';
import { changeCandidate } from './candidate-stream';
import { decideEditCandidate } from './candidate.decider';

export interface CandidateEditFile {
  readonly pending: PendingUpload;
  readonly file: CandidateFile;
}

/** EditCandidate (doc 3 Edit Candidate): the details and up to two .jpg files; each file written only if the edit is accepted. */
export class EditCandidate extends Command<{ readonly position: Position | null }> {
  constructor(
    readonly candidateId: string,
    readonly body: CandidateEditBody,
    readonly files: { readonly photo_copy?: CandidateEditFile; readonly government_document?: CandidateEditFile },
    readonly scope: Scope,
    readonly by: CandidateActor,
    readonly context: CommandContext,
  ) {
    super();
  }
}

@CommandHandler(EditCandidate)
export class EditCandidateHandler implements ICommandHandler<EditCandidate> {
  constructor(@Inject(PLATFORM) private readonly platform: Platform) {}

  async execute({ candidateId, body, files, scope, by, context }: EditCandidate): Promise<{ position: Position | null }> {
    const db = this.platform.database.db;
    const credentials = await findCredentialsByEmail(db, body.email);
    const emailTaken = credentials ? 'user' : (await openCandidateHasEmail(db, body.email, candidateId)) ? 'candidate' : undefined;
    const profile: Partial<CandidateProfile> = {
      first_name: body.first_name,
      middle_name: body.middle_name ?? null,
      last_name: body.last_name,
      email: body.email.toLowerCase(),
      mobile_number: body.mobile_number,
      dob: body.dob ?? null,
      rad_id: body.rad_id ?? null,
      shirt_size: body.shirt_size,
      street_address1: body.street_address1,
      street_address2: body.street_address2 ?? null,
      city: body.city ?? null,
      state: body.state ?? null,
      zip: body.zip ?? null,
    };
    const change = { profile, ...(files.photo_copy && { photo_copy: files.photo_copy.file }), ...(files.government_document && { government_document: files.government_document.file }) };
    const decide = (state: Parameters<typeof decideEditCandidate>[0]) => decideEditCandidate(state, change, { emailTaken }, by);
    // Two files: the second is kept inside the first's acceptance, so a refusal keeps neither.
    const [first, second] = [files.photo_copy?.pending, files.government_document?.pending].filter((pending): pending is PendingUpload => pending !== undefined);
    const outer = first && second ? combined(first, second) : first;
    return { position: (await changeCandidate(this.platform, candidateId, scope, decide, context, outer)).position };
  }
}

/** Two pending uploads kept as one: both written only on acceptance, both removed if the append fails. */
function combined(first: PendingUpload, second: PendingUpload): PendingUpload {
  return { ...first, keepIfAccepted: (decision, append) => first.keepIfAccepted(decision, (accepted) => second.keepIfAccepted(accepted, append)) };
}
