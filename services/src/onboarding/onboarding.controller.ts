import { Controller, HttpCode, Inject, UploadedFiles, UseInterceptors } from '@nestjs/common';
import { FileFieldsInterceptor } from '@nestjs/platform-express';
import { CommandBus } from '@nestjs/cqrs';
import {
  type CandidateActor,
  CANDIDATE_EDIT_MESSAGES,
  CANDIDATE_MESSAGES,
  type CandidateCommentBody,
  type CandidateEditBody,
  type CandidateIdParams,
  type CustomEmailBody,
  type ExportAnswer,
  type ExportFormat,
  MANUAL_STAGE_MOVE_MESSAGES,
  type ManualStageMoveBody,
  ONBOARDING_MESSAGES,
  type OnboardingSummaryQuery,
  type SendInviteBody,
  onboardingShowsIboMarket,
} from '@portal/contracts';
import { candidateComments, candidateLog, onboardingSummary } from '@portal/projections';
import type { AuthenticatedUser } from '../auth/auth.service';
import { signingSecret } from '../auth/credentials.store';
import { Command, CurrentUser } from '../auth/current-user';
import { ExportStarter } from '../exports/export-starter';
import type { CommandContext } from '../platform/commands/command-context';
import { DomainError } from '../platform/commands/command-errors';
import { type CommandAnswer, ReadYourWrites } from '../platform/http/read-your-writes';
import { RouteBody, RouteParams, RouteQuery, Serves } from '../platform/http/serves';
import type { Platform } from '../platform/platform';
import { PLATFORM } from '../platform/tokens';
import { sha256 } from '../platform/signing/pdf-signing';
import { IMAGE_MAX_BYTES, imageTypeOf } from '../platform/storage/images';
import { UploadStorage } from '../platform/storage/uploads';
import { type CandidateEditFile, EditCandidate } from './edit-candidate.command';
import { candidateFileLinks } from './candidate-documents';
import { CommentOnCandidate } from './comment-candidate.command';
import { DeleteCandidate } from './delete-candidate.command';
import { InviteCandidate } from './invite-candidate.command';
import { onboardingSummaryExport } from './onboarding-exports';
import { refuseFutureDates } from './onboarding-dates';
import { RecordStageMove } from './record-stage-move.command';
import { RemindCandidate } from './remind-candidate.command';
import { ResendInvite } from './resend-invite.command';
import { SendCustomEmail } from './send-custom-email.command';
import { positionOf } from './candidate-stream';

type Exported<Query> = Query & { readonly format: ExportFormat };
const actor = (user: AuthenticatedUser): CandidateActor => ({ kind: 'user', id: user.user_id, name: user.name });
const notFound = () => new DomainError('That candidate was not found.', 404);

/** Send Invite and the Onboarding Summary with its row actions (doc 3 §2, §4, §5, §7 Onboarding). */
@Controller()
export class OnboardingController {
  constructor(
    @Inject(PLATFORM) private readonly platform: Platform,
    private readonly commands: CommandBus,
    private readonly exports: ExportStarter,
  ) {}

  @Serves('POST /api/v1/candidate/send_invite')
  @HttpCode(201)
  @ReadYourWrites('onboarding')
  async sendInvite(@RouteBody() body: SendInviteBody, @CurrentUser() user: AuthenticatedUser, @Command() context: CommandContext): Promise<CommandAnswer<{ message: string; id: string }>> {
    const result = await this.commands.execute(new InviteCandidate(body, user.roles, user.scope, actor(user), context));
    return { position: result.position, body: { message: ONBOARDING_MESSAGES.invited, id: result.id } };
  }

  /** The spec's shape: `data` holds data, total and current_page (doc 3 §7). */
  @Serves('GET /api/v1/onboarding_summary_report')
  async summary(@RouteQuery() query: OnboardingSummaryQuery, @CurrentUser() user: AuthenticatedUser) {
    refuseFutureDates(query);
    const page = await onboardingSummary(this.platform.database.db, user.scope, query);
    const secret = await signingSecret(this.platform.database.db);
    return { data: { ...page, data: page.data.map((row) => candidateFileLinks(row, secret)) } };
  }

  @Serves('GET /api/v1/onboarding_summary_export')
  async summaryExport(@RouteQuery() query: Exported<OnboardingSummaryQuery>, @CurrentUser() user: AuthenticatedUser): Promise<ExportAnswer> {
    refuseFutureDates(query);
    const { format, page: _page, results: _results, ...filters } = query;
    return this.exports.start(onboardingSummaryExport, format, user, { ...filters, with_ibo_market: onboardingShowsIboMarket(user.roles) });
  }

  @Serves('GET /api/v1/candidate/candidate_comments_log/:id')
  async comments(@RouteParams() { id }: CandidateIdParams, @CurrentUser() user: AuthenticatedUser) {
    const comments = await candidateComments(this.platform.database.db, user.scope, id);
    if (!comments) throw notFound();
    return { data: comments };
  }

  @Serves('POST /api/v1/candidate/candidate_comments_log/:id')
  @HttpCode(201)
  @ReadYourWrites('onboarding')
  async addComment(@RouteParams() { id }: CandidateIdParams, @RouteBody() body: CandidateCommentBody, @CurrentUser() user: AuthenticatedUser, @Command() context: CommandContext): Promise<CommandAnswer<{ message: string }>> {
    const result = await this.commands.execute(new CommentOnCandidate(id, body.comments, user.scope, actor(user), context));
    return { position: positionOf(result), body: { message: 'Comment added' } };
  }

  @Serves('GET /api/v1/candidate_onboarding_log/:id')
  async log(@RouteParams() { id }: CandidateIdParams, @CurrentUser() user: AuthenticatedUser) {
    const log = await candidateLog(this.platform.database.db, user.scope, id);
    if (!log) throw notFound();
    return { data: log };
  }

  /** GETs that act (the spec's client calls them so); each records what it did. */
  @Serves('GET /api/v1/candidate/resend_invite/:id')
  @ReadYourWrites('onboarding')
  async resend(@RouteParams() { id }: CandidateIdParams, @CurrentUser() user: AuthenticatedUser, @Command() context: CommandContext): Promise<CommandAnswer<{ message: string }>> {
    const result = await this.commands.execute(new ResendInvite(id, user.scope, actor(user), context));
    return { position: positionOf(result), body: { message: 'Invite resent successfully' } };
  }

  @Serves('GET /api/v1/candidate/send_email_remainders/:id')
  @ReadYourWrites('onboarding')
  async emailReminder(@RouteParams() { id }: CandidateIdParams, @CurrentUser() user: AuthenticatedUser, @Command() context: CommandContext): Promise<CommandAnswer<{ message: string }>> {
    const result = await this.commands.execute(new RemindCandidate(id, 'email', user.scope, actor(user), context));
    return { position: positionOf(result), body: { message: 'Email reminder sent successfully' } };
  }

  @Serves('GET /api/v1/candidate/resent_remainders/:id')
  @ReadYourWrites('onboarding')
  async smsReminder(@RouteParams() { id }: CandidateIdParams, @CurrentUser() user: AuthenticatedUser, @Command() context: CommandContext): Promise<CommandAnswer<{ message: string }>> {
    const result = await this.commands.execute(new RemindCandidate(id, 'sms', user.scope, actor(user), context));
    return { position: positionOf(result), body: { message: 'SMS reminder sent successfully' } };
  }

  @Serves('POST /api/v1/candidate/send_custom_email_to_candidate/:id')
  @HttpCode(200)
  @ReadYourWrites('onboarding')
  async customEmail(@RouteParams() { id }: CandidateIdParams, @RouteBody() body: CustomEmailBody, @CurrentUser() user: AuthenticatedUser, @Command() context: CommandContext): Promise<CommandAnswer<{ message: string }>> {
    const result = await this.commands.execute(new SendCustomEmail(id, body, user.scope, actor(user), context));
    return { position: positionOf(result), body: { message: 'Email sent successfully' } };
  }

  /** A stage move recorded by hand (ours; roles 12 and 1: the route table) while the upstream integration is down. */
  @Serves('POST /api/v1/candidate/move_stage/:id')
  @HttpCode(200)
  @ReadYourWrites('onboarding', 'org')
  async moveStage(@RouteParams() { id }: CandidateIdParams, @RouteBody() body: ManualStageMoveBody, @CurrentUser() user: AuthenticatedUser, @Command() context: CommandContext): Promise<CommandAnswer<{ message: string; user_id: string | null }>> {
    const result = await this.commands.execute(new RecordStageMove(id, body, user.scope, actor(user), context));
    return { position: result.position, body: { message: MANUAL_STAGE_MOVE_MESSAGES.moved(body.status), user_id: result.user_id } };
  }

  /** Edit Candidate (roles 11, 12): each .jpg checked by its bytes before the command, written only if the edit is accepted. */
  @Serves('POST /api/v1/candidate/update_candidate_info/:id')
  @HttpCode(200)
  @ReadYourWrites('onboarding')
  @UseInterceptors(FileFieldsInterceptor([{ name: 'photo_copy', maxCount: 1 }, { name: 'government_document', maxCount: 1 }], { limits: { fileSize: IMAGE_MAX_BYTES, files: 2 } }))
  async edit(
    @RouteParams() { id }: CandidateIdParams,
    @RouteBody() body: CandidateEditBody,
    @UploadedFiles() uploaded: { readonly photo_copy?: { buffer: Buffer }[]; readonly government_document?: { buffer: Buffer }[] } | undefined,
    @CurrentUser() user: AuthenticatedUser,
    @Command() context: CommandContext,
  ): Promise<CommandAnswer<{ message: string }>> {
    const uploads = UploadStorage.underDataDirectory(this.platform.config.dataDirectory);
    const fileOf = (field: 'photo_copy' | 'government_document'): CandidateEditFile | undefined => {
      const bytes = uploaded?.[field]?.[0]?.buffer;
      if (!bytes?.length) return undefined;
      if (imageTypeOf(bytes)?.contentType !== 'image/jpeg') throw new DomainError(CANDIDATE_MESSAGES.jpegOnly, 400, { [field]: CANDIDATE_MESSAGES.jpegOnly });
      const pending = uploads.pending('candidate-images', { bytes, contentType: 'image/jpeg', extension: 'jpg' });
      return { pending, file: { key: pending.key, content_type: 'image/jpeg', size: pending.size, sha256: sha256(bytes) } };
    };
    const files = { photo_copy: fileOf('photo_copy'), government_document: fileOf('government_document') };
    const result = await this.commands.execute(new EditCandidate(id, body, files, user.scope, actor(user), context));
    return { position: positionOf(result), body: { message: CANDIDATE_EDIT_MESSAGES.updated } };
  }

  @Serves('DELETE /api/v1/candidate/onboarding/:id')
  @ReadYourWrites('onboarding')
  async remove(@RouteParams() { id }: CandidateIdParams, @CurrentUser() user: AuthenticatedUser, @Command() context: CommandContext): Promise<CommandAnswer<{ message: string }>> {
    const result = await this.commands.execute(new DeleteCandidate(id, user.scope, actor(user), context));
    return { position: positionOf(result), body: { message: ONBOARDING_MESSAGES.deleted } };
  }
}
