import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  type ComplianceListAnswer,
  DOCUMENT_MESSAGES,
  LIVE_EVENT,
  type ManagerDocumentList,
  type MessageListAnswer,
  type UnitFormPage,
  type VerifyAnswer,
  documentAssignmentStream,
} from '@portal/contracts';
import { sql } from 'kysely';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { io } from 'socket.io-client';
import { demoSignaturePng } from '../../services/src/demo/demo-signature';
import { PostgresEventStore } from '../../services/src/platform/event-store/postgres-event-store';
import { PdfParser } from '../../services/src/platform/testing/pdf-parser';
import { danglingReferences } from '../../services/src/platform/testing/pdf-structure';
import { type SeededService, call, login, startSeededService } from '../support/demo';
import { waitFor } from '../support/processes';

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
/** Whether a program is installed (poppler's tools are optional here). */
const onPath = (program: string) => spawnSync('sh', ['-c', `command -v ${program}`]).status === 0;
const JPEG = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0xff, 0xd9]);

async function twoPagePdf(title: string): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (const text of [`${title}: page one`, `${title}: page two`]) doc.addPage([612, 792]).drawText(text, { x: 60, y: 700, size: 14, font });
  return doc.save();
}

/**
 * Documents and messages over HTTP on the seeded demo business (doc 2 §2, §7; doc 3 §2-§8;
 * docs/DOCUMENTS.md): a compliance document published, signed with its certificate and verified
 * (and a changed copy refused); the unit form sent, filled, rejected, filled again and accepted;
 * the messages each of those leaves; and the scope rules of every call.
 */
describe('documents and messages', () => {
  let seeded: SeededService;
  let baseUrl: string;
  let workingDirectory: string;
  let dataDir: string;
  let parser: PdfParser;
  const tokens: Record<string, string> = {};
  const ids: Record<string, string> = {};
  const as = <T = Record<string, unknown>>(who: string, method: string, route: string, body?: unknown) => call<T>(baseUrl, method, route, { token: tokens[who], body });
  const multipart = async <T = Record<string, unknown>>(who: string | undefined, route: string, fields: Record<string, string | Uint8Array>) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) {
      if (typeof value === 'string') form.set(name, value);
      else form.set(name, new Blob([value]), name === 'file' ? 'upload.pdf' : 'signature.png');
    }
    const response = await fetch(`${baseUrl}${route}`, { method: 'POST', body: form, headers: { accept: 'application/json', 'user-agent': 'DocumentsTest/1.0', ...(who && { authorization: `Bearer ${tokens[who]}` }) } });
    return { status: response.status, body: (await response.json()) as T & { message: string; fields?: Record<string, string> } };
  };
  const bytesOf = async (url: string) => new Uint8Array(await (await fetch(new URL(url, baseUrl))).arrayBuffer());
  const filesIn = (area: string) => fs.readdir(path.join(dataDir, 'files', area)).catch(() => [] as string[]);
  const textOf = async (bytes: Uint8Array) => (await parser.parse(bytes)).map((page) => page.items.join(' '));

  beforeAll(async () => {
    // No DATA_DIR: the service keeps its files in the README's default, `.data` of its working directory.
    workingDirectory = await fs.mkdtemp(path.join(os.tmpdir(), 'documents-e2e-'));
    dataDir = path.join(workingDirectory, '.data');
    seeded = await startSeededService({}, workingDirectory);
    baseUrl = seeded.baseUrl;
    parser = new PdfParser();
    const db = seeded.test.database.db;
    for (const email of ['agent@demo.test', 'new.agent@demo.test', 'agent021@demo.test', 'office.manager@demo.test', 'office.manager5@demo.test', 'office.manager6@demo.test', 'ibo.manager@demo.test', 'ibo.manager2@demo.test', 'retailer.manager@demo.test', 'retailer.manager2@demo.test']) {
      tokens[email] = (await login(baseUrl, email)).body.items!.token;
      ids[email] = (await sql<{ id: string }>`select id from rm.org_users where email = ${email}`.execute(db)).rows[0]!.id;
    }
    for (const name of ['Little Rock Office', 'Albuquerque Office', 'Dallas Office', 'Fresno Office']) {
      ids[name] = (await sql<{ id: string }>`select id from rm.org_offices where name = ${name}`.execute(db)).rows[0]!.id;
    }
  }, 180_000);
  afterAll(async () => {
    await parser?.stop();
    await seeded?.stop();
    await fs.rm(workingDirectory, { recursive: true, force: true });
  });

  it('a compliance document: published to Dallas agents, signed only with the consent and a signature, once, with a certificate whose digests the event keeps; verified, and a changed copy refused', async () => {
    const original = await twoPagePdf('Safety Rules');
    const refused = await multipart('retailer.manager@demo.test', '/api/v1/compliance_documents', { document_name: 'Safety Rules', agents: '0', managers: '0', office_ids: ids['Dallas Office']!, file: original });
    expect(refused).toMatchObject({ status: 400, body: { fields: { agents: DOCUMENT_MESSAGES.audienceRoles } } });
    expect(await multipart('retailer.manager@demo.test', '/api/v1/compliance_documents', { document_name: 'Safety Rules', agents: '1', file: JPEG })).toMatchObject({ status: 400, body: { fields: { file: DOCUMENT_MESSAGES.file } } });
    // Another retailer's office reads as missing to this publisher.
    expect(await multipart('retailer.manager@demo.test', '/api/v1/compliance_documents', { document_name: 'Safety Rules', agents: '1', office_ids: ids['Fresno Office']!, file: original })).toMatchObject({ status: 400, body: { fields: { office_ids: 'No such office' } } });
    expect(await filesIn('compliance-documents')).toHaveLength(2);
    const published = await multipart<{ id: string }>('retailer.manager@demo.test', '/api/v1/compliance_documents', { document_name: 'Safety Rules', agents: '1', managers: '0', office_ids: ids['Dallas Office']!, file: original });
    expect(published).toMatchObject({ status: 201, body: { message: DOCUMENT_MESSAGES.published } });

    const listOf = (who: string) => as<ComplianceListAnswer>(who, 'GET', '/api/v1/manager/get_documents');
    const mine = (await listOf('agent@demo.test')).body.items;
    expect(mine.data.map((row) => [row.document_name, row.status_text])).toEqual([['Safety Rules', 'Pending'], ['Device Handling Policy', 'Pending'], ['Agent Code of Conduct', 'Pending']]);
    // Not for Dallas's manager (agents only), nor for an agent of another office.
    expect((await listOf('office.manager@demo.test')).body.items.data.map((row) => row.document_name)).toEqual(['Agent Code of Conduct']);
    expect((await listOf('agent021@demo.test')).body.items.data.map((row) => row.document_name)).toEqual(['Agent Code of Conduct']);
    const row = mine.data[0]!;
    expect(await bytesOf(row.document_url)).toEqual(original);

    const sign = (who: string, fields: Record<string, string | Uint8Array>) => multipart<{ signed_document_url: string }>(who, '/api/v1/manager/save_document_data', { agent_document_mapping_id: row.id, signed_date: '11-26-2026', ...fields });
    const signedBefore = await filesIn('signed-documents');
    expect(await sign('agent@demo.test', {})).toMatchObject({ status: 400, body: { fields: { consent: DOCUMENT_MESSAGES.consentRequired, signature_image: DOCUMENT_MESSAGES.signatureRequired } } });
    expect(await sign('agent@demo.test', { consent: '1', signature_image: JPEG })).toMatchObject({ status: 400, body: { fields: { signature_image: 'The signature must be a PNG image' } } });
    // Someone else's copy reads as missing.
    expect((await sign('new.agent@demo.test', { consent: '1', signature_image: demoSignaturePng(1) })).status).toBe(404);
    expect(await filesIn('signed-documents')).toEqual(signedBefore);

    const signed = await sign('agent@demo.test', { consent: '1', signature_image: demoSignaturePng(2) });
    expect(signed).toMatchObject({ status: 200, body: { message: DOCUMENT_MESSAGES.signed } });
    expect((await sign('agent@demo.test', { consent: '1', signature_image: demoSignaturePng(2) })).status).toBe(409);
    const after = (await listOf('agent@demo.test')).body.items.data[0]!;
    expect(after).toMatchObject({ id: row.id, status: 2, status_text: 'Completed', created_date: row.created_date, signed_at: expect.any(String), signed_document_url: expect.stringContaining('/api/v1/documents/files/signed/') });

    // The signed copy: the original's two pages plus the certificate; the event's digests are this file's and the original's.
    const signedPdf = await bytesOf(after.signed_document_url!);
    const [event] = await new PostgresEventStore(seeded.test.database).readStream(documentAssignmentStream(row.id));
    const data = event!.data as { file: { sha256: string }; original_sha256: string; signer: { name: string; role_name: string; office_name: string } };
    expect(data.file.sha256).toBe(sha256(signedPdf));
    expect(data.original_sha256).toBe(sha256(original));
    expect(data.signer).toMatchObject({ role_name: 'Agent', office_name: 'Dallas Office' });
    const pages = await textOf(signedPdf);
    expect(pages).toHaveLength(3);
    expect(pages[1]).toContain(`Signed by ${data.signer.name}`);
    expect(pages[2]).toContain('Signature certificate');
    expect(pages[2]).toContain(sha256(original));
    expect(pages[2]).toContain('DocumentsTest/1.0');

    const verify = (who: string, file: Uint8Array) => multipart<VerifyAnswer>(who, '/api/v1/documents/verify', { file });
    const verified = (await verify('retailer.manager@demo.test', signedPdf)).body;
    expect(verified).toMatchObject({ valid: true, sha256: sha256(signedPdf), record: { kind: 'compliance_document', document_name: 'Safety Rules', signer_name: data.signer.name, original_sha256: sha256(original) } });
    // Its words give the time as the spec writes dates (MM-DD-YYYY hh:mm AM, business time), never a raw instant.
    expect(verified.message).toMatch(new RegExp(`^Signed by ${data.signer.name} on \\d{2}-\\d{2}-\\d{4} \\d{2}:\\d{2} [AP]M \\S+; unchanged since it was signed\\.$`));
    const changed = Uint8Array.from(signedPdf);
    changed[400] = changed[400]! ^ 1;
    expect((await verify('retailer.manager@demo.test', changed)).body).toMatchObject({ valid: false });
    // Another retailer's manager learns nothing of it.
    expect((await verify('retailer.manager2@demo.test', signedPdf)).body).toMatchObject({ valid: false });
    expect((await verify('agent@demo.test', signedPdf)).status).toBe(403);

    const publisherList = await as<{ items: { data: { document_name: string; signed: number; audience_size: number }[] } }>('retailer.manager@demo.test', 'GET', '/api/v1/compliance_documents');
    expect(publisherList.body.items.data[0]).toMatchObject({ document_name: 'Safety Rules', signed: 1, audience_size: 11 });
  });

  it('the unit form: sent to two offices, filled by a manager, rejected with a reason, filled again and accepted; each call in scope only', async () => {
    const littleRock = ids['Little Rock Office']!;
    const albuquerque = ids['Albuquerque Office']!;
    expect((await as('ibo.manager@demo.test', 'POST', '/api/v1/senddocument', { type: 'office', ids: [littleRock] })).status).toBe(404);
    expect(await as('retailer.manager@demo.test', 'POST', '/api/v1/senddocument', { type: 'office', ids: [littleRock, ids['Dallas Office']] })).toMatchObject({ status: 409, body: { message: expect.stringContaining('Dallas Office') } });
    expect(await as('retailer.manager@demo.test', 'POST', '/api/v1/senddocument', { type: 'office', ids: [littleRock, albuquerque] })).toMatchObject({ status: 200, body: { message: DOCUMENT_MESSAGES.sent } });
    const offices = await as<{ items: { data: { id: string; form_status: number | null; form_id: string | null }[] } }>('retailer.manager@demo.test', 'GET', '/api/v1/offices?results=100');
    const rowOf = (id: string) => offices.body.items.data.find((office) => office.id === id)!;
    expect(rowOf(littleRock)).toMatchObject({ form_status: 1, form_id: expect.any(String) });
    expect(rowOf(ids['Dallas Office']!).form_status).toBe(1);

    const manager = 'office.manager5@demo.test';
    const listOf = (who: string, userId = ids[who]!) => as<ManagerDocumentList>(who, 'GET', `/api/v1/get_document_list/${userId}`);
    const list = await listOf(manager);
    expect(list.body).toMatchObject({ status: 1, reason: null, items: [{ unit_name: 'Little Rock Office', status_text: 'In Progress', fill_url: expect.stringMatching(/^\/form\//), download: false }] });
    // Someone else's list: 404 for a manager, in scope for the retailer manager, not for another retailer's.
    expect((await listOf('office.manager@demo.test', ids[manager])).status).toBe(404);
    expect((await listOf('retailer.manager@demo.test', ids[manager])).body.items[0]!.fill_url).toBeNull();
    expect((await listOf('retailer.manager2@demo.test', ids[manager])).status).toBe(404);

    const fillUrl = list.body.items[0]!.fill_url!;
    const pageRoute = `/api/v1/forms${fillUrl.slice('/form'.length)}`;
    const page = await call<UnitFormPage>(baseUrl, 'GET', pageRoute);
    expect(page.body).toMatchObject({ unit_name: 'Little Rock Office', can_fill: true, status: 1 });
    expect(page.body.fields.map((field) => field.name)).toContain('Legal business name');
    const broken = `${pageRoute.slice(0, -3)}xyz`;
    expect((await call(baseUrl, 'GET', broken)).status).toBe(404);

    // Multi-line answers as a manager types them (issue 42: the ZIP and the Notes' second line were lost).
    const answers: Record<string, string> = { 'Business address': '100 Main St, Dallas TX 75201', Notes: 'Open Monday to Saturday.\nClosed on public holidays.' };
    const values = Object.fromEntries(page.body.fields.map((field) => [field.name, field.kind === 'checkbox' ? true : (answers[field.name] ?? `${field.name} of Little Rock`)]));
    const fill = (fields: Record<string, string | Uint8Array>) => multipart(undefined, pageRoute, fields);
    const before = await filesIn('unit-forms');
    expect(await fill({ values: JSON.stringify({ ...values, 'Legal business name': '' }) })).toMatchObject({ status: 400, body: { fields: { 'Legal business name': 'Please input Legal business name', signature_image: DOCUMENT_MESSAGES.signatureRequired } } });
    // A prototype name is no field of the form (sent as text: an object literal would not carry it).
    expect(await fill({ values: `{"__proto__":"x",${JSON.stringify(values).slice(1)}`, signature_image: demoSignaturePng(3) })).toMatchObject({ status: 400, body: { fields: { values: 'values is an object of the form\u2019s fields' } } });
    expect(await filesIn('unit-forms')).toEqual(before);
    expect(await fill({ values: JSON.stringify(values), signature_image: demoSignaturePng(3) })).toMatchObject({ status: 200, body: { message: DOCUMENT_MESSAGES.formUpdated } });
    expect((await fill({ values: JSON.stringify(values), signature_image: demoSignaturePng(3) })).status).toBe(409);

    // Review: the choice and a rejection's reason are required; the unit's own manager does not review it.
    const review = (who: string, body: Record<string, unknown>) => as(who, 'POST', '/api/v1/accept_reject', { id: littleRock, ...body });
    expect(await review('retailer.manager@demo.test', {})).toMatchObject({ status: 400, body: { message: 'Please input is accept!' } });
    expect(await review('retailer.manager@demo.test', { status: 3 })).toMatchObject({ status: 400, body: { fields: { reason: 'Enter reason for rejecting' } } });
    expect((await review('retailer.manager2@demo.test', { status: 4 })).status).toBe(404);
    expect(await review('retailer.manager@demo.test', { status: 3, reason: 'Sign page 2 as well' })).toMatchObject({ status: 200, body: { message: DOCUMENT_MESSAGES.formUpdated } });
    const rejected = await listOf(manager);
    expect(rejected.body).toMatchObject({ status: 3, reason: 'Sign page 2 as well', items: [{ status_text: 'Rejected', fill_url: expect.any(String), download: true }] });

    const refill = multipart(undefined, `/api/v1/forms${rejected.body.items[0]!.fill_url!.slice('/form'.length)}`, { values: JSON.stringify(values), signature_image: demoSignaturePng(4) });
    expect((await refill).status).toBe(200);
    expect((await review('retailer.manager@demo.test', { status: 4 })).status).toBe(200);
    const accepted = await listOf(manager);
    expect(accepted.body).toMatchObject({ status: 4, items: [{ status_text: 'Accepted', fill_url: null, download: true }] });

    // The filled copy: the values on the page, the signature certificate after it; verified as a unit form.
    const download = await as<{ url: string }>(manager, 'GET', `/api/v1/get_document/${ids[manager]}`);
    const filled = await bytesOf(download.body.url);
    const text = await textOf(filled);
    expect(text[0]).toContain('Legal business name of Little Rock');
    expect(text[text.length - 1]).toContain('Signature certificate');
    // Each answer inside its own box on the form, at the field's size (10 pt), every line of it; and a file every reader opens cleanly.
    const template = await PDFDocument.load(await bytesOf(page.body.template_url));
    const [formPage] = await parser.parse(filled);
    const inBox = (name: string) => {
      const box = template.getForm().getTextField(name).acroField.getWidgets()[0]!.getRectangle();
      return formPage!.runs.filter((run) => run.x >= box.x && run.x + run.width <= box.x + box.width && run.y >= box.y && run.y + run.height * 0.75 <= box.y + box.height);
    };
    expect(inBox('Business address').map((run) => [run.text, Math.round(run.height)])).toEqual([['100 Main St, Dallas TX 75201', 10]]);
    expect(inBox('Notes').map((run) => [run.text, Math.round(run.height)])).toEqual([['Open Monday to Saturday.', 10], ['Closed on public holidays.', 10]]);
    expect(await danglingReferences(filled)).toEqual([]);
    if (onPath('pdftoppm')) {
      // Where poppler is installed, it reads the file without a complaint too (CI does not install it: the check above is the one that always runs).
      await fs.writeFile(path.join(workingDirectory, 'filled.pdf'), filled);
      const rendered = spawnSync('pdftoppm', ['-r', '20', '-png', path.join(workingDirectory, 'filled.pdf'), path.join(workingDirectory, 'filled')]);
      expect({ status: rendered.status, stderr: rendered.stderr.toString() }).toEqual({ status: 0, stderr: '' });
    }
    expect((await multipart<VerifyAnswer>('retailer.manager@demo.test', '/api/v1/documents/verify', { file: filled })).body).toMatchObject({ valid: true, record: { kind: 'unit_form', office_name: 'Little Rock Office' } });
    // The reviewer's copy through their own id and the form's; another office's manager gets nothing.
    const formId = accepted.body.items[0]!.form_id;
    expect((await as<{ url: string }>('retailer.manager@demo.test', 'GET', `/api/v1/get_document/${ids['retailer.manager@demo.test']}?form_id=${formId}`)).status).toBe(200);
    expect((await as('office.manager@demo.test', 'GET', `/api/v1/get_document/${ids['office.manager@demo.test']}?form_id=${formId}`)).status).toBe(404);
  });

  it('Send Document refuses an inactive office in words, and sends nothing', async () => {
    const db = seeded.test.database.db;
    const south = (await sql<{ id: string }>`select id from rm.org_ibo_markets where name = 'South Market'`.execute(db)).rows[0]!.id;
    const added = await as<{ id: string }>('retailer.manager@demo.test', 'POST', '/api/v1/offices', { state_short_name: 'ok', ibo_marketer_id: south });
    expect(added.status).toBe(200);
    const office = added.body.id;
    expect((await as('retailer.manager@demo.test', 'POST', `/api/v1/offices/action/${office}`, { status: 0 })).status).toBe(200);
    const rowOf = async () => (await as<{ items: { data: { id: string; name: string; status: number; form_status: number | null }[] } }>('retailer.manager@demo.test', 'GET', `/api/v1/offices?office_id=${office}`)).body.items.data[0]!;
    const inactive = await waitFor(rowOf, (row) => row.status === 0, 10_000, 'the office to read as inactive');
    const sent = await as('retailer.manager@demo.test', 'POST', '/api/v1/senddocument', { type: 'office', ids: [office] });
    expect(sent).toMatchObject({ status: 409, body: { message: `${inactive.name} is inactive: activate it before sending a document` } });
    expect((await rowOf()).form_status).toBeNull();
    // Active again, it can be sent one.
    expect((await as('retailer.manager@demo.test', 'POST', `/api/v1/offices/action/${office}`, { status: 1 })).status).toBe(200);
    await waitFor(rowOf, (row) => row.status === 1, 10_000, 'the office to read as active');
    expect(await as('retailer.manager@demo.test', 'POST', '/api/v1/senddocument', { type: 'office', ids: [office] })).toMatchObject({ status: 200, body: { message: DOCUMENT_MESSAGES.sent } });
  });

  it('Verify knows a consent a candidate signed during onboarding: every PDF the portal signs is in the one registry, in scope only', async () => {
    type Candidates = { data: { data: { email: string; candidate_signed_bgc_url: string | null }[] } };
    const candidates = await as<Candidates>('retailer.manager@demo.test', 'GET', '/api/v1/onboarding_summary_report?results=100&keyword=demo.test');
    const nia = candidates.body.data.data.find((row) => row.email === 'nia.onboarded@demo.test')!;
    const consent = await bytesOf(nia.candidate_signed_bgc_url!);
    const verify = (who: string) => multipart<VerifyAnswer>(who, '/api/v1/documents/verify', { file: consent });
    const answer = (await verify('retailer.manager@demo.test')).body;
    expect(answer).toMatchObject({ valid: true, sha256: sha256(consent), record: { kind: 'candidate_consent', document_name: 'Background Check Consent', signer_role: 'Candidate', office_name: 'Dallas Office' } });
    // What it names is what the consent's own certificate says.
    const certificate = (await textOf(consent)).at(-1)!;
    expect(certificate).toContain(`Document ${answer.record!.document_name}`);
    expect(certificate).toContain(answer.record!.signer_name);
    expect((await verify('retailer.manager2@demo.test')).body).toMatchObject({ valid: false });
  });

  it('messages: a manager writes to the agents of their office; the bell counts unread ones until the history is read; a form and its review reach the unit\'s manager', async () => {
    const dallas = ids['Dallas Office']!;
    expect((await as('office.manager@demo.test', 'POST', '/api/v1/messages', { office_id: ids['Little Rock Office'], agent_ids: [], message: 'Hello' })).status).toBe(404);
    expect(await as('office.manager@demo.test', 'POST', '/api/v1/messages', { office_id: dallas, agent_ids: [ids['agent021@demo.test']], message: 'Hello' })).toMatchObject({ status: 400, body: { fields: { agent_ids: 'Choose agents of that office' } } });
    // The bell hears of it live: a `messages` push to the recipient's socket, none to another agent's.
    const sockets = ['new.agent@demo.test', 'agent@demo.test'].map((who) => io(baseUrl, { path: '/socket.io', auth: { token: tokens[who] }, transports: ['websocket'], reconnection: false }));
    const pushed = sockets.map((socket) => {
      let count = 0;
      socket.on(LIVE_EVENT.messages, () => count++);
      return () => count;
    });
    try {
      await Promise.all(sockets.map((socket) => new Promise<void>((resolve, reject) => socket.on('connect', resolve).on('connect_error', reject))));
      expect(await as('office.manager@demo.test', 'POST', '/api/v1/messages', { office_id: dallas, agent_ids: [ids['new.agent@demo.test']], message: 'Please finish your Code of Conduct today.' })).toMatchObject({ status: 201, body: { message: 'Message sent to 1 agent' } });
      await waitFor(async () => pushed[0]!(), (count) => count > 0, 5_000, 'the live messages push');
      expect(pushed[1]!()).toBe(0);
    } finally {
      for (const socket of sockets) socket.close();
    }

    const history = (who: string) => as<MessageListAnswer>(who, 'GET', '/api/v1/manager/transaction_history');
    const unread = (who: string) => as<{ unread: number }>(who, 'GET', '/api/v1/messages/unread');
    const first = await waitFor(() => history('new.agent@demo.test'), (answer) => answer.body.items.data[0]?.kind === 'from_manager', 10_000, 'the manager\'s message');
    expect(first.body.items.data[0]!.message).toBe('Olivia Ortega wrote: Please finish your Code of Conduct today.');
    expect(first.body.items.data.map((row) => row.kind)).toEqual(expect.arrayContaining(['document_to_sign', 'announcement']));
    expect((await unread('new.agent@demo.test')).body.unread).toBe(first.body.unread);
    expect(first.body.unread).toBeGreaterThan(0);
    expect((await as('new.agent@demo.test', 'POST', '/api/v1/messages/read')).status).toBe(200);
    expect((await unread('new.agent@demo.test')).body.unread).toBe(0);
    expect((await history('new.agent@demo.test')).body.items.data.every((row) => row.read)).toBe(true);
    // Nobody else got it.
    expect((await history('agent@demo.test')).body.items.data.some((row) => row.message.includes('Code of Conduct today'))).toBe(false);

    const formMessages = (await history('office.manager5@demo.test')).body.items.data.filter((row) => row.kind.startsWith('form_')).map((row) => row.message);
    expect(formMessages).toEqual(['The Market and Office Compliance Form of Little Rock Office was accepted.', 'The Market and Office Compliance Form was sent to Little Rock Office for you to fill in. Open Documents to fill it.']);
  });
});
