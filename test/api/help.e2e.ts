import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ROLE, type FaqEntry, type TrainingCategoryNode, type TrainingContentRow } from '@portal/contracts';
import { waitForProjections } from '@portal/projections';
import { sql } from 'kysely';
import { OrgCommands } from '../../services/src/admin/org.commands';
import { TEST_HASHING } from '../../services/src/auth/credentials.store';
import { publishAnnouncement } from '../../services/src/help/announcement.commands';
import { systemContext } from '../../services/src/platform/commands/command-context';
import { PostgresEventStore } from '../../services/src/platform/event-store/postgres-event-store';
import type { TestDatabase } from '../../services/src/platform/testing/test-database';
import { call, DEMO_PASSWORD, login, type SeededService, startSeededService } from '../support/demo';
import { waitFor } from '../support/processes';
import { mailTo } from '../support/outbox';

interface AnnouncementList {
  items: { data: { id: string; message_text: string; documents: { name: string; aws_document_url: string }[]; created_at: string }[]; total: number; current_page: number };
}

/**
 * Help over HTTP on the seeded demo business: announcements (doc 3 §7; doc 1 §7 check_new /
 * update_as_viewed) and their publishing, the Help centre's contacts, support requests and FAQ,
 * training documents and videos with their files (signed links, ranges) and their content screen.
 */
describe('help', () => {
  let test: TestDatabase;
  let seeded: SeededService;
  let baseUrl: string;
  let store: PostgresEventStore;
  let workingDirectory: string;
  let dataDir: string;
  /** An agent and an office manager of the other retailer (Coastline Connect): what is for Bluebonnet's people is not for them. */
  let otherAgent: string;
  let otherManager: string;
  const tokens: Record<string, string> = {};

  beforeAll(async () => {
    // No DATA_DIR: the service keeps its files in the README's default, `.data` of its working directory.
    workingDirectory = await fs.mkdtemp(path.join(os.tmpdir(), 'help-e2e-'));
    dataDir = path.join(workingDirectory, '.data');
    seeded = await startSeededService({}, workingDirectory);
    ({ test, baseUrl } = seeded);
    // The seed publishes its announcements after the last agent: wait for them too.
    await waitFor(
      async () => (await sql<{ n: number }>`select count(*)::int as n from rm.help_announcements`.execute(test.database.db).catch(() => ({ rows: [] }))).rows[0]?.n,
      (count) => count === 3,
      30_000,
      'the seeded announcements',
    );
    await waitFor(
      async () => (await sql<{ n: number }>`select count(*)::int as n from rm.help_training_content`.execute(test.database.db).catch(() => ({ rows: [] }))).rows[0]?.n,
      (count) => count === 8,
      30_000,
      'the seeded training content',
    );
    const other = async (role: number) =>
      (
        await sql<{ email: string }>`
          select u.email from rm.org_users u where ${role} = any(u.role_ids) and u.status = 1
            and u.retailer_id <> (select retailer_id from rm.org_users where email = 'agent@demo.test') order by u.email limit 1`.execute(test.database.db)
      ).rows[0]!.email;
    otherAgent = await other(ROLE.AGENT);
    otherManager = await other(ROLE.OFFICE_MANAGER);

    store = new PostgresEventStore(test.database);
    // An office supervisor (role 14) has no Announcements screen.
    const org = new OrgCommands(test.database, store, TEST_HASHING);
    const supervisor = await org.createUser({ email: 'supervisor@demo.test', first_name: 'Sue', last_name: 'Pervisor' }, [ROLE.OFFICE_SUPERVISOR], DEMO_PASSWORD, systemContext());
    await waitForProjections(test.database, ['org'], supervisor.position, 10_000);

    for (const email of ['agent@demo.test', 'office.manager@demo.test', 'ibo.manager@demo.test', 'supervisor@demo.test', 'retailer.manager@demo.test', 'retailer.manager2@demo.test', 'super@demo.test', otherAgent, otherManager]) {
      const answer = await login(baseUrl, email);
      expect(answer.status).toBe(200);
      tokens[email] = answer.body.items!.token;
    }
  }, 180_000);
  afterAll(async () => {
    await seeded?.stop();
    await fs.rm(workingDirectory, { recursive: true, force: true });
  });

  const get = <T = Record<string, unknown>>(email: string, path: string) => call<T>(baseUrl, 'GET', path, { token: tokens[email] });
  const viewFlag = async (email: string) => {
    const answer = await get<{ data: { view_flag: number } }>(email, '/api/v1/announcements/check_new');
    expect(answer.status).toBe(200);
    return answer.body.data.view_flag;
  };

  it('lists the announcements each reader is addressed: by role and retailer, newest first, paged; a file of ours opens by its signed link', async () => {
    const manager = await get<AnnouncementList>('office.manager@demo.test', '/api/v1/announcements');
    expect(manager.status).toBe(200);
    expect(manager.body.items).toMatchObject({ total: 2, current_page: 1 });
    expect(manager.body.items.data.map((row) => Object.keys(row).sort())).toEqual([
      ['created_at', 'documents', 'id', 'message_text'],
      ['created_at', 'documents', 'id', 'message_text'],
    ]);
    const [holiday, welcome] = manager.body.items.data;
    expect(holiday!.message_text).toMatch(/^Holiday shipping cut-off/);
    expect(holiday!.documents).toEqual([{ name: 'Holiday schedule.pdf', aws_document_url: expect.stringMatching(/^\/api\/v1\/announcements\/files\/[0-9a-f-]{36}\.pdf\?expires=\d+&signature=[\w-]+$/) }]);
    expect(welcome!.message_text).toMatch(/^Welcome/);
    expect(welcome!.documents).toEqual([]);
    expect(new Date(holiday!.created_at).getTime()).toBeGreaterThanOrEqual(new Date(welcome!.created_at).getTime());
    const second = await get<AnnouncementList>('office.manager@demo.test', '/api/v1/announcements?results=1&page=2');
    expect(second.body.items).toMatchObject({ total: 2, current_page: 2 });
    expect(second.body.items.data.map((row) => row.id)).toEqual([welcome!.id]);

    // The file itself, without the bearer token: the signature is the credential.
    const link = holiday!.documents[0]!.aws_document_url;
    const pdf = await fetch(`${baseUrl}${link}`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.from(await pdf.arrayBuffer()).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect((await fetch(`${baseUrl}${link.replace(/signature=[\w-]+/, 'signature=forged')}`)).status).toBe(403);
    expect((await fetch(`${baseUrl}${link.replace(/files\/[0-9a-f-]{36}/, 'files/00000000-0000-7000-8000-000000000000')}`)).status).toBe(403);

    // Bluebonnet's retailer manager addressed Bluebonnet's agents: agent@ reads it, another retailer's agent does not.
    const agent = await get<AnnouncementList>('agent@demo.test', '/api/v1/announcements');
    expect(agent.body.items.total).toBe(3);
    expect(agent.body.items.data[0]!.message_text).toMatch(/^Agents: please accept/);
    const elsewhere = await get<AnnouncementList>(otherAgent, '/api/v1/announcements');
    expect(elsewhere.body.items.data.map((row) => row.message_text)).toEqual([holiday!.message_text, welcome!.message_text]);
  });

  it('prompts until the user marks the announcements viewed, for that user only, and again after a new one', async () => {
    expect(await viewFlag('agent@demo.test')).toBe(1);
    expect(await viewFlag('office.manager@demo.test')).toBe(1);

    const viewed = await get('agent@demo.test', '/api/v1/announcements/update_as_viewed');
    expect(viewed).toEqual({ status: 200, body: { message: 'Announcements marked as viewed' } });
    // Read-your-writes: the very next check already answers 0.
    expect(await viewFlag('agent@demo.test')).toBe(0);
    expect(await viewFlag('office.manager@demo.test')).toBe(1);

    // Viewing again records nothing new.
    const userId = (await sql<{ id: string }>`select id from rm.org_users where email = 'agent@demo.test'`.execute(test.database.db)).rows[0]!.id;
    const viewEvents = async () =>
      (await sql<{ n: number }>`select count(*)::int as n from es_events where stream_id = ${`announcement_views-${userId}`}`.execute(test.database.db)).rows[0]!.n;
    expect(await viewEvents()).toBe(1);
    expect((await get('agent@demo.test', '/api/v1/announcements/update_as_viewed')).status).toBe(200);
    expect(await viewEvents()).toBe(1);
    expect(await viewFlag('agent@demo.test')).toBe(0);

    // A new announcement prompts again, and shows first in the list.
    const published = await publishAnnouncement(store, { message_text: 'New RMA labels are available from Monday.' }, systemContext());
    expect(await waitForProjections(test.database, ['announcements'], published.position, 10_000)).toBe(true);
    expect(await viewFlag('agent@demo.test')).toBe(1);
    const list = await get<AnnouncementList>('agent@demo.test', '/api/v1/announcements');
    expect(list.body.items.total).toBe(4);
    expect(list.body.items.data[0]!.id).toBe(published.id);

    expect((await get('agent@demo.test', '/api/v1/announcements/update_as_viewed')).status).toBe(200);
    expect(await viewFlag('agent@demo.test')).toBe(0);
    expect(await viewEvents()).toBe(2);
    expect(await viewFlag('office.manager@demo.test')).toBe(1);
  });

  it('refuses a role without the Announcements screen, and bad queries', async () => {
    for (const path of ['/api/v1/announcements', '/api/v1/announcements/check_new', '/api/v1/announcements/update_as_viewed']) {
      expect((await get('supervisor@demo.test', path)).status).toBe(403);
      expect((await call(baseUrl, 'GET', path)).status).toBe(401);
    }
    const bad = await get('ibo.manager@demo.test', '/api/v1/announcements?page=abc');
    expect(bad).toMatchObject({ status: 400, body: { error: 'Bad Request', fields: { page: 'page is a whole number from 1 to 1,000,000' } } });
    expect((await get('ibo.manager@demo.test', '/api/v1/announcements?results=500')).status).toBe(400);
    expect((await get('ibo.manager@demo.test', '/api/v1/announcements?page=0')).status).toBe(400);
  });

  it('refuses to publish an announcement without a message or with a document outside http(s) and /files/', async () => {
    await expect(publishAnnouncement(store, { message_text: '   ' }, systemContext())).rejects.toThrow('Please input message');
    await expect(
      publishAnnouncement(store, { message_text: 'See attached', documents: [{ name: 'x', url: 'javascript:alert(1)' }] }, systemContext()),
    ).rejects.toThrow('Document url must be an absolute http(s) URL or a path starting with /files/');
    await expect(
      publishAnnouncement(store, { message_text: 'See attached', documents: [{ name: 'x', url: '/files/../etc/passwd' }] }, systemContext()),
    ).rejects.toThrow('Document url must be');
  });

  const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
  const pdfBytes = new TextEncoder().encode('%PDF-1.4\n%demo\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
  /** A multipart POST as the console's upload sends it. */
  const post = async <T = Record<string, unknown>>(email: string, route: string, fields: Record<string, string>, file?: { bytes: Uint8Array; name: string }) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.set(name, value);
    if (file) form.set('file', new Blob([file.bytes]), file.name);
    const response = await fetch(`${baseUrl}${route}`, { method: 'POST', body: form, headers: { authorization: `Bearer ${tokens[email]}` } });
    return { status: response.status, body: (await response.json()) as T & { message: string; fields?: Record<string, string> } };
  };
  const storedFiles = async (area: string) => (await fs.readdir(path.join(dataDir, 'files', area)).catch(() => [] as string[])).length;

  it('publishes an announcement from the console (roles 1 and 12): its file kept only when accepted, its audience and retailer respected', async () => {
    const before = await storedFiles('announcement-files');
    // Refusals first: nothing is written for any of them.
    expect(await post('office.manager@demo.test', '/api/v1/announcements', { message_text: 'Hello' })).toMatchObject({ status: 403 });
    expect(await post('retailer.manager@demo.test', '/api/v1/announcements', { message_text: '  ' })).toMatchObject({ status: 400, body: { fields: { message_text: 'Please input message' } } });
    expect(await post('retailer.manager@demo.test', '/api/v1/announcements', { message_text: 'Hi', audience_roles: '1' })).toMatchObject({ status: 400, body: { fields: { audience_roles: 'Audience is a list of 2, 3, 11, 12' } } });
    expect(await post('retailer.manager@demo.test', '/api/v1/announcements', { message_text: 'Hi' }, { bytes: new TextEncoder().encode('MZ not a document'), name: 'notes.pdf' })).toMatchObject({ status: 400, body: { message: 'Announcement files are PDF, PNG or JPEG' } });
    expect(await post('retailer.manager@demo.test', '/api/v1/announcements', { message_text: 'Hi', link_url: 'https://example.com/a' }, { bytes: png, name: 'a.png' })).toMatchObject({ status: 400, body: { message: 'Attach a file or give a link, not both' } });
    expect(await post('retailer.manager@demo.test', '/api/v1/announcements', { message_text: 'Hi', link_url: 'javascript:alert(1)' })).toMatchObject({ status: 400, body: { fields: { link_url: 'The link must be an absolute http(s) URL' } } });
    expect(await storedFiles('announcement-files')).toBe(before);

    const published = await post<{ id: string }>('retailer.manager@demo.test', '/api/v1/announcements', { message_text: 'Office managers: count your stock on Friday.', audience_roles: '3', link_name: 'Count sheet' }, { bytes: png, name: '../../etc/passwd' });
    expect(published).toEqual({ status: 201, body: { message: 'Announcement published successfully', id: expect.any(String) } });
    expect(await storedFiles('announcement-files')).toBe(before + 1);
    // Read-your-writes: the office manager of Bluebonnet sees it at once and is prompted; the agent and another retailer's manager are not addressed.
    const managerList = await get<AnnouncementList>('office.manager@demo.test', '/api/v1/announcements');
    expect(managerList.body.items.data[0]).toMatchObject({ id: published.body.id, documents: [{ name: 'Count sheet', aws_document_url: expect.stringMatching(/\.png\?expires=/) }] });
    const image = await fetch(`${baseUrl}${managerList.body.items.data[0]!.documents[0]!.aws_document_url}`);
    expect([image.status, image.headers.get('content-type')]).toEqual([200, 'image/png']);
    expect(await viewFlag('office.manager@demo.test')).toBe(1);
    expect((await get<AnnouncementList>('agent@demo.test', '/api/v1/announcements')).body.items.data.map((row) => row.id)).not.toContain(published.body.id);
    expect((await get<AnnouncementList>(otherManager, '/api/v1/announcements')).body.items.data.map((row) => row.id)).not.toContain(published.body.id);
    // The retailer's own managers read what they publish; the super role reads everything.
    expect((await get<AnnouncementList>('super@demo.test', '/api/v1/announcements')).body.items.data.map((row) => row.id)).toContain(published.body.id);
  });

  it('answers the Help centre: contacts from configuration, the FAQ searched in questions and answers, a support request mailed and recorded', async () => {
    expect(await get('agent@demo.test', '/api/v1/help/contacts')).toEqual({ status: 200, body: { data: { email: 'support@portal.local', phone: '(800) 555-0142' } } });
    expect((await get('supervisor@demo.test', '/api/v1/help/contacts')).status).toBe(403);

    const all = await get<{ data: FaqEntry[] }>('office.manager@demo.test', '/api/v1/faq');
    expect(all.body.data).toHaveLength(28);
    expect(all.body.data.filter((entry) => entry.answer_format === 'html').map((entry) => entry.question)).toEqual(['How do I sign in to the portal?']);
    // 'forgot' is in a question; 'shipping labels' only in an answer; tags of the HTML answer do not match.
    expect((await get<{ data: FaqEntry[] }>('agent@demo.test', '/api/v1/faq?search_text=Forgot')).body.data.map((entry) => entry.id)).toEqual(expect.arrayContaining(['forgot-password']));
    const labels = (await get<{ data: FaqEntry[] }>('agent@demo.test', '/api/v1/faq?search_text=shipping%20label')).body.data;
    expect(labels.map((entry) => entry.id)).toContain('rma-status');
    expect(labels.every((entry) => !entry.question.toLowerCase().includes('shipping label'))).toBe(true);
    expect((await get<{ data: FaqEntry[] }>('agent@demo.test', '/api/v1/faq?search_text=strong')).body.data).toEqual([]);
    expect((await get('agent@demo.test', `/api/v1/faq?search_text=${'x'.repeat(101)}`)).status).toBe(400);

    const request = { name: 'Ann Agent', email: 'agent@demo.test', subject: 'Scanner will not read IMEIs', message: 'Since Monday the scanner on Receive Inventory reads nothing.\nCan you help?' };
    const bad = await call(baseUrl, 'POST', '/api/v1/help/support_request', { token: tokens['agent@demo.test'], body: { ...request, email: 'not-an-address', message: '' } });
    expect(bad).toMatchObject({ status: 400, body: { fields: { email: 'Enter valid email address', message: 'Please input message' } } });
    const sent = await call(baseUrl, 'POST', '/api/v1/help/support_request', { token: tokens['agent@demo.test'], body: request });
    expect(sent).toEqual({ status: 201, body: { message: 'Your request was sent to support. We will answer by e-mail.' } });
    const mail = await mailTo(dataDir, 'support@portal.local');
    expect(mail).toContain('Subject: [Support] Scanner will not read IMEIs');
    expect(mail).toContain('Reply-To: agent@demo.test');
    expect(mail).toContain('Since Monday the scanner on Receive Inventory reads nothing.');
    const recorded = await sql<{ n: number }>`select count(*)::int as n from es_events where type = 'SupportRequestSent' and data->>'subject' = ${request.subject}`.execute(test.database.db);
    expect(recorded.rows[0]!.n).toBe(1);
  });

  const tree = async (email: string, kind: 'documents' | 'videos', query = '') => (await get<{ data: TrainingCategoryNode[] }>(email, `/api/v1/training/${kind}${query}`)).body.data;

  it('shows each role the training categories it may see (IBO Manager hidden below IBO managers, Retailer below retailer managers), with signed links that answer ranges', async () => {
    const categories = async (email: string) => (await tree(email, 'documents')).map((node) => node.category);
    expect(await categories('agent@demo.test')).toEqual(['getting-started', 'agent']);
    expect(await categories('office.manager@demo.test')).toEqual(['getting-started', 'agent', 'office-manager']);
    expect(await categories('ibo.manager@demo.test')).toEqual(['getting-started', 'agent', 'office-manager', 'ibo-manager']);
    expect(await categories('retailer.manager@demo.test')).toEqual(['getting-started', 'agent', 'office-manager', 'ibo-manager', 'retailer']);
    // Bluebonnet's link is for Bluebonnet's people only.
    const agentDocs = (await tree('agent@demo.test', 'documents')).flatMap((node) => node.items.map((item) => item.title));
    expect(agentDocs).toEqual(['Getting started with the portal', 'Accepting and returning devices', 'Device care tips (external)']);
    expect((await tree(otherAgent, 'documents')).flatMap((node) => node.items.map((item) => item.title))).not.toContain('Device care tips (external)');
    expect((await tree('agent@demo.test', 'documents', '?search_text=accepting')).flatMap((node) => node.items.map((item) => item.title))).toEqual(['Accepting and returning devices']);

    const videos = await tree('office.manager@demo.test', 'videos');
    expect(videos.map((node) => [node.name, node.items.map((item) => item.title)])).toEqual([['Getting Started', ['A tour of the portal']], ['Office Manager', ['From carton to agent']]]);
    const video = videos[0]!.items[0]!;
    expect(video).toMatchObject({ content_kind: 'video', content_type: 'video/webm', url: expect.stringMatching(/^\/api\/v1\/training\/files\/[0-9a-f-]{36}\?expires=\d+&signature=/) });
    const whole = await fetch(`${baseUrl}${video.url}`);
    expect([whole.status, whole.headers.get('content-type'), whole.headers.get('accept-ranges')]).toEqual([200, 'video/webm', 'bytes']);
    const size = (await whole.arrayBuffer()).byteLength;
    expect(size).toBeGreaterThan(10_000);
    const part = await fetch(`${baseUrl}${video.url}`, { headers: { range: 'bytes=100-199' } });
    expect([part.status, part.headers.get('content-range'), (await part.arrayBuffer()).byteLength]).toEqual([206, `bytes 100-199/${size}`, 100]);
    expect((await fetch(`${baseUrl}${video.url}`, { headers: { range: `bytes=${size + 10}-` } })).status).toBe(416);
    expect((await fetch(`${baseUrl}${video.url.replace(/expires=\d+/, 'expires=1')}`)).status).toBe(403);
  });

  it('manages training content from the console: roles 1 and 12 only, their own retailer\'s, a PDF or a video by its bytes, a file or a link', async () => {
    const list = async (email: string, query = '') => (await get<{ items: { data: TrainingContentRow[]; total: number } }>(email, `/api/v1/training/content${query}`)).body.items;
    expect((await list('super@demo.test')).total).toBe(8);
    const own = await list('retailer.manager@demo.test');
    expect(own.data.map((row) => [row.title, row.source_kind, row.retailer_name])).toEqual([['Device care tips (external)', 'link', 'Bluebonnet Mobile']]);
    expect((await list('super@demo.test', '?content_kind=video')).data.map((row) => row.title).sort()).toEqual(['A tour of the portal', 'From carton to agent']);
    expect((await get('ibo.manager@demo.test', '/api/v1/training/content')).status).toBe(403);
    expect((await post('ibo.manager@demo.test', '/api/v1/training/content', { content_kind: 'document', category: 'agent', title: 'X', link_url: 'https://example.com' })).status).toBe(403);

    const before = await storedFiles('training-documents');
    expect(await post('retailer.manager@demo.test', '/api/v1/training/content', { content_kind: 'document', category: 'agent', title: 'Photo' }, { bytes: png, name: 'guide.pdf' })).toMatchObject({ status: 400, body: { message: 'Training documents are PDF files' } });
    expect(await post('retailer.manager@demo.test', '/api/v1/training/content', { content_kind: 'document', category: 'agent', title: 'Both', link_url: 'https://example.com' }, { bytes: pdfBytes, name: 'guide.pdf' })).toMatchObject({ status: 400, body: { message: 'Upload a file or give a link, not both' } });
    expect(await post('retailer.manager@demo.test', '/api/v1/training/content', { content_kind: 'document', category: 'agent', title: 'Neither' })).toMatchObject({ status: 400, body: { message: 'Upload a file or give a link' } });
    expect(await post('retailer.manager@demo.test', '/api/v1/training/content', { content_kind: 'video', category: 'constructor', title: 'X', link_url: 'https://example.com' })).toMatchObject({ status: 400, body: { fields: { category: 'Please select category' } } });
    expect(await storedFiles('training-documents')).toBe(before);

    const added = await post<{ id: string }>('retailer.manager@demo.test', '/api/v1/training/content', { content_kind: 'document', category: 'office-manager', title: 'Bluebonnet stock count' }, { bytes: pdfBytes, name: 'count.pdf' });
    expect(added).toEqual({ status: 201, body: { message: 'Training content added successfully', id: expect.any(String) } });
    expect(await storedFiles('training-documents')).toBe(before + 1);
    const inTree = (email: string) => tree(email, 'documents').then((nodes) => nodes.flatMap((node) => node.items.map((item) => item.title)));
    expect(await inTree('office.manager@demo.test')).toContain('Bluebonnet stock count');
    expect(await inTree(otherManager)).not.toContain('Bluebonnet stock count');

    // Another retailer's manager learns nothing of it; its own manager removes it.
    expect(await call(baseUrl, 'POST', `/api/v1/training/content/remove/${added.body.id}`, { token: tokens['retailer.manager2@demo.test'] })).toMatchObject({ status: 404, body: { message: 'That training content was not found.' } });
    expect(await call(baseUrl, 'POST', `/api/v1/training/content/remove/${added.body.id}`, { token: tokens['retailer.manager@demo.test'] })).toEqual({ status: 200, body: { message: 'Training content removed successfully' } });
    expect(await inTree('office.manager@demo.test')).not.toContain('Bluebonnet stock count');
    expect((await call(baseUrl, 'POST', `/api/v1/training/content/remove/${added.body.id}`, { token: tokens['retailer.manager@demo.test'] })).status).toBe(404);
  });
});
