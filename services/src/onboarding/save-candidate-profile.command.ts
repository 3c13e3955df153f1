import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { CandidateFile, CandidateProfile, CandidateProfileBody, CandidateUploadArea, Position } from '@portal/contracts';
import { signingSecret } from '../auth/credentials.store';
import type { CommandContext } from '../platform/commands/command-context';
import type { Platform } from '../platform/platform';
import type { PendingUpload } from '../platform/storage/uploads';
import { PLATFORM } from '../platform/tokens';
import { candidateActor, candidateOfToken, throughLink } from './candidate-page';
import { changeCandidate } from './candidate-stream';
import { type CandidateState, decideSaveProfile, evolveCandidate, missingForCompletion } from './candidate.decider';
import { maskSsn, ssnKey, storeSsn } from './ssn-vault.store';

export interface SaveProfileResult {
  readonly position: Position | null;
  readonly state: CandidateState;
  readonly missing: readonly string[];
}

/**
 * SaveCandidateProfile (the candidate's page): fields, or one upload (.jpg photo copy or
 * government document), through the invite link. The SSN goes to the vault; events carry it masked.
 */
export class SaveCandidateProfile extends Command<SaveProfileResult> {
  constructor(
    readonly token: string | undefined,
    readonly body: CandidateProfileBody,
    readonly upload: { readonly area: CandidateUploadArea; readonly pending: PendingUpload; readonly file: CandidateFile } | undefined,
    readonly context: CommandContext,
  ) {
    super();
  }
}

@CommandHandler(SaveCandidateProfile)
export class SaveCandidateProfileHandler implements ICommandHandler<SaveCandidateProfile> {
  constructor(@Inject(PLATFORM) private readonly platform: Platform) {}

  async execute({ token, body, upload, context }: SaveCandidateProfile): Promise<SaveProfileResult> {
    const { id, tokenHash } = await candidateOfToken(this.platform, token);
    const { ssn, ...fields } = body;
    const profile = Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) as Partial<CandidateProfile>;
    const change = {
      profile,
      ...(upload && { [upload.area]: upload.file }),
      ...(ssn && { masked_ssn_number: maskSsn(ssn) }),
    };
    const outcome = await changeCandidate(this.platform, id, undefined, throughLink(tokenHash, new Date(), (state) => decideSaveProfile(state, change, candidateActor(state))), context, upload?.pending);
    if (ssn) await storeSsn(this.platform.database.db, ssnKey(this.platform.config.SSN_ENCRYPTION_KEY, await signingSecret(this.platform.database.db)), id, ssn);
    const after = outcome.events.reduce(evolveCandidate, outcome.state);
    return { position: outcome.position, state: after, missing: missingForCompletion(after) };
  }
}
