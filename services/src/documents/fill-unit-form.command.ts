import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Position } from '@portal/contracts';
import { managesUnit, unitFormById } from '@portal/projections';
import type { CommandContext } from '../platform/commands/command-context';
import { DomainError, withConcurrencyRetry } from '../platform/commands/command-errors';
import type { Platform } from '../platform/platform';
import { signPdf } from '../platform/signing/pdf-signing';
import { UploadStorage } from '../platform/storage/uploads';
import { PLATFORM } from '../platform/tokens';
import { businessTimeText } from './document-files';
import { documentSigner } from './document-signer';
import { decideFillForm, refuseFilling } from './unit-form.decider';
import { appendUnitForm, loadUnitForm } from './unit-form-stream';
import { fillUnitForm, unitFormFields, unitFormTemplate } from './unit-form-template';

export const FILL_LINK_NOT_VALID = 'This link is not valid or has expired. Open the form again from Documents.';
const FILL_CONSENT = 'I confirm that the information in this form is accurate and I sign it on behalf of the unit named.';

/**
 * FillUnitForm (the form page /form/{form_id}/{token}, doc 3 §4): the manager the link was made for,
 * still a manager of the unit, fills the fields; refusals are decided first; then the values are
 * written into the template's AcroForm, flattened, signed through the one signing mechanism and kept.
 */
export class FillUnitForm extends Command<{ readonly position: Position }> {
  constructor(
    readonly formId: string,
    readonly userId: string,
    readonly values: Readonly<Record<string, string | boolean>>,
    readonly signaturePng: Buffer | undefined,
    readonly client: { readonly ip: string | null; readonly userAgent: string | null },
    readonly context: CommandContext,
  ) {
    super();
  }
}

@CommandHandler(FillUnitForm)
export class FillUnitFormHandler implements ICommandHandler<FillUnitForm> {
  constructor(@Inject(PLATFORM) private readonly platform: Platform) {}

  execute(command: FillUnitForm): Promise<{ position: Position }> {
    return withConcurrencyRetry(() => this.attempt(command));
  }

  private async attempt({ formId, userId, values, signaturePng, client, context }: FillUnitForm): Promise<{ position: Position }> {
    const db = this.platform.database.db;
    const form = await unitFormById(db, formId);
    // The link's manager must still manage the unit: someone moved away reads the link as dead.
    if (!form || !(await managesUnit(db, userId, form.unit_id))) throw new DomainError(FILL_LINK_NOT_VALID, 404);
    const template = await unitFormTemplate();
    const fields = await unitFormFields(template);
    const loaded = await loadUnitForm(this.platform.eventStore, formId);
    const refusal = refuseFilling(loaded.state, { fields, values, signature: signaturePng !== undefined });
    if (refusal) throw refusal;

    const signer = await documentSigner(db, userId);
    const signedAt = new Date();
    const filled = await fillUnitForm(template, values, signedAt);
    const signed = await signPdf({
      original: filled,
      signaturePng: signaturePng!,
      documentTitle: `${form.form_name}: ${form.unit_name}`,
      consentText: FILL_CONSENT,
      signerName: signer.name,
      signerEmail: signer.email,
      signerRole: signer.role_name,
      signerOffice: form.unit_name,
      businessTime: businessTimeText(signedAt),
      signedAt,
      ip: client.ip,
      userAgent: client.userAgent,
    });
    const pending = UploadStorage.underDataDirectory(this.platform.config.dataDirectory).pending('unit-forms', { bytes: Buffer.from(signed.bytes), contentType: 'application/pdf', extension: 'pdf' });
    const decision = decideFillForm(loaded.state, {
      fields,
      values,
      signature: true,
      filled_by: userId,
      file: { key: pending.key, content_type: 'application/pdf', size: pending.size, sha256: signed.signed_sha256 },
      original_sha256: signed.original_sha256,
      signed_at: signedAt.toISOString(),
      ip: client.ip,
      user_agent: client.userAgent,
    });
    return pending.keepIfAccepted(decision, async (events) => ({ position: await appendUnitForm(this.platform.eventStore, loaded, events, context) }));
  }
}
