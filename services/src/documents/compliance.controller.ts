import { Controller, HttpCode, Inject, Req, Res, UploadedFile, UseInterceptors } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { FileInterceptor } from '@nestjs/platform-express';
import {
  type ComplianceDocumentRow,
  type ComplianceListAnswer,
  type ComplianceListQuery,
  DOCUMENT_MESSAGES,
  type DocumentFileParams,
  type ExportDownloadQuery,
  type PublishDocumentBody,
  type PublishedDocumentRow,
  type PublishedListQuery,
  type SaveDocumentBody,
  type VerifyAnswer,
  complianceStatusName,
  COMPLIANCE_STATUS,
} from '@portal/contracts';
import { complianceDocumentFile, complianceDocumentsOf, publishedDocuments, signedCopyFile, signedRecordsWithDigest, unitFormById } from '@portal/projections';
import type { Request, Response } from 'express';
import type { AuthenticatedUser } from '../auth/auth.service';
import { signingSecret } from '../auth/credentials.store';
import { Command, CurrentUser } from '../auth/current-user';
import type { CommandContext } from '../platform/commands/command-context';
import { DomainError } from '../platform/commands/command-errors';
import { type CommandAnswer, ReadYourWrites } from '../platform/http/read-your-writes';
import { RouteBody, RouteParams, RouteQuery, Serves } from '../platform/http/serves';
import { sendStoredFile } from '../platform/http/stored-file';
import type { Platform } from '../platform/platform';
import { signingClientOf } from '../platform/http/signing-client';
import { sha256 } from '../platform/signing/pdf-signing';
import { imageTypeOf } from '../platform/storage/images';
import { UploadStorage } from '../platform/storage/uploads';
import { PLATFORM } from '../platform/tokens';
import { requireGoodLink } from '../help/help-files';
import { COMPLIANCE_DOCUMENT_MAX_BYTES, businessTimeText, checkDocumentFileSignature, documentAssignmentId, pendingPdf, signedDocumentFilePath } from './document-files';
import { PublishComplianceDocument } from './publish-compliance-document.command';
import { SignComplianceDocument } from './sign-compliance-document.command';
import { unitFormTemplate } from './unit-form-template';

type Uploaded = { readonly buffer: Buffer } | undefined;
const oneSignature = FileInterceptor('signature_image', { limits: { fileSize: 2_000_000, files: 1 } });
const onePdf = FileInterceptor('file', { limits: { fileSize: COMPLIANCE_DOCUMENT_MAX_BYTES, files: 1 } });
const fileName = (name: string, suffix = '') => `${name.replace(/[^\w .-]+/g, '').trim() || 'document'}${suffix}.pdf`;

/** Compliance documents (doc 2 §2, §7): the signer's list, signing, publishing, verifying, and the files behind signed links. */
@Controller()
export class ComplianceController {
  private readonly uploads: UploadStorage;

  constructor(
    @Inject(PLATFORM) private readonly platform: Platform,
    private readonly commands: CommandBus,
  ) {
    this.uploads = UploadStorage.underDataDirectory(platform.config.dataDirectory);
  }

  @Serves('GET /api/v1/manager/get_documents')
  async list(@RouteQuery() query: ComplianceListQuery, @CurrentUser() user: AuthenticatedUser): Promise<ComplianceListAnswer> {
    const page = await complianceDocumentsOf(this.platform.database.db, user.user_id, query.page, query.results);
    const secret = await signingSecret(this.platform.database.db);
    const data = page.data.map((row): ComplianceDocumentRow => {
      const status = row.assignment_id ? COMPLIANCE_STATUS.COMPLETED : COMPLIANCE_STATUS.PENDING;
      return {
        id: row.assignment_id ?? documentAssignmentId(row.document_id, user.user_id),
        document_name: row.name,
        status,
        status_text: complianceStatusName(status),
        created_date: row.created_at.toISOString(),
        signed_at: row.signed_at?.toISOString() ?? null,
        document_url: signedDocumentFilePath(secret, 'original', row.document_id),
        signed_document_url: row.assignment_id ? signedDocumentFilePath(secret, 'signed', row.assignment_id) : null,
      };
    });
    return { items: { data, total: page.total, current_page: page.current_page } };
  }

  /** The consent and the signature are required (400 naming both, nothing stored); the signature is checked to be a PNG by its bytes first. */
  @Serves('POST /api/v1/manager/save_document_data')
  @HttpCode(200)
  @ReadYourWrites('documents')
  @UseInterceptors(oneSignature)
  async sign(@Req() request: Request, @UploadedFile() file: Uploaded, @RouteBody() body: SaveDocumentBody, @CurrentUser() user: AuthenticatedUser, @Command() context: CommandContext): Promise<CommandAnswer<{ message: string; signed_document_url: string }>> {
    const png = file?.buffer.length ? file.buffer : undefined;
    if (png && imageTypeOf(png)?.contentType !== 'image/png') throw new DomainError(DOCUMENT_MESSAGES.signatureRequired, 400, { signature_image: 'The signature must be a PNG image' });
    const result = await this.commands.execute(new SignComplianceDocument(body.agent_document_mapping_id, user.user_id, body.consent !== undefined, png, body.signed_date, signingClientOf(request), context));
    const secret = await signingSecret(this.platform.database.db);
    return { position: result.position, body: { message: DOCUMENT_MESSAGES.signed, signed_document_url: signedDocumentFilePath(secret, 'signed', result.assignment_id) } };
  }

  @Serves('POST /api/v1/compliance_documents')
  @HttpCode(201)
  @ReadYourWrites('documents')
  @UseInterceptors(onePdf)
  async publish(@UploadedFile() upload: Uploaded, @RouteBody() body: PublishDocumentBody, @CurrentUser() user: AuthenticatedUser, @Command() context: CommandContext): Promise<CommandAnswer<{ message: string; id: string }>> {
    const file = await pendingPdf(this.uploads, 'compliance-documents', upload?.buffer, DOCUMENT_MESSAGES.file);
    const result = await this.commands.execute(new PublishComplianceDocument(body, { user_id: user.user_id, roles: user.roles, scope: user.scope }, file, sha256(upload!.buffer), context));
    return { position: result.position, body: { message: DOCUMENT_MESSAGES.published, id: result.id } };
  }

  @Serves('GET /api/v1/compliance_documents')
  async published(@RouteQuery() query: PublishedListQuery, @CurrentUser() user: AuthenticatedUser): Promise<{ items: { data: PublishedDocumentRow[]; total: number; current_page: number } }> {
    const page = await publishedDocuments(this.platform.database.db, user.scope, query.page, query.results);
    const secret = await signingSecret(this.platform.database.db);
    const data = page.data.map((row): PublishedDocumentRow => {
      const who = [row.audience_agents && 'Agents', row.audience_managers && 'Managers'].filter(Boolean).join(' and ');
      const places = [...row.ibo_marketer_names, ...row.office_names];
      return {
        id: row.id,
        document_name: row.name,
        audience_text: `${who} of ${places.length > 0 ? places.join(', ') : row.retailer_name ?? 'every retailer'}`,
        audience_size: row.audience_size,
        signed: row.signed,
        retailer_name: row.retailer_name,
        published_by_name: row.published_by_name ?? '—',
        created_at: row.created_at.toISOString(),
        document_url: signedDocumentFilePath(secret, 'original', row.id),
      };
    });
    return { items: { data, total: page.total, current_page: page.current_page } };
  }

  /** Is this file one we signed (a compliance document, a unit form or a candidate's consent), of a person, unit or candidate the caller may see, unaltered since? A file we do not know, or outside the scope, answers alike. */
  @Serves('POST /api/v1/documents/verify')
  @HttpCode(200)
  @UseInterceptors(onePdf)
  async verify(@UploadedFile() upload: Uploaded, @CurrentUser() user: AuthenticatedUser): Promise<VerifyAnswer> {
    if (!upload?.buffer.length) throw new DomainError('Please choose the PDF to check', 400, { file: 'Please choose the PDF to check' });
    const digest = sha256(upload.buffer);
    const [record] = await signedRecordsWithDigest(this.platform.database.db, user.scope, digest);
    if (!record) {
      return { valid: false, sha256: digest, message: 'This file is not a document signed here, or it has been changed since it was signed.' };
    }
    return {
      valid: true,
      sha256: digest,
      // The spec's date format (MM-DD-YYYY hh:mm AM), in business time as the certificate prints it: never a raw instant in words.
      message: `Signed by ${record.signer_name} on ${businessTimeText(record.signed_at)}; unchanged since it was signed.`,
      record: {
        kind: record.kind,
        document_name: record.document_name,
        signer_name: record.signer_name,
        signer_role: record.signer_role,
        office_name: record.office_name,
        signed_at: record.signed_at.toISOString(),
        original_sha256: record.original_sha256,
      },
    };
  }

  /** Public: the signature over (kind, id) is the credential; an unknown id answers as a missing file. */
  @Serves('GET /api/v1/documents/files/:kind/:id')
  async file(@RouteParams() { kind, id }: DocumentFileParams, @RouteQuery() query: ExportDownloadQuery, @Res() response: Response): Promise<void> {
    const db = this.platform.database.db;
    const secret = await signingSecret(db);
    requireGoodLink(checkDocumentFileSignature(secret, kind, id, query.expires, query.signature), 'the documents screen');
    const missing = 'That document is no longer available.';
    if (kind === 'form') {
      response.setHeader('Content-Disposition', `inline; filename="${fileName('form')}"`);
      response.type('application/pdf').send(Buffer.from(await unitFormTemplate()));
      return;
    }
    const found = kind === 'original' ? await complianceDocumentFile(db, id) : kind === 'signed' ? await signedCopyFile(db, id) : await this.filledForm(id);
    if (!found) throw new DomainError(missing, 404);
    await sendStoredFile(response, this.uploads, found.file_key, 'application/pdf', `inline; filename="${fileName(found.name, kind === 'original' ? '' : ` (${kind})`)}"`, missing);
  }

  private async filledForm(formId: string): Promise<{ file_key: string; name: string } | undefined> {
    const form = await unitFormById(this.platform.database.db, formId);
    return form?.file_key ? { file_key: form.file_key, name: `${form.form_name} - ${form.unit_name}` } : undefined;
  }
}
