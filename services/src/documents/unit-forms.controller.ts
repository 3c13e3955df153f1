import { Controller, HttpCode, Inject, Req, UploadedFile, UseInterceptors } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { FileInterceptor } from '@nestjs/platform-express';
import {
  type AcceptRejectBody,
  DOCUMENT_MESSAGES,
  type DocumentDownloadQuery,
  type DocumentUrlAnswer,
  type DocumentUserParams,
  type FillFormBody,
  type ManagerDocumentItem,
  type ManagerDocumentList,
  ROLE,
  type RoleId,
  type SendDocumentBody,
  type UnitFormPage,
  type UnitFormParams,
  formActions,
  formStatusName,
} from '@portal/contracts';
import { type UnitFormRow, managesUnit, unitFormById, unitFormInScope, unitFormsOfManager, userPlaceInScope } from '@portal/projections';
import type { Request } from 'express';
import type { AuthenticatedUser } from '../auth/auth.service';
import { signingSecret } from '../auth/credentials.store';
import { Command, CurrentUser } from '../auth/current-user';
import type { CommandContext } from '../platform/commands/command-context';
import { DomainError } from '../platform/commands/command-errors';
import { type CommandAnswer, ReadYourWrites } from '../platform/http/read-your-writes';
import { RouteBody, RouteParams, RouteQuery, Serves } from '../platform/http/serves';
import type { Platform } from '../platform/platform';
import { signingClientOf } from '../platform/http/signing-client';
import { imageTypeOf } from '../platform/storage/images';
import { PLATFORM } from '../platform/tokens';
import { fillFormPath, readFillToken, signedDocumentFilePath } from './document-files';
import { documentSigner } from './document-signer';
import { FILL_LINK_NOT_VALID, FillUnitForm } from './fill-unit-form.command';
import { ReviewUnitForm } from './review-unit-form.command';
import { SendUnitForm } from './send-unit-form.command';
import { unitFormFields, unitFormTemplate } from './unit-form-template';

type Uploaded = { readonly buffer: Buffer } | undefined;
const oneSignature = FileInterceptor('signature_image', { limits: { fileSize: 2_000_000, files: 1 } });
const NO_SUCH_USER = 'No such user';
/** Who may read another person's forms (doc 3 §7 get_document_list/{user_id}): the super role and retailer managers, for people in their scope. */
const READERS_OF_OTHERS: readonly RoleId[] = [ROLE.SUPER_ADMIN, ROLE.RETAILER_MANAGER];
/** Who reviews forms (the Accept/Reject modal's roles): they may download any form in their scope. */
const REVIEWERS: readonly RoleId[] = [ROLE.SUPER_ADMIN, ROLE.IBO_MANAGER, ROLE.RETAILER_MANAGER];

/** Forms sent to IBOs/markets and offices for review (doc 3 §2-§8): sending, reviewing, the Manager documents list, downloads and the form page. */
@Controller()
export class UnitFormsController {
  constructor(
    @Inject(PLATFORM) private readonly platform: Platform,
    private readonly commands: CommandBus,
  ) {}

  @Serves('POST /api/v1/senddocument')
  @HttpCode(200)
  @ReadYourWrites('documents')
  async send(@RouteBody() body: SendDocumentBody, @CurrentUser() user: AuthenticatedUser, @Command() context: CommandContext): Promise<CommandAnswer<{ message: string }>> {
    const result = await this.commands.execute(new SendUnitForm(body, { user_id: user.user_id, scope: user.scope }, context));
    return { position: result.position, body: { message: DOCUMENT_MESSAGES.sent } };
  }

  @Serves('POST /api/v1/accept_reject')
  @HttpCode(200)
  @ReadYourWrites('documents')
  async review(@RouteBody() body: AcceptRejectBody, @CurrentUser() user: AuthenticatedUser, @Command() context: CommandContext): Promise<CommandAnswer<{ message: string }>> {
    const result = await this.commands.execute(new ReviewUnitForm(body, { user_id: user.user_id, scope: user.scope }, context));
    return { position: result.position, body: { message: DOCUMENT_MESSAGES.formUpdated } };
  }

  /** The person whose forms are asked for: the caller, or someone in a role 1 or 12 caller's scope; anyone else reads as missing. */
  private async formsOf(user: AuthenticatedUser, userId: string): Promise<UnitFormRow[]> {
    const db = this.platform.database.db;
    if (userId !== user.user_id && !(user.roles.some((role) => READERS_OF_OTHERS.includes(role)) && (await userPlaceInScope(db, user.scope, userId)))) throw new DomainError(NO_SUCH_USER, 404);
    return unitFormsOfManager(db, userId);
  }

  @Serves('GET /api/v1/get_document_list/:user_id')
  async list(@RouteParams() { user_id }: DocumentUserParams, @CurrentUser() user: AuthenticatedUser): Promise<ManagerDocumentList> {
    const forms = await this.formsOf(user, user_id);
    const secret = await signingSecret(this.platform.database.db);
    const items = forms.map((form): ManagerDocumentItem => {
      const actions = formActions(form.status);
      return {
        form_id: form.form_id,
        form_name: form.form_name,
        unit_kind: form.unit_kind,
        unit_name: form.unit_name,
        created_at: form.created_at.toISOString(),
        updated_at: form.updated_at.toISOString(),
        status: form.status,
        status_text: formStatusName(form.status),
        reason: form.reason,
        // Only the one who fills it gets the link (the token names them).
        fill_url: actions.fill && user_id === user.user_id ? fillFormPath(secret, form.form_id, user.user_id) : null,
        download: actions.download && form.file_key !== null,
      };
    });
    const newest = forms[0];
    return { items, status: newest?.status ?? null, reason: newest?.reason ?? null };
  }

  @Serves('GET /api/v1/get_document/:user_id')
  async download(@RouteParams() { user_id }: DocumentUserParams, @RouteQuery() query: DocumentDownloadQuery, @CurrentUser() user: AuthenticatedUser): Promise<DocumentUrlAnswer> {
    const forms = await this.formsOf(user, user_id);
    let form: { form_id: string; file_key: string | null } | undefined = query.form_id ? forms.find((candidate) => candidate.form_id === query.form_id) : forms.find((candidate) => candidate.file_key !== null);
    // A reviewer asking with their own id may download any form of their scope (the Accept/Reject modal's copy).
    if (!form && query.form_id && user_id === user.user_id && user.roles.some((role) => REVIEWERS.includes(role))) form = await unitFormInScope(this.platform.database.db, user.scope, query.form_id);
    if (!form?.file_key) throw new DomainError('There are no documents to download yet.', 404);
    const secret = await signingSecret(this.platform.database.db);
    return { url: signedDocumentFilePath(secret, 'filled', form.form_id) };
  }

  /** The form and the manager its link was made for, while the link holds and they still manage the unit; otherwise one answer for every bad link. */
  private async formOfLink(params: UnitFormParams): Promise<{ form: UnitFormRow; userId: string; secret: Uint8Array }> {
    const db = this.platform.database.db;
    const secret = await signingSecret(db);
    const token = readFillToken(secret, params.form_id, params.token);
    if (typeof token === 'string') throw new DomainError(FILL_LINK_NOT_VALID, 404);
    const form = await unitFormById(db, params.form_id);
    if (!form || !(await managesUnit(db, token.user_id, form.unit_id))) throw new DomainError(FILL_LINK_NOT_VALID, 404);
    return { form, userId: token.user_id, secret };
  }

  @Serves('GET /api/v1/forms/:form_id/:token')
  async page(@RouteParams() params: UnitFormParams): Promise<UnitFormPage> {
    const { form, userId, secret } = await this.formOfLink(params);
    const signer = await documentSigner(this.platform.database.db, userId);
    return {
      form_id: form.form_id,
      form_name: form.form_name,
      unit_kind: form.unit_kind,
      unit_name: form.unit_name,
      status: form.status,
      status_text: formStatusName(form.status),
      reason: form.reason,
      can_fill: formActions(form.status).fill,
      signer_name: signer.name,
      fields: await unitFormFields(await unitFormTemplate()),
      template_url: signedDocumentFilePath(secret, 'form', form.form_id),
    };
  }

  @Serves('POST /api/v1/forms/:form_id/:token')
  @HttpCode(200)
  @ReadYourWrites('documents')
  @UseInterceptors(oneSignature)
  async fill(@Req() request: Request, @RouteParams() params: UnitFormParams, @UploadedFile() file: Uploaded, @RouteBody() body: FillFormBody, @Command() context: CommandContext): Promise<CommandAnswer<{ message: string }>> {
    const png = file?.buffer.length ? file.buffer : undefined;
    if (png && imageTypeOf(png)?.contentType !== 'image/png') throw new DomainError(DOCUMENT_MESSAGES.signatureRequired, 400, { signature_image: 'The signature must be a PNG image' });
    const { userId } = await this.formOfLink(params);
    const client = signingClientOf(request);
    const result = await this.commands.execute(new FillUnitForm(params.form_id, userId, body.values, png, client, context));
    return { position: result.position, body: { message: DOCUMENT_MESSAGES.formUpdated } };
  }
}
