import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { type ComplianceDocumentEvent, DOCUMENT_MESSAGES, type Position, documentAssignmentStream } from '@portal/contracts';
import { complianceDocumentForSigner, complianceDocumentIdsOf } from '@portal/projections';
import type { CommandContext } from '../platform/commands/command-context';
import { eventMetadata } from '../platform/commands/command-context';
import { DomainError, withConcurrencyRetry } from '../platform/commands/command-errors';
import type { Platform } from '../platform/platform';
import { sha256, signPdf } from '../platform/signing/pdf-signing';
import { UploadStorage } from '../platform/storage/uploads';
import { PLATFORM } from '../platform/tokens';
import { type AssignmentState, decideSignDocument, evolveAssignment, initialAssignmentState, refuseSigning } from './document-assignment.decider';
import { businessTimeText, documentAssignmentId } from './document-files';
import { documentSigner } from './document-signer';

/**
 * SignComplianceDocument (Compliance Document, managers and agents): the refusal is decided before
 * anything is rendered; then the signature, the signer's name and the date are stamped onto the very
 * PDF they read, with a certificate page (the one signing mechanism), the signed copy kept through
 * the upload mechanism only if the decision holds, and the digests recorded in `DocumentSigned`.
 */
export class SignComplianceDocument extends Command<{ readonly assignment_id: string; readonly position: Position }> {
  constructor(
    readonly assignmentId: string,
    readonly userId: string,
    readonly consent: boolean,
    /** The drawn signature, already recognised as a PNG by its bytes; undefined when none came. */
    readonly signaturePng: Buffer | undefined,
    /** The date the signer gave (ISO), or undefined: today. */
    readonly signedDate: string | undefined,
    readonly client: { readonly ip: string | null; readonly userAgent: string | null },
    readonly context: CommandContext,
  ) {
    super();
  }
}

@CommandHandler(SignComplianceDocument)
export class SignComplianceDocumentHandler implements ICommandHandler<SignComplianceDocument> {
  constructor(@Inject(PLATFORM) private readonly platform: Platform) {}

  execute(command: SignComplianceDocument): Promise<{ assignment_id: string; position: Position }> {
    return withConcurrencyRetry(() => this.attempt(command));
  }

  private async attempt({ assignmentId, userId, consent, signaturePng, signedDate, client, context }: SignComplianceDocument) {
    const db = this.platform.database.db;
    const documentId = (await complianceDocumentIdsOf(db, userId)).find((id) => documentAssignmentId(id, userId) === assignmentId);
    const document = documentId ? await complianceDocumentForSigner(db, userId, documentId) : undefined;
    const facts = { document: document && { document_id: document.document_id, name: document.name } };
    const streamId = documentAssignmentStream(assignmentId);
    const history = await this.platform.eventStore.readStream(streamId);
    const state: AssignmentState = history.reduce((current, recorded) => evolveAssignment(current, { type: recorded.type, data: recorded.data } as ComplianceDocumentEvent), initialAssignmentState);
    const refusal = refuseSigning(state, facts, { consent, signature: signaturePng !== undefined });
    if (refusal) throw refusal;

    const uploads = UploadStorage.underDataDirectory(this.platform.config.dataDirectory);
    const original = await uploads.read(document!.file_key);
    if (!original) throw new DomainError('This document\u2019s file is missing; please tell your administrator.', 404);
    const signer = await documentSigner(db, userId);
    const signedAt = new Date();
    const signed = await signPdf({
      original,
      signaturePng: signaturePng!,
      documentTitle: document!.name,
      consentText: DOCUMENT_MESSAGES.consent,
      signerName: signer.name,
      signerEmail: signer.email,
      signerRole: signer.role_name,
      signerOffice: signer.office_name,
      businessTime: businessTimeText(signedAt),
      signedAt,
      ip: client.ip,
      userAgent: client.userAgent,
    });
    const pending = uploads.pending('signed-documents', { bytes: Buffer.from(signed.bytes), contentType: 'application/pdf', extension: 'pdf' });
    const decision = decideSignDocument(state, facts, {
      assignment_id: assignmentId,
      signer: { user_id: signer.user_id, name: signer.name, role_name: signer.role_name, office_name: signer.office_name },
      consent,
      signature: true,
      file: { key: pending.key, content_type: 'application/pdf', size: pending.size, sha256: signed.signed_sha256 },
      original_sha256: signed.original_sha256,
      consent_sha256: sha256(DOCUMENT_MESSAGES.consent),
      signed_at: signedAt.toISOString(),
      signed_date: signedDate ?? signedAt.toISOString().slice(0, 10),
      ip: client.ip,
      user_agent: client.userAgent,
    });
    return pending.keepIfAccepted(decision, async (events) => {
      const metadata = eventMetadata(context);
      const result = await this.platform.eventStore.append([{ streamId, expectedVersion: history.length === 0 ? 'no_stream' : history.length, events: events.map((event) => ({ ...event, metadata })) }]);
      return { assignment_id: assignmentId, position: result.position };
    });
  }
}
