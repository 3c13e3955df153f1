import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { type AgentSummaryReportRow, type CandidateComment, type CandidateLogEntry, type OnboardingSummaryItem, onboardingStatuses, onboardingSummaryColumns, onboardingSummaryStages, type CandidateRow, type CandidateSelfView, type CandidateStepAnswer, type Page, ROLE, STAGE, candidateStream } from '@portal/contracts';
import { waitForProjections } from '@portal/projections';
import { sql } from 'kysely';
import { createHash } from 'node:crypto';
import { createApiKey } from '../../services/src/auth/api-keys.store';
import { expireCandidates } from '../../services/src/onboarding/expire-candidates';
import { PostgresEventStore } from '../../services/src/platform/event-store/postgres-event-store';
import { call, downloadExport, login, type SeededService, startSeededService } from '../support/demo';
import { formatExportDate } from '../../services/src/exports/export-definition';
import Papa from 'papaparse';
import { mailTo, mailsTo } from '../support/outbox';
import { waitFor } from '../support/processes';

type Summary = { data: Page<CandidateRow> };

/** A 1x1 PNG (a drawn signature, tiny) and the first bytes of a JPEG (the photo uploads are checked by their bytes). */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8/5+hHgAHggJ/PchI7wAAAABJRU5ErkJggg==', 'base64');
const JPEG = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0xff, 0xd9]);

/**
 * Onboarding over HTTP on the seeded demo business (doc 3 §2, §4, §5, §7 Onboarding;
 * docs/ONBOARDING.md): Send Invite with its rules, the Onboarding Summary in scope, the row
 * actions by status, upstream stage moves to Onboarded — where the candidate becomes an agent who
 * chooses a password and signs in — and expiry with a fixed clock.
 */
describe('onboarding', () => {
  let seeded: SeededService;
  let baseUrl: string;
  let workingDirectory: string;
  let dataDir: string;
  let store: PostgresEventStore;
  let apiKey: string;
  let otherApiKey: string;
  const tokens: Record<string, string> = {};
  const as = <T = Record<string, unknown>>(who: string, method: string, route: string, body?: unknown) => call<T>(baseUrl, method, route, { token: tokens[who], body });
  const dallas = async () => (await sql<{ id: string }>`select id from rm.org_offices where name = 'Dallas Office'`.execute(seeded.test.database.db)).rows[0]!.id;
  const invite = (who: string, change: Record<string, unknown> = {}) => dallas().then((office_id) =>
    as<{ message: string; id: string; fields?: Record<string, string> }>(who, 'POST', '/api/v1/candidate/send_invite', {
      office_id, role_id: ROLE.AGENT, first_name: 'Cara', last_name: 'Candidate', email: 'cara.candidate@example.com', mobile_number: '2145550199', delivery_method: 2, will_add_enrollments: 1, ...change,
    }));
  const stage = (key: string, body: Record<string, unknown>) => call<{ message: string; user_id?: string | null }>(baseUrl, 'POST', '/api/integration/v1/onboarding_stages', { headers: { 'x-api-key': key }, body });
  /** Every candidate link sent so far (e-mails and texts), oldest first. */
  const latestLinks = async () => {
    const texts: { name: string; text: string }[] = [];
    for (const folder of ['outbox', 'sms-outbox']) {
      for (const name of await fs.readdir(path.join(dataDir, folder)).catch(() => [] as string[])) texts.push({ name, text: (await fs.readFile(path.join(dataDir, folder, name), 'utf8')).replace(/=\r?\n/g, '') });
    }
    return texts.sort((a, b) => a.name.localeCompare(b.name)).flatMap(({ text }) => [...text.matchAll(/onboarding-page\?token=([\w-]{40,})/g)].map((match) => match[1]!));
  };
  const summary = (who: string, query = '') => as<Summary>(who, 'GET', `/api/v1/onboarding_summary_report${query}`);

  beforeAll(async () => {
    // No DATA_DIR: the service keeps its files in the README's default, `.data` of its working directory.
    workingDirectory = await fs.mkdtemp(path.join(os.tmpdir(), 'onboarding-e2e-'));
    dataDir = path.join(workingDirectory, '.data');
    seeded = await startSeededService({}, workingDirectory);
    baseUrl = seeded.baseUrl;
    const db = seeded.test.database.db;
    store = new PostgresEventStore(seeded.test.database);
    for (const email of ['office.manager@demo.test', 'office.manager2@demo.test', 'ibo.manager@demo.test', 'retailer.manager@demo.test', 'retailer.manager2@demo.test', 'super@demo.test']) {
      tokens[email] = (await login(baseUrl, email)).body.items!.token;
    }
    const retailerOf = async (name: string) => (await sql<{ id: string }>`select id from rm.org_retailers where name = ${name}`.execute(db)).rows[0]!.id;
    apiKey = (await createApiKey(db, await retailerOf('Bluebonnet Mobile'), 'Background checks')).key;
    otherApiKey = (await createApiKey(db, await retailerOf('Coastline Connect'), 'Coastline checks')).key;
  }, 180_000);
  afterAll(async () => {
    await seeded?.stop();
    await fs.rm(workingDirectory, { recursive: true, force: true });
  });

  it('Send Invite: the spec\'s words for every field, the roles each inviter may offer, only offices that take invites, one open invite per e-mail', async () => {
    const bad = await invite('office.manager@demo.test', { first_name: 'C', last_name: '', email: 'nope', mobile_number: '12345', delivery_method: 7, office_id: '' });
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toEqual({
      office_id: 'Please select office', first_name: 'Please input first name', last_name: 'Please input your last name', email: 'Please input valid email address',
      mobile_number: 'Please input  valid mobile number', delivery_method: 'Please select Delivery Option',
    });
    expect(await invite('office.manager@demo.test', { role_id: ROLE.IBO_MANAGER })).toMatchObject({ status: 400, body: { fields: { role_id: 'Please select role' } } });
    // Another office manager's office reads as none; Little Rock does not take invites (Send Invite: No).
    expect(await invite('office.manager2@demo.test')).toMatchObject({ status: 400, body: { fields: { office_id: 'Please select office' } } });
    const littleRock = (
      await sql<{ id: string; retailer: string }>`
        select o.id, r.name as retailer from rm.org_offices o join rm.org_ibo_markets i on i.id = o.ibo_marketer_id join rm.org_retailers r on r.id = i.retailer_id
        where o.name = 'Little Rock Office'`.execute(seeded.test.database.db)
    ).rows[0]!;
    const itsManager = littleRock.retailer === 'Bluebonnet Mobile' ? 'retailer.manager@demo.test' : 'retailer.manager2@demo.test';
    const littleRockAnswer = await as(itsManager, 'POST', '/api/v1/candidate/send_invite', { office_id: littleRock.id, role_id: 2, first_name: 'Lee', last_name: 'Rock', email: 'lee.rock@example.com', mobile_number: '5015550100', delivery_method: 0 });
    expect(littleRockAnswer).toMatchObject({ status: 409, body: { message: 'That office does not take invites (Send Invite: No)' } });
    expect(await invite('office.manager@demo.test', { email: 'agent@demo.test' })).toMatchObject({ status: 409, body: { fields: { email: 'A user with this e-mail address already exists' } } });

    const sent = await invite('office.manager@demo.test');
    expect(sent).toEqual({ status: 201, body: { message: 'Candidate Invite sent succesfully', id: expect.any(String) } });
    expect(await invite('ibo.manager@demo.test')).toMatchObject({ status: 409, body: { fields: { email: 'This e-mail address already has an open invite' } } });
    // Delivered by both: the e-mail and the SMS carry the one-time link.
    const mail = await mailTo(dataDir, 'cara.candidate@example.com');
    expect(mail).toMatch(/onboarding-page\?token=[\w-]{40,}/);
    const textsToCara = async () => {
      const files = await fs.readdir(path.join(dataDir, 'sms-outbox')).catch(() => [] as string[]);
      const texts = await Promise.all(files.map((file) => fs.readFile(path.join(dataDir, 'sms-outbox', file), 'utf8')));
      return texts.filter((text) => text.startsWith('To: +12145550199'));
    };
    const texts = await waitFor(textsToCara, (found) => found.length > 0, 5_000, 'the invite SMS');
    expect(texts).toHaveLength(1);
    expect(texts[0]).toMatch(/onboarding-page\?token=[\w-]{40,}/);
  });

  it('seeds the demo story: Dallas has a candidate in every stage, RAD Link Failed included, each moved through the commands', async () => {
    const all = (await summary('office.manager@demo.test', '?results=100&keyword=demo.test')).body.data.data;
    expect([...new Set(all.map((row) => row.status))].sort((a, b) => a - b)).toEqual(onboardingStatuses.map((stage) => stage.id));
    expect(all.some((row) => row.status === 23 && row.rad_pii_issue_names.length > 0)).toBe(true);
    const nia = all.find((row) => row.email === 'nia.onboarded@demo.test')!;
    expect(nia).toMatchObject({ status: 13, telgoo_id: 'ETC-55013', masked_ssn_number: expect.stringMatching(/^\*\*\*-\*\*-\d{4}$/), user_id: expect.any(String) });
    expect(nia.candidate_signed_bgc_url).toMatch(/^\/api\/v1\/candidate_files\//);
  });

  it('lists candidates in scope only, filtered and sorted as asked; dates go in pairs and never in the future', async () => {
    const mine = await summary('office.manager@demo.test');
    expect(mine.status).toBe(200);
    const cara = mine.body.data.data.find((row) => row.email === 'cara.candidate@example.com')!;
    expect(cara).toMatchObject({ status: 1, status_name: 'Invite Sent', role_name: 'Agent', onboarding_source_name: 'Manager Invite', office_name: 'Dallas Office', comments_exists: 0, masked_ssn_number: null });
    expect((await summary('office.manager2@demo.test')).body.data.data.map((row) => row.id)).not.toContain(cara.id);
    expect((await as('office.manager2@demo.test', 'GET', `/api/v1/candidate_onboarding_log/${cara.id}`)).status).toBe(404);
    expect((await summary('retailer.manager@demo.test', '?status=1&keyword=cara.cand')).body.data.data.map((row) => row.id)).toEqual([cara.id]);
    expect((await summary('retailer.manager@demo.test', '?status=13&keyword=cara.cand')).body.data.total).toBe(0);
    expect(await summary('retailer.manager@demo.test', '?date_range_start=01-01-2026')).toMatchObject({ status: 400, body: { fields: { date_range_start: 'Please select both created from and to date' } } });
    expect(await summary('retailer.manager@demo.test', '?date_range_start=01-01-2026&date_range_end=01-01-2099')).toMatchObject({ status: 400, body: { fields: { date_range_end: 'Dates cannot be in the future' } } });
  });

  it('offers each row action at its statuses: resend and SMS at 1, no e-mail reminder there; custom e-mails and comments land in the comments; every act in the log', async () => {
    const cara = (await summary('office.manager@demo.test', '?keyword=cara.candidate')).body.data.data[0]!;
    expect(await as('office.manager@demo.test', 'GET', `/api/v1/candidate/resend_invite/${cara.id}`)).toEqual({ status: 200, body: { message: 'Invite resent successfully' } });
    expect(await as('office.manager@demo.test', 'GET', `/api/v1/candidate/send_email_remainders/${cara.id}`)).toMatchObject({ status: 409, body: { message: 'Email Reminder is not offered at Invite Sent' } });
    expect(await as('office.manager@demo.test', 'GET', `/api/v1/candidate/resent_remainders/${cara.id}`)).toEqual({ status: 200, body: { message: 'SMS reminder sent successfully' } });
    expect(await as('office.manager@demo.test', 'POST', `/api/v1/candidate/send_custom_email_to_candidate/${cara.id}`, { onboarding_status: '', email_text: '' })).toMatchObject({
      status: 400, body: { fields: { onboarding_status: 'Please select email type', email_text: 'Please input email content' } },
    });
    // Only a type that fits her stage: at Invite Sent, not a background check e-mail (its subject would name a stage she is not at).
    expect(await as('office.manager@demo.test', 'POST', `/api/v1/candidate/send_custom_email_to_candidate/${cara.id}`, { onboarding_status: STAGE.BGC_PENDING, email_text: 'Your check is pending.' })).toMatchObject({
      status: 409, body: { message: 'An e-mail about BGC Pending does not fit a candidate at Invite Sent: choose Invite Sent', fields: { onboarding_status: expect.any(String) } },
    });
    expect(await as('office.manager@demo.test', 'POST', `/api/v1/candidate/send_custom_email_to_candidate/${cara.id}`, { onboarding_status: 1, email_text: 'Please fill in your profile this week.' })).toEqual({ status: 200, body: { message: 'Email sent successfully' } });
    expect(await as('office.manager@demo.test', 'POST', `/api/v1/candidate/candidate_comments_log/${cara.id}`, { comments: 'Called her: she will finish tonight.' })).toEqual({ status: 201, body: { message: 'Comment added' } });
    const comments = await as<{ data: CandidateComment[] }>('office.manager@demo.test', 'GET', `/api/v1/candidate/candidate_comments_log/${cara.id}`);
    expect(comments.body.data.map((comment) => comment.comments)).toEqual(['SMS reminder sent', 'Custom e-mail (Invite Sent): Please fill in your profile this week.', 'Called her: she will finish tonight.']);
    expect(comments.body.data.every((comment) => comment.commented_by_name === 'Olivia Ortega')).toBe(true);
    const log = await as<{ data: CandidateLogEntry[] }>('office.manager@demo.test', 'GET', `/api/v1/candidate_onboarding_log/${cara.id}`);
    expect(log.body.data.map((entry) => entry.description)).toEqual([
      'Invite sent to cara.candidate@example.com by Olivia Ortega (Both)',
      'Invite resent by Olivia Ortega',
      'A new link was sent with the SMS reminder',
      'SMS reminder sent by Olivia Ortega',
      'Custom e-mail (Invite Sent) sent by Olivia Ortega',
      'Comment by Olivia Ortega',
    ]);
    // The custom e-mail and the SMS reminder (with its fresh link) reached the outboxes.
    const mails = await waitFor(() => mailsTo(dataDir, 'cara.candidate@example.com'), (all) => all.some((text) => text.includes('Please fill in your profile this week.')), 10_000, 'the custom e-mail');
    expect(mails.find((text) => text.includes('Please fill in your profile this week.'))).toContain('Subject: Your onboarding: Invite Sent');
    const texts = await fs.readdir(path.join(dataDir, 'sms-outbox'));
    const toCara = await Promise.all(texts.map((file) => fs.readFile(path.join(dataDir, 'sms-outbox', file), 'utf8')));
    expect(toCara.filter((text) => text.startsWith('To: +12145550199') && text.includes('Onboarding reminder'))).toHaveLength(1);
  });

  it('moves a candidate through the upstream stages the table allows, refusing the others in words, and onboards her as an agent who signs in', async () => {
    const cara = (await summary('office.manager@demo.test', '?keyword=cara.candidate')).body.data.data[0]!;
    expect(await stage(apiKey, { candidate_id: cara.id, status: STAGE.TRAINING_AND_BGC_PENDING })).toMatchObject({ status: 409, body: { message: 'A candidate at Invite Sent cannot move to Training & BGC Pending (from Profile Completed, Profile Updated only)' } });
    // Her own page, through the LATEST link (the resend and the SMS reminder replaced the first one).
    const links = await latestLinks();
    const [first, latest] = [links[0]!, links.at(-1)!];
    const page = (token: string, method = 'GET', route = '/api/v1/candidate_profile', body?: unknown) => call<{ data: CandidateSelfView } & CandidateStepAnswer & { fields?: Record<string, string> }>(baseUrl, method, route, { headers: { 'x-candidate-token': token }, body });
    expect(await page(first)).toMatchObject({ status: 404, body: { message: 'This link is no longer valid. Ask your office to send you a new invite.' } });
    const opened = await page(latest);
    expect(opened.status).toBe(200);
    expect(opened.body.data).toMatchObject({ first_name: 'Cara', office_name: 'Dallas Office', status: 1, has_photo_copy: false, missing: expect.arrayContaining(['date of birth', 'SSN', 'photo copy', 'background check consent signature']) });
    expect(await page(latest, 'POST', '/api/v1/candidate_profile', { dob: '01-01-2015', rad_id: 'RAD-1', shirt_size: 'XXXXL' })).toMatchObject({
      status: 400, body: { fields: { dob: 'You must be at least 18 years old', rad_id: 'Please enter a valid RAD ID', shirt_size: 'Please select shirt size' } },
    });
    const saved = await page(latest, 'POST', '/api/v1/candidate_profile', { dob: '04-12-1994', rad_id: 'RAD12345', shirt_size: 'M', street_address1: '100 Main St', city: 'Dallas', state: 'tx', zip: '75201', ssn: '123-45-6789' });
    expect(saved).toMatchObject({ status: 200, body: { message: 'Profile saved', status: 2, status_name: 'Profile In Progress', missing: ['photo copy', 'government document', 'background check consent signature', 'retailer agent agreement signature'] } });
    const upload = async (area: string, bytes: Uint8Array, name: string) => {
      const form = new FormData();
      form.set('area', area);
      form.set('file', new Blob([bytes]), name);
      const response = await fetch(`${baseUrl}/api/v1/candidate_profile/upload`, { method: 'POST', body: form, headers: { 'x-candidate-token': latest } });
      return { status: response.status, body: (await response.json()) as CandidateStepAnswer & { fields?: Record<string, string> } };
    };
    const imagesBefore = await fs.readdir(path.join(dataDir, 'files', 'candidate-images')).catch(() => [] as string[]);
    expect(await upload('photo_copy', PNG, 'me.jpg')).toMatchObject({ status: 400, body: { fields: { file: 'Only .jpg or .jpeg files can be uploaded' } } });
    expect(await fs.readdir(path.join(dataDir, 'files', 'candidate-images')).catch(() => [] as string[])).toEqual(imagesBefore);
    for (const area of ['photo_copy', 'government_document']) expect((await upload(area, JPEG, `${area}.jpg`)).status).toBe(200);
    const sign = async (document: string, consent: string | undefined, signature: Uint8Array) => {
      const form = new FormData();
      form.set('document', document);
      if (consent !== undefined) form.set('consent', consent);
      form.set('signature_image', new Blob([signature]), 'signature.png');
      const response = await fetch(`${baseUrl}/api/v1/candidate_profile/sign`, { method: 'POST', body: form, headers: { 'x-candidate-token': latest, 'user-agent': 'CandidatePhone/1.0' } });
      return { status: response.status, body: (await response.json()) as CandidateStepAnswer & { fields?: Record<string, string> } };
    };
    expect(await sign('bgc_consent', undefined, PNG)).toMatchObject({ status: 400, body: { fields: { consent: 'Please tick that you have read and understood the terms and conditions' } } });
    expect(await sign('bgc_consent', '1', JPEG)).toMatchObject({ status: 400, body: { fields: { signature_image: 'Please draw your signature' } } });
    expect(await sign('bgc_consent', '1', PNG)).toMatchObject({ status: 200, body: { message: 'Document signed', status: 2 } });
    expect(await sign('agent_agreement', '1', PNG)).toMatchObject({ status: 200, body: { message: 'Profile completed: your office will take it from here', status: 3, status_name: 'Profile Completed', missing: [] } });

    // The signing record: the signed file's and the original's digests check out against what is served; no SSN anywhere in the log.
    const signedEvent = (await store.readStream(candidateStream(cara.id))).find((event) => event.type === 'CandidateDocumentSigned' && (event.data as { document: string }).document === 'bgc_consent')!.data as {
      file: { sha256: string }; original_sha256: string; ip: string | null; user_agent: string | null;
    };
    const row = (await summary('office.manager@demo.test', '?keyword=cara.candidate')).body.data.data[0]!;
    expect(row).toMatchObject({ status: 3, masked_ssn_number: '***-**-6789', dob: '1994-04-12', shirt_size: 'M', state: 'TX' });
    const signedPdf = Buffer.from(await (await fetch(`${baseUrl}${row.candidate_signed_bgc_url}`)).arrayBuffer());
    expect(createHash('sha256').update(signedPdf).digest('hex')).toBe(signedEvent.file.sha256);
    const form = (await page(latest)).body.data.documents.find((document) => document.document === 'bgc_consent')!;
    const shown = Buffer.from(await (await fetch(`${baseUrl}${form.form_url}`)).arrayBuffer());
    expect(createHash('sha256').update(shown).digest('hex')).toBe(signedEvent.original_sha256);
    expect(signedEvent.user_agent).toBe('CandidatePhone/1.0');
    expect((await fetch(`${baseUrl}${row.photo_copy_url}`)).headers.get('content-type')).toBe('image/jpeg');
    const leaked = await sql<{ n: number }>`select count(*)::int as n from es_events where data::text like '%123456789%' or data::text like '%123-45-6789%'`.execute(seeded.test.database.db);
    expect(leaked.rows[0]!.n).toBe(0);
    // The log names the parts saved; a completed profile's invite no longer expires; no custom e-mail type fits Profile Completed.
    const profileLog = (await as<{ data: CandidateLogEntry[] }>('office.manager@demo.test', 'GET', `/api/v1/candidate_onboarding_log/${cara.id}`)).body.data.map((entry) => entry.description);
    expect(profileLog).toContain('Profile saved by the candidate (personal details, address, SSN)');
    expect(profileLog).toContain('Profile saved by the candidate (photo copy)');
    expect(profileLog.filter((entry) => entry.includes('(details)'))).toEqual([]);
    expect(row.invite_expires_at).toBeNull();
    expect(await as('office.manager@demo.test', 'POST', `/api/v1/candidate/send_custom_email_to_candidate/${cara.id}`, { onboarding_status: 1, email_text: 'x' })).toMatchObject({
      status: 409, body: { message: 'No e-mail type fits a candidate at Profile Completed: nothing is asked of them at this stage.' },
    });
    // A later edit: Profile Updated (25).
    expect(await page(latest, 'POST', '/api/v1/candidate_profile', { street_address2: 'Apt 4' })).toMatchObject({ status: 200, body: { status: 25, status_name: 'Profile Updated' } });
    expect(await stage(otherApiKey, { candidate_id: cara.id, status: STAGE.TRAINING_AND_BGC_PENDING })).toMatchObject({ status: 404 });
    // Her link stops opening the profile once the back office moves her on.
    for (const status of [STAGE.TRAINING_AND_BGC_PENDING, STAGE.BGC_PENDING]) expect((await stage(apiKey, { candidate_id: cara.id, status })).status).toBe(200);
    expect((await page(latest)).status).toBe(404);
    expect(await stage(apiKey, { candidate_id: cara.id, status: STAGE.LINK_RAD_ID, rad_pii_issue_ids: [1, 3], note: 'Name and SSN did not match', courses: { course_one: 'Passed' } })).toEqual({ status: 200, body: { message: 'Candidate moved to Link RAD ID', user_id: null } });
    const failed = (await summary('office.manager@demo.test', '?redirect_key=rad_link_failed')).body.data.data;
    expect(failed.filter((row) => row.id === cara.id).map((row) => [row.rad_pii_issue_names.map((issue) => issue.name), row.course_one])).toEqual([[['Name Mismatch', 'SSN Mismatch'], 'Passed']]);
    expect(failed.every((row) => row.status === 23 && row.rad_pii_issue_names.length > 0)).toBe(true);
    expect(await stage(apiKey, { candidate_id: cara.id, status: STAGE.TELGOO_ID, rad_id: 'RAD12345' })).toMatchObject({ status: 200 });
    expect(await stage(apiKey, { candidate_id: cara.id, status: STAGE.ONBOARDED })).toMatchObject({ status: 400, body: { fields: { telgoo_id: 'telgoo_id (the ETC code) is required to onboard' } } });
    const onboarded = await stage(apiKey, { candidate_id: cara.id, status: STAGE.ONBOARDED, telgoo_id: 'ETC-4242' });
    expect(onboarded).toEqual({ status: 200, body: { message: 'Candidate moved to Onboarded', user_id: expect.any(String) } });
    expect((await page(latest)).status).toBe(404);
    expect(await stage(apiKey, { candidate_id: cara.id, status: STAGE.REJECTED })).toMatchObject({ status: 409, body: { message: expect.stringContaining('Onboarded is final') } });

    // She is an agent of Dallas now: in the summary at 13 with her user, in the Users list with her ETC code, and she chooses her password.
    const onboardedRow = (await summary('office.manager@demo.test', '?keyword=cara.candidate')).body.data.data[0]!;
    expect(onboardedRow).toMatchObject({ status: 13, status_name: 'Onboarded', telgoo_id: 'ETC-4242', rad_id: 'RAD12345', user_id: onboarded.body.user_id });
    const users = await as<{ items: { data: { id: string; excess_code: string | null; rad: string | null; office_number: string }[] } }>('ibo.manager@demo.test', 'GET', '/api/v1/users?search_text=cara.candidate');
    expect(users.body.items.data).toMatchObject([{ id: onboarded.body.user_id, excess_code: 'ETC-4242', rad: 'RAD12345', office_number: 'OF001' }]);
    const mails = await waitFor(() => mailsTo(dataDir, 'cara.candidate@example.com'), (all) => all.some((text) => /page-reset-password\?token=/.test(text)), 10_000, 'the welcome mail');
    const token = /page-reset-password\?token=([\w-]+)/.exec(mails.find((text) => /page-reset-password/.test(text))!)![1];
    expect((await call(baseUrl, 'POST', '/api/reset_password', { body: { token, password: 'Cara-chose-1' } })).status).toBe(200);
    const signedIn = await login(baseUrl, 'cara.candidate@example.com', 'Cara-chose-1');
    expect(signedIn.body.items?.role_id).toEqual([ROLE.AGENT]);
    const dashboard = await call<{ data: Record<string, number> }>(baseUrl, 'GET', '/api/v1/agent/agentdashboard', { token: signedIn.body.items!.token });
    expect(dashboard.status).toBe(200);
  });

  it("the Agent Summary and the dashboard: the onboarded agent with the candidate's comments, each pie slice and each list entry equal to the report it opens", async () => {
    const cara = (await as<{ items: Page<AgentSummaryReportRow> }>('office.manager@demo.test', 'GET', '/api/v1/agent_summary_report?keyword=cara.candidate')).body.items.data[0]!;
    expect(cara).toMatchObject({ first_name: 'Cara', excess_code: 'ETC-4242', office_number: 'OF001', status: 1, status_text: 'Active', comments_exists: 1, last_activation_date: null });
    // Nothing lost on the way to an agent: her files by signed links, her comments.
    expect(cara.candidate_id).toEqual(expect.any(String));
    expect((await fetch(`${baseUrl}${cara.retailer_agent_agreement_url}`)).headers.get('content-type')).toBe('application/pdf');
    expect((await fetch(`${baseUrl}${cara.photo_copy_url}`)).status).toBe(200);
    const comments = await as<{ data: CandidateComment[] }>('office.manager@demo.test', 'GET', `/api/v1/agent_comments_log/${cara.id}`);
    expect(comments.body.data.map((comment) => comment.comments)).toContain('Called her: she will finish tonight.');
    expect((await as('office.manager2@demo.test', 'GET', `/api/v1/agent_comments_log/${cara.id}`)).status).toBe(404);
    expect((await as<{ items: Page<AgentSummaryReportRow> }>('office.manager@demo.test', 'GET', '/api/v1/agent_summary_report?telgoo_status=1&keyword=cara.candidate')).body.items.total).toBe(1);
    expect((await as<{ items: Page<AgentSummaryReportRow> }>('office.manager@demo.test', 'GET', '/api/v1/agent_summary_report?telgoo_status=0&keyword=cara.candidate')).body.items.total).toBe(0);

    const pie = await as<{ items: { agent_label: string[]; agent_value: number[]; agent_key: string[] } }>('retailer.manager@demo.test', 'GET', '/api/v1/agent_summary_count');
    expect(pie.body.items.agent_label).toEqual(['Dynamic Agent', 'Passive Agent', 'Dormant Agent', 'Onboarded']);
    for (const [index, key] of pie.body.items.agent_key.entries()) {
      const report = await as<{ items: Page<AgentSummaryReportRow> }>('retailer.manager@demo.test', 'GET', `/api/v1/agent_summary_report?redirect_key=${key}`);
      expect({ key, total: report.body.items.total }).toEqual({ key, total: pie.body.items.agent_value[index] });
    }
    expect(pie.body.items.agent_value[3]).toBeGreaterThanOrEqual(1);

    const list = await as<{ items: { onboarding_summary: OnboardingSummaryItem[] } }>('office.manager@demo.test', 'GET', '/api/v1/agent_onboarding_summary_dashboard');
    expect(list.body.items.onboarding_summary.map((item) => item.name)).toEqual([...onboardingSummaryStages.map((stage) => stage.name)]);
    const donut = await as<{ items: { onboarding_summary: OnboardingSummaryItem[]; total: number } }>('office.manager@demo.test', 'GET', '/api/v1/expired_candidates_summary');
    expect(donut.body.items.total).toBe(donut.body.items.onboarding_summary.reduce((sum, item) => sum + item.value, 0));
    expect(donut.body.items.onboarding_summary.map((item) => item.name)).toEqual(['Expired', 'Onboarded', 'In Progress', 'Denied or Rejected']);
    // BGC Denied and Rejected are ends, not In Progress (the demo has one of each in Dallas).
    const inProgress = donut.body.items.onboarding_summary.find((item) => item.name === 'In Progress')!;
    const listed = (await summary('office.manager@demo.test', `?${inProgress.query}&results=100`)).body.data.data;
    expect(listed.filter((row) => ([STAGE.BGC_DENIED, STAGE.REJECTED, STAGE.ONBOARDED, STAGE.EXPIRED] as number[]).includes(row.status)).map((row) => row.status_name)).toEqual([]);
    expect(donut.body.items.onboarding_summary.find((item) => item.name === 'Denied or Rejected')!.value).toBeGreaterThanOrEqual(2);
    for (const item of [...list.body.items.onboarding_summary, ...donut.body.items.onboarding_summary].filter((entry) => entry.query)) {
      const report = await summary('office.manager@demo.test', `?${item.query}`);
      expect({ name: item.name, total: report.body.data.total }).toEqual({ name: item.name, total: item.value });
    }
  });

  it('Edit Candidate (roles 11, 12): the spec\'s words, .jpg files only, nothing kept for a refusal; the row shows the edit', async () => {
    const eve = await invite('office.manager@demo.test', { first_name: 'Eve', last_name: 'Edit', email: 'eve.edit@example.com', mobile_number: '2145550155', delivery_method: 0 });
    const edit = async (who: string, fields: Record<string, string>, files: Record<string, Uint8Array> = {}) => {
      const form = new FormData();
      for (const [name, value] of Object.entries(fields)) form.set(name, value);
      for (const [name, bytes] of Object.entries(files)) form.set(name, new Blob([bytes]), `${name}.jpg`);
      const response = await fetch(`${baseUrl}/api/v1/candidate/update_candidate_info/${eve.body.id}`, { method: 'POST', body: form, headers: { authorization: `Bearer ${tokens[who]}` } });
      return { status: response.status, body: (await response.json()) as { message: string; fields?: Record<string, string> } };
    };
    expect((await edit('office.manager@demo.test', {})).status).toBe(403);
    expect(await edit('ibo.manager@demo.test', { first_name: 'E', last_name: 'Edit', email: 'x', mobile_number: '12', rad_id: 'R-1', shirt_size: 'HUGE' })).toMatchObject({
      status: 400,
      body: { fields: { first_name: 'Please input first name', email: 'Enter valid email address', mobile_number: 'Please input mobile number', dob: 'Please input date of birth', rad_id: 'Please enter a valid RAD ID', shirt_size: 'Please select shirt size', street_address1: 'Please input street address' } },
    });
    const good = { first_name: 'Eve', last_name: 'Edison', email: 'eve.edit@example.com', mobile_number: '2145550156', dob: '02-03-1990', rad_id: 'RAD777', shirt_size: 'L', street_address1: '5 Elm St', city: 'Dallas', state: 'TX', zip: '75202' };
    const before = await fs.readdir(path.join(dataDir, 'files', 'candidate-images')).catch(() => [] as string[]);
    expect(await edit('ibo.manager@demo.test', good, { photo_copy: JPEG, government_document: PNG })).toMatchObject({ status: 400, body: { fields: { government_document: 'Only .jpg or .jpeg files can be uploaded' } } });
    expect(await edit('ibo.manager@demo.test', { ...good, email: 'agent@demo.test' }, { photo_copy: JPEG })).toMatchObject({ status: 409, body: { fields: { email: 'A user with this e-mail address already exists' } } });
    expect(await fs.readdir(path.join(dataDir, 'files', 'candidate-images')).catch(() => [] as string[])).toEqual(before);
    expect(await edit('ibo.manager@demo.test', good, { photo_copy: JPEG, government_document: JPEG })).toEqual({ status: 200, body: { message: 'Candidate updated successfully' } });
    const row = (await summary('ibo.manager@demo.test', '?keyword=eve.edit')).body.data.data[0]!;
    expect(row).toMatchObject({ last_name: 'Edison', mobile_number: '2145550156', dob: '1990-02-03', rad_id: 'RAD777', shirt_size: 'L', status: 1 });
    expect(row.photo_copy_url).toMatch(/^\/api\/v1\/candidate_files\//);
    expect(row.government_document_url).toMatch(/^\/api\/v1\/candidate_files\//);
  });

  it('expires an invite whose window passed (a fixed clock), revives it with Resend Invite, and deletes only at 1', async () => {
    const dan = await invite('office.manager@demo.test', { first_name: 'Dan', last_name: 'Delay', email: 'dan.delay@example.com', mobile_number: '2145550177', delivery_method: 0 });
    expect(dan.status).toBe(201);
    const database = seeded.test.database;
    expect(await expireCandidates({ database, eventStore: store }, new Date())).toBe(0);
    const expired = await expireCandidates({ database, eventStore: store }, new Date(Date.now() + 15 * 24 * 60 * 60 * 1000));
    expect(expired).toBeGreaterThanOrEqual(1);
    // The expiry's own position: the store's visible head can still be behind it while another
    // test's transaction, anywhere in the cluster, holds the read horizon back.
    const expiry = (await store.readStream(candidateStream(dan.body.id))).at(-1)!;
    expect(expiry).toMatchObject({ type: 'CandidateStageChanged', data: { to: STAGE.EXPIRED } });
    expect(await waitForProjections(database, ['onboarding'], expiry.position, 10_000)).toBe(true);
    expect((await summary('office.manager@demo.test', '?keyword=dan.delay')).body.data.data[0]).toMatchObject({ status: 20, status_name: 'Expired', last_updated_by_name: 'Portal' });
    // What is true of an expired invite: it stopped working at the expiry (here a fixed clock ran it early), never a day still to come.
    const expiredRow = (await summary('office.manager@demo.test', '?keyword=dan.delay')).body.data.data[0]!;
    expect(Date.parse(expiredRow.invite_expires_at!)).toBeLessThanOrEqual(Date.parse(expiry.recordedAt.toISOString()));
    const file = await downloadExport(baseUrl, tokens['office.manager@demo.test']!, '/api/v1/onboarding_summary_export?keyword=dan.delay&format=csv');
    const [heading] = Papa.parse<string[]>(file.heading).data;
    const [cells] = Papa.parse<string[]>(file.rows[0]!).data;
    expect(cells![heading!.indexOf('Invite Expires')]).toBe(`Expired ${formatExportDate(expiredRow.invite_expires_at)}`);
    expect(await as('office.manager@demo.test', 'DELETE', `/api/v1/candidate/onboarding/${dan.body.id}`)).toMatchObject({ status: 409 });
    expect(await as('office.manager@demo.test', 'GET', `/api/v1/candidate/resend_invite/${dan.body.id}`)).toMatchObject({ status: 200 });
    expect((await summary('office.manager@demo.test', '?keyword=dan.delay')).body.data.data[0]).toMatchObject({ status: 1 });
    expect(await as('office.manager2@demo.test', 'DELETE', `/api/v1/candidate/onboarding/${dan.body.id}`)).toMatchObject({ status: 404 });
    expect(await as('office.manager@demo.test', 'DELETE', `/api/v1/candidate/onboarding/${dan.body.id}`)).toEqual({ status: 200, body: { message: 'Candidate Deleted Successfully' } });
    expect((await summary('office.manager@demo.test', '?keyword=dan.delay')).body.data.total).toBe(0);
    expect((await as('office.manager@demo.test', 'GET', `/api/v1/candidate_onboarding_log/${dan.body.id}`)).status).toBe(404);
  });

  it("exports follow the screen's columns: the office manager's file has no IBOs/Markets column, the retailer manager's has it", async () => {
    const headings = async (who: string, path: string) => Papa.parse<string[]>((await downloadExport(baseUrl, tokens[who]!, path)).heading).data[0]!;
    const office = await headings('office.manager@demo.test', '/api/v1/onboarding_summary_export?keyword=demo.test&format=csv');
    const retailer = await headings('retailer.manager@demo.test', '/api/v1/onboarding_summary_export?keyword=demo.test&format=csv');
    expect(office).toEqual(onboardingSummaryColumns(false).map((column) => column.title));
    expect(retailer).toEqual(onboardingSummaryColumns(true).map((column) => column.title));
    expect(office).not.toContain('IBOs/Markets');
    expect(retailer).toContain('IBOs/Markets');
    expect(await headings('office.manager@demo.test', '/api/v1/agent_export?format=csv')).not.toContain('IBO/Market');
    expect(await headings('retailer.manager@demo.test', '/api/v1/agent_export?format=csv')).toContain('IBO/Market');
  });

  it('a retailer manager or the super admin records a stage move by hand (the integration down): its rules, a reason, a person named in the log; the others cannot', async () => {
    const demo = async (email: string) => (await summary('retailer.manager@demo.test', `?keyword=${email}`)).body.data.data[0]!;
    const fay = await demo('fay.pending@demo.test');
    expect(fay.status).toBe(STAGE.BGC_PENDING);
    const move = (who: string, id: string, body: Record<string, unknown>) => as<{ message: string; user_id?: string | null; fields?: Record<string, string> }>(who, 'POST', `/api/v1/candidate/move_stage/${id}`, body);
    const reason = 'Checks portal down since 9am; the vendor confirmed by phone';
    for (const who of ['office.manager@demo.test', 'ibo.manager@demo.test']) expect((await move(who, fay.id, { status: STAGE.BGC_REVIEW, reason })).status).toBe(403);
    expect((await move('retailer.manager2@demo.test', fay.id, { status: STAGE.BGC_REVIEW, reason })).status).toBe(404);
    expect(await move('retailer.manager@demo.test', fay.id, { status: STAGE.BGC_REVIEW, reason: '  ' })).toMatchObject({ status: 400, body: { fields: { reason: 'Please input the reason for moving the stage by hand' } } });
    expect(await move('retailer.manager@demo.test', fay.id, { status: STAGE.ONBOARDED, reason })).toMatchObject({ status: 409, body: { message: 'A candidate at BGC Pending cannot move to Onboarded (from Telgoo ID only)' } });

    expect(await move('retailer.manager@demo.test', fay.id, { status: STAGE.BGC_REVIEW, reason })).toEqual({ status: 200, body: { message: 'Candidate moved to BGC Review', user_id: null } });
    expect(await demo('fay.pending@demo.test')).toMatchObject({ status: STAGE.BGC_REVIEW });
    const log = (await as<{ data: CandidateLogEntry[] }>('retailer.manager@demo.test', 'GET', `/api/v1/candidate_onboarding_log/${fay.id}`)).body.data.map((entry) => entry.description);
    const rita = (await sql<{ name: string }>`select first_name || ' ' || last_name as name from rm.org_users where email = 'retailer.manager@demo.test'`.execute(seeded.test.database.db)).rows[0]!.name;
    expect(log.slice(-2)).toEqual([`Moved from BGC Pending to BGC Review by ${rita} (recorded by hand): ${reason}`, `Comment by ${rita}`]);
    const comments = (await as<{ data: CandidateComment[] }>('office.manager@demo.test', 'GET', `/api/v1/candidate/candidate_comments_log/${fay.id}`)).body.data;
    expect(comments.at(-1)).toMatchObject({ commented_by_name: rita, comments: `Moved to BGC Review by hand: ${reason}` });
    // In the event itself: made by a person, by hand.
    const moved = (await store.readStream(candidateStream(fay.id))).filter((event) => event.type === 'CandidateStageChanged').at(-1)!;
    expect(moved.data).toMatchObject({ from: STAGE.BGC_PENDING, to: STAGE.BGC_REVIEW, by: { kind: 'user', name: rita }, note: reason, by_hand: true });

    // The super admin onboards the demo's Telgoo ID candidate by hand: the ETC code is required, and she becomes an agent as by upstream.
    const max = await demo('max.telgoo@demo.test');
    expect(await move('super@demo.test', max.id, { status: STAGE.ONBOARDED, reason: 'ETC code read out by the carrier' })).toMatchObject({ status: 400, body: { fields: { telgoo_id: 'telgoo_id (the ETC code) is required to onboard' } } });
    const onboarded = await move('super@demo.test', max.id, { status: STAGE.ONBOARDED, reason: 'ETC code read out by the carrier', telgoo_id: 'ETC-7007' });
    expect(onboarded).toEqual({ status: 200, body: { message: 'Candidate moved to Onboarded', user_id: expect.any(String) } });
    expect(await demo('max.telgoo@demo.test')).toMatchObject({ status: STAGE.ONBOARDED, telgoo_id: 'ETC-7007', user_id: onboarded.body.user_id });
    const users = await as<{ items: { data: { id: string; excess_code: string | null }[] } }>('retailer.manager@demo.test', 'GET', '/api/v1/users?search_text=max.telgoo');
    expect(users.body.items.data).toMatchObject([{ id: onboarded.body.user_id, excess_code: 'ETC-7007' }]);
  });
});
