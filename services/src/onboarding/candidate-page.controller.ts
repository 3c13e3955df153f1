import { Controller, HttpCode, Inject, Req, Res, UploadedFile, UseInterceptors } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { FileInterceptor } from '@nestjs/platform-express';
import {
  CANDIDATE_CONSENT_DOCUMENTS,
  CANDIDATE_TOKEN_HEADER,
  CANDIDATE_MESSAGES,
  STAGE,
  type CandidateEvent,
  type CandidateFileParams,
  type CandidateProfileBody,
  type CandidateSelfView,
  type CandidateSignBody,
  type CandidateStepAnswer,
  type CandidateUploadBody,
  type ExportDownloadQuery,
  onboardingStatusName,
} from '@portal/contracts';
import { candidateFileFacts, candidateInScope } from '@portal/projections';
import type { Request, Response } from 'express';
import { signingSecret } from '../auth/credentials.store';
import { Command } from '../auth/current-user';
import type { CommandContext } from '../platform/commands/command-context';
import { DomainError } from '../platform/commands/command-errors';
import { type CommandAnswer, ReadYourWrites } from '../platform/http/read-your-writes';
import { RouteBody, RouteParams, RouteQuery, Serves } from '../platform/http/serves';
import { sendStoredFile } from '../platform/http/stored-file';
import type { Platform } from '../platform/platform';
import { signingClientOf } from '../platform/http/signing-client';
import { sha256 } from '../platform/signing/pdf-signing';
import { IMAGE_MAX_BYTES, imageTypeOf } from '../platform/storage/images';
import { UploadStorage } from '../platform/storage/uploads';
import { PLATFORM } from '../platform/tokens';
import { CONSENT_DOCUMENTS, checkCandidateFileSignature, renderConsentForm, signedCandidateFilePath } from './candidate-documents';
import { candidateOfToken } from './candidate-page';
import { positionOf } from './candidate-stream';
import { LINK_NOT_VALID, type CandidateState, decideOpenLink, foldCandidate, missingForCompletion } from './candidate.decider';
import { SaveCandidateProfile } from './save-candidate-profile.command';
import { SignCandidateConsent } from './sign-candidate-consent.command';

type Uploaded = { readonly buffer: Buffer } | undefined;
const tokenOf = (request: Request) => request.header(CANDIDATE_TOKEN_HEADER);
const oneImage = FileInterceptor('file', { limits: { fileSize: IMAGE_MAX_BYTES, files: 1 } });
const oneSignature = FileInterceptor('signature_image', { limits: { fileSize: 2_000_000, files: 1 } });

/** A step's answer; the step that completes the profile says so instead. */
const answerOf = (message: string, state: CandidateState, missing: readonly string[]): CandidateStepAnswer => ({
  message: missing.length === 0 && state.status === STAGE.PROFILE_COMPLETED ? CANDIDATE_MESSAGES.completed : message,
  status: state.status,
  status_name: onboardingStatusName(state.status),
  missing,
});

/**
 * The candidate's own page (public; the invite link's token in the x-candidate-token header is the
 * credential; docs/ONBOARDING.md): read the profile, save it a part at a time, upload the two
 * .jpg files, e-sign the two consents; and every candidate file behind a signed link.
 */
@Controller()
export class CandidatePageController {
  private readonly uploads: UploadStorage;

  constructor(
    @Inject(PLATFORM) private readonly platform: Platform,
    private readonly commands: CommandBus,
  ) {
    this.uploads = UploadStorage.underDataDirectory(platform.config.dataDirectory);
  }

  @Serves('GET /api/v1/candidate_profile')
  async profile(@Req() request: Request): Promise<{ data: CandidateSelfView }> {
    const { id, tokenHash } = await candidateOfToken(this.platform, tokenOf(request));
    const history = await this.platform.eventStore.readStream(`candidate-${id}`);
    const state = foldCandidate(history.map((recorded) => ({ type: recorded.type, data: recorded.data }) as CandidateEvent));
    const refused = decideOpenLink(state, tokenHash, new Date());
    if (refused) throw refused;
    const row = await candidateInScope(this.platform.database.db, { kind: 'all' }, id);
    if (!row) throw new DomainError(LINK_NOT_VALID, 404);
    const secret = await signingSecret(this.platform.database.db);
    return {
      data: {
        first_name: row.first_name,
        middle_name: row.middle_name,
        last_name: row.last_name,
        email: row.email,
        mobile_number: row.mobile_number,
        dob: row.dob,
        rad_id: row.rad_id,
        shirt_size: row.shirt_size,
        street_address1: row.street_address1,
        street_address2: row.street_address2,
        city: row.city,
        state: row.state,
        zip: row.zip,
        masked_ssn_number: row.masked_ssn_number,
        office_name: row.office_name,
        role_name: row.role_name,
        status: state.status,
        status_name: onboardingStatusName(state.status),
        expires_at: state.expires_at,
        has_photo_copy: state.has_photo_copy,
        has_government_document: state.has_government_document,
        missing: missingForCompletion(state),
        documents: CANDIDATE_CONSENT_DOCUMENTS.map((document) => ({
          document,
          title: CONSENT_DOCUMENTS[document].title,
          consent_text: CONSENT_DOCUMENTS[document].consentText,
          form_url: signedCandidateFilePath(secret, id, `${document}_form`),
          signed_url: state.signed.includes(document) ? signedCandidateFilePath(secret, id, document) : null,
        })),
      },
    };
  }

  @Serves('POST /api/v1/candidate_profile')
  @HttpCode(200)
  @ReadYourWrites('onboarding')
  async save(@Req() request: Request, @RouteBody() body: CandidateProfileBody, @Command() context: CommandContext): Promise<CommandAnswer<CandidateStepAnswer>> {
    const result = await this.commands.execute(new SaveCandidateProfile(tokenOf(request), body, undefined, context));
    return { position: positionOf(result), body: answerOf(CANDIDATE_MESSAGES.saved, result.state, result.missing) };
  }

  /** A .jpg/.jpeg by its bytes (doc 3 §9), checked before the command; kept only if the link still holds. */
  @Serves('POST /api/v1/candidate_profile/upload')
  @HttpCode(200)
  @ReadYourWrites('onboarding')
  @UseInterceptors(oneImage)
  async upload(@Req() request: Request, @UploadedFile() file: Uploaded, @RouteBody() body: CandidateUploadBody, @Command() context: CommandContext): Promise<CommandAnswer<CandidateStepAnswer>> {
    if (!file?.buffer.length) throw new DomainError('Please choose a file', 400, { file: 'Please choose a file' });
    if (imageTypeOf(file.buffer)?.contentType !== 'image/jpeg') throw new DomainError(CANDIDATE_MESSAGES.jpegOnly, 400, { file: CANDIDATE_MESSAGES.jpegOnly });
    const pending = this.uploads.pending('candidate-images', { bytes: file.buffer, contentType: 'image/jpeg', extension: 'jpg' });
    const upload = { area: body.area, pending, file: { key: pending.key, content_type: 'image/jpeg', size: pending.size, sha256: sha256(file.buffer) } };
    const result = await this.commands.execute(new SaveCandidateProfile(tokenOf(request), {}, upload, context));
    return { position: positionOf(result), body: answerOf(CANDIDATE_MESSAGES.received, result.state, result.missing) };
  }

  @Serves('POST /api/v1/candidate_profile/sign')
  @HttpCode(200)
  @ReadYourWrites('onboarding')
  @UseInterceptors(oneSignature)
  async sign(@Req() request: Request, @UploadedFile() file: Uploaded, @RouteBody() body: CandidateSignBody, @Command() context: CommandContext): Promise<CommandAnswer<CandidateStepAnswer>> {
    if (!file?.buffer.length || imageTypeOf(file.buffer)?.contentType !== 'image/png') throw new DomainError(CANDIDATE_MESSAGES.signature, 400, { signature_image: CANDIDATE_MESSAGES.signature });
    const client = signingClientOf(request);
    const result = await this.commands.execute(new SignCandidateConsent(tokenOf(request), body.document, file.buffer, client, context));
    return { position: positionOf(result), body: answerOf(CANDIDATE_MESSAGES.signed, result.state, result.missing) };
  }

  /** Public: the signature over (candidate, file) is the credential; a missing file and a bad link's candidate read alike. */
  @Serves('GET /api/v1/candidate_files/:id/:file')
  async file(@RouteParams() { id, file }: CandidateFileParams, @RouteQuery() query: ExportDownloadQuery, @Res() response: Response): Promise<void> {
    const secret = await signingSecret(this.platform.database.db);
    const check = checkCandidateFileSignature(secret, id, file, query.expires, query.signature);
    if (check !== 'valid') throw new DomainError(check === 'expired' ? 'This link has expired. Open it again from its page.' : 'This link is not valid. Open it again from its page.', 403);
    const facts = await candidateFileFacts(this.platform.database.db, id);
    const missing = 'That file is not there.';
    if (!facts) throw new DomainError(missing, 404);
    if (file === 'bgc_consent_form' || file === 'agent_agreement_form') {
      const document = file === 'bgc_consent_form' ? 'bgc_consent' : 'agent_agreement';
      const bytes = await renderConsentForm(document, facts);
      response.setHeader('Content-Type', 'application/pdf');
      response.setHeader('Content-Disposition', `inline; filename="${document}.pdf"`);
      response.end(Buffer.from(bytes));
      return;
    }
    const key = { photo_copy: facts.photo_copy_key, government_document: facts.government_document_key, bgc_consent: facts.signed_bgc_key, agent_agreement: facts.agent_agreement_key }[file];
    if (!key) throw new DomainError(missing, 404);
    const type = key.endsWith('.pdf') ? 'application/pdf' : 'image/jpeg';
    await sendStoredFile(response, this.uploads, key, type, `inline; filename="${file}${key.slice(key.lastIndexOf('.'))}"`, missing);
  }
}
