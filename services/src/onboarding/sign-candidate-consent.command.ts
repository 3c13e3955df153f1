import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { CandidateConsentDocument, Position } from '@portal/contracts';
import { candidateFileFacts } from '@portal/projections';
import type { CommandContext } from '../platform/commands/command-context';
import { DomainError } from '../platform/commands/command-errors';
import type { Platform } from '../platform/platform';
import { sha256, signPdf } from '../platform/signing/pdf-signing';
import { UploadStorage } from '../platform/storage/uploads';
import { PLATFORM } from '../platform/tokens';
import { CONSENT_DOCUMENTS, renderConsentForm } from './candidate-documents';
import { LINK_NOT_VALID, type CandidateState, decideSignConsent, evolveCandidate, missingForCompletion } from './candidate.decider';
import { candidateActor, candidateOfToken, throughLink } from './candidate-page';
import { changeCandidate } from './candidate-stream';

/**
 * SignCandidateConsent (the candidate's page): the consent form as shown is rendered again, the
 * drawn signature and the consent stamped onto it with a certificate page (the one signing
 * mechanism), the signed PDF kept through the upload mechanism only if the candidate's link still
 * holds, the digests recorded in the event.
 */
export class SignCandidateConsent extends Command<{ readonly position: Position | null; readonly state: CandidateState; readonly missing: readonly string[] }> {
  constructor(
    readonly token: string | undefined,
    readonly document: CandidateConsentDocument,
    readonly signaturePng: Buffer,
    readonly client: { readonly ip: string | null; readonly userAgent: string | null },
    readonly context: CommandContext,
  ) {
    super();
  }
}

@CommandHandler(SignCandidateConsent)
export class SignCandidateConsentHandler implements ICommandHandler<SignCandidateConsent> {
  constructor(@Inject(PLATFORM) private readonly platform: Platform) {}

  async execute({ token, document, signaturePng, client, context }: SignCandidateConsent) {
    const { id, tokenHash } = await candidateOfToken(this.platform, token);
    const facts = await candidateFileFacts(this.platform.database.db, id);
    if (!facts) throw new DomainError(LINK_NOT_VALID, 404);
    const content = CONSENT_DOCUMENTS[document];
    const signedAt = new Date();
    const original = await renderConsentForm(document, facts);
    const signed = await signPdf({
      original,
      signaturePng,
      documentTitle: content.title,
      consentText: content.consentText,
      signerName: `${facts.first_name} ${facts.last_name}`,
      signerEmail: facts.email,
      signedAt,
      ip: client.ip,
      userAgent: client.userAgent,
    });
    const pending = UploadStorage.underDataDirectory(this.platform.config.dataDirectory).pending('candidate-documents', { bytes: Buffer.from(signed.bytes), contentType: 'application/pdf', extension: 'pdf' });
    const record = {
      document,
      file: { key: pending.key, content_type: 'application/pdf', size: pending.size, sha256: signed.signed_sha256 },
      original_sha256: signed.original_sha256,
      consent_text: content.consentText,
      consent_sha256: sha256(content.consentText),
      signed_at: signedAt.toISOString(),
      ip: client.ip,
      user_agent: client.userAgent,
    };
    const outcome = await changeCandidate(this.platform, id, undefined, throughLink(tokenHash, signedAt, (state) => decideSignConsent(state, record, candidateActor(state))), context, pending);
    const after = outcome.events.reduce(evolveCandidate, outcome.state);
    return { position: outcome.position, state: after, missing: missingForCompletion(after) };
  }
}
