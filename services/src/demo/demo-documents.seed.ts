// The documents and messages demo story (docs/DOCUMENTS.md): compliance documents that some signed
// and others have pending, the unit form in every status, and a manager's message to their agents —
// issued through the documents' and messages' own commands.
import type { Position } from '@portal/contracts';
import { ROLE } from '@portal/contracts';
import { waitForProjections } from '@portal/projections';
import { FillUnitForm, FillUnitFormHandler } from '../documents/fill-unit-form.command';
import { PublishComplianceDocument, PublishComplianceDocumentHandler } from '../documents/publish-compliance-document.command';
import { ReviewUnitForm, ReviewUnitFormHandler } from '../documents/review-unit-form.command';
import { SendUnitForm, SendUnitFormHandler } from '../documents/send-unit-form.command';
import { SignComplianceDocument, SignComplianceDocumentHandler } from '../documents/sign-compliance-document.command';
import { documentAssignmentId } from '../documents/document-files';
import { unitFormIdOf } from '../documents/unit-form-stream';
import { SendManagerMessage, SendManagerMessageHandler } from '../messages/send-manager-message.command';
import { systemContext } from '../platform/commands/command-context';
import { sha256 } from '../platform/signing/pdf-signing';
import type { Platform } from '../platform/platform';
import { UploadStorage } from '../platform/storage/uploads';
import type { DemoOffice } from './demo-business.seed';
import { PAGE_BREAK, trainingPdf } from './demo-help.seed';
import { demoSignaturePng } from './demo-signature';

const CODE_OF_CONDUCT = [
  'Every agent and manager of the retailer reads and signs this code once a year.',
  'Devices are the company\'s until they are sold: keep them in your custody, accept or return each one assigned to you within two working days, and never lend them.',
  'Activate a device only for the customer in front of you, with the customer\'s own documents. Never activate for yourself, a relative or a customer who is not present.',
  'Report a lost or damaged device the same day through Initiate RMA, with a photo when asked.',
  PAGE_BREAK,
  'Customer data stays in the portal and the carrier\'s systems. Do not copy it to paper, messages or personal devices.',
  'Offers, gifts or payments from customers or suppliers are declined and reported to your office manager.',
  'Breaking this code may end your agreement with the retailer. Questions go to your office manager or to support.',
];

const DEVICE_HANDLING = [
  'This policy is for the agents of the Dallas office.',
  'Keep devices in their sealed boxes until the sale; a box opened for a demonstration is returned to the office the same day.',
  'Carry no more than ten devices at a time outside the office, in the office\'s locked case.',
  'At the end of each week, count your devices with your office manager against My Inventory.',
];

const FORM_VALUES = (unit: string, manager: string): Record<string, string | boolean> => ({
  'Legal business name': `${unit} Wireless LLC`,
  'Business address': `100 Main Street\n${unit}`,
  'Tax ID (EIN)': '12-3456789',
  'Contact name': manager,
  'Contact phone': '2145550100',
  'Contact email': 'office@demo.test',
  'Active agents': '10',
  'I confirm the information above is accurate': true,
});

/**
 * Seeds documents and messages after the organisation (the read models must know who is where,
 * so it waits for them between steps): retailer 1's code of conduct for agents and managers (signed
 * by four Dallas agents and the Houston manager, pending for agent@ and office.manager@), the super
 * role's device policy for Dallas agents; the unit form sent to four offices and a market — in
 * progress (Dallas, North Market), completed (Houston), rejected (Tulsa), accepted (Baton Rouge);
 * and the Dallas manager's message to their agents.
 */
export async function seedDemoDocuments(platform: Platform, offices: readonly DemoOffice[], after: Position | undefined): Promise<Position[]> {
  const [dallas, houston, tulsa, batonRouge] = offices;
  if (!dallas || !houston || !tulsa || !batonRouge) return [];
  const context = systemContext();
  const uploads = UploadStorage.underDataDirectory(platform.config.dataDirectory);
  const positions: Position[] = [];
  const settle = async (position: Position | undefined) => {
    if (position && !(await waitForProjections(platform.database, ['org', 'documents', 'messages'], position, 5 * 60_000))) throw new Error('the read models did not catch up while seeding documents');
  };
  await settle(after);
  const retailerScope = { kind: 'retailer' as const, retailerIds: [dallas.retailerId] };
  const retailerManager = { user_id: dallas.retailerManagerId, roles: [ROLE.RETAILER_MANAGER], scope: retailerScope };
  const admin = { user_id: dallas.adminId, roles: [ROLE.SUPER_ADMIN], scope: { kind: 'all' as const } };

  const publish = new PublishComplianceDocumentHandler(platform);
  const publishPdf = async (publisher: typeof admin | typeof retailerManager, name: string, paragraphs: readonly string[], audience: { agents: boolean; managers: boolean; office_ids: string[] }) => {
    const bytes = await trainingPdf(name, paragraphs);
    const file = uploads.pending('compliance-documents', { bytes, contentType: 'application/pdf', extension: 'pdf' });
    const result = await publish.execute(new PublishComplianceDocument({ document_name: name, ...audience, ibo_marketer_ids: [] }, publisher, file, sha256(bytes), context));
    positions.push(result.position);
    return result;
  };
  const conduct = await publishPdf(retailerManager, 'Agent Code of Conduct', CODE_OF_CONDUCT, { agents: true, managers: true, office_ids: [] });
  const handling = await publishPdf(admin, 'Device Handling Policy', DEVICE_HANDLING, { agents: true, managers: false, office_ids: [dallas.id] });
  await settle(handling.position);

  const sign = new SignComplianceDocumentHandler(platform);
  const client = { ip: '203.0.113.10', userAgent: 'Demo seed' };
  const signers = [...dallas.agentIds.slice(2, 6), houston.managerId];
  for (const [index, userId] of signers.entries()) {
    const signed = await sign.execute(new SignComplianceDocument(documentAssignmentId(conduct.id, userId), userId, true, demoSignaturePng(index + 1), undefined, client, context));
    positions.push(signed.position);
  }
  const handlingSigner = dallas.agentIds[2]!;
  positions.push((await sign.execute(new SignComplianceDocument(documentAssignmentId(handling.id, handlingSigner), handlingSigner, true, demoSignaturePng(9), undefined, client, context))).position);

  // The unit form: sent by the retailer manager to four offices and a market.
  const northMarket = await platform.database.db
    .selectFrom('rm.org_offices' as never)
    .select('ibo_marketer_id' as never)
    .where('id' as never, '=', dallas.id as never)
    .executeTakeFirst()
    .then((row) => (row as { ibo_marketer_id: string } | undefined)?.ibo_marketer_id);
  const send = new SendUnitFormHandler(platform);
  positions.push((await send.execute(new SendUnitForm({ type: 'office', ids: [dallas.id, houston.id, tulsa.id, batonRouge.id] }, retailerManager, context))).position);
  if (northMarket) positions.push((await send.execute(new SendUnitForm({ type: 'ibo_marketer', ids: [northMarket] }, retailerManager, context))).position);
  await settle(positions[positions.length - 1]);

  const fill = new FillUnitFormHandler(platform);
  for (const [index, office] of [houston, tulsa, batonRouge].entries()) {
    const filled = await fill.execute(new FillUnitForm(unitFormIdOf(office.id), office.managerId, FORM_VALUES(['Houston', 'Tulsa', 'Baton Rouge'][index]!, 'Olivia'), demoSignaturePng(20 + index), client, context));
    positions.push(filled.position);
  }
  await settle(positions[positions.length - 1]);
  const review = new ReviewUnitFormHandler(platform);
  positions.push((await review.execute(new ReviewUnitForm({ id: tulsa.id, status: 3, reason: 'The Tax ID (EIN) does not match the one on file. Please correct it and sign again.' }, retailerManager, context))).position);
  positions.push((await review.execute(new ReviewUnitForm({ id: batonRouge.id, status: 4, reason: undefined }, retailerManager, context))).position);

  const message = new SendManagerMessageHandler(platform);
  const dallasManager = { user_id: dallas.managerId, scope: { kind: 'office' as const, officeIds: [dallas.id] } };
  positions.push(
    (await message.execute(new SendManagerMessage({ office_id: dallas.id, agent_ids: [], message: 'Team meeting on Monday at 9 AM at the Dallas office. Please bring the devices you hold for the weekly count.' }, dallasManager, context)))
      .position,
  );
  return positions;
}
