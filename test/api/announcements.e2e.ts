import { ROLE } from '@portal/contracts';
import { waitForProjections } from '@portal/projections';
import { sql } from 'kysely';
import { OrgCommands } from '../../services/src/admin/org.commands';
import { TEST_HASHING } from '../../services/src/auth/credentials.store';
import { AnnouncementCommands } from '../../services/src/help/announcement.commands';
import { systemContext } from '../../services/src/platform/commands/command-context';
import { PostgresEventStore } from '../../services/src/platform/event-store/postgres-event-store';
import type { TestDatabase } from '../../services/src/platform/testing/test-database';
import { call, DEMO_PASSWORD, login, type SeededService, startSeededService } from '../support/demo';
import { waitFor } from '../support/processes';

interface AnnouncementList {
  items: { data: { id: string; message_text: string; documents: { name: string; aws_document_url: string }[]; created_at: string }[]; total: number; current_page: number };
}

/** Announcements over HTTP (doc 3 §7; doc 1 §7 check_new / update_as_viewed), on the seeded demo business. */
describe('announcements', () => {
  let test: TestDatabase;
  let seeded: SeededService;
  let baseUrl: string;
  let announcements: AnnouncementCommands;
  const tokens: Record<string, string> = {};

  beforeAll(async () => {
    seeded = await startSeededService();
    ({ test, baseUrl } = seeded);
    // The seed publishes its announcements after the last agent: wait for them too.
    await waitFor(
      async () => (await sql<{ n: number }>`select count(*)::int as n from rm.help_announcements`.execute(test.database.db).catch(() => ({ rows: [] }))).rows[0]?.n,
      (count) => count === 2,
      30_000,
      'the seeded announcements',
    );

    const store = new PostgresEventStore(test.database);
    announcements = new AnnouncementCommands(test.database, store);
    // An office supervisor (role 14) has no Announcements screen.
    const org = new OrgCommands(test.database, store, TEST_HASHING);
    const supervisor = await org.createUser({ email: 'supervisor@demo.test', first_name: 'Sue', last_name: 'Pervisor' }, [ROLE.OFFICE_SUPERVISOR], DEMO_PASSWORD, systemContext());
    await waitForProjections(test.database, ['org'], supervisor.position, 10_000);

    for (const email of ['agent@demo.test', 'office.manager@demo.test', 'ibo.manager@demo.test', 'supervisor@demo.test']) {
      const answer = await login(baseUrl, email);
      expect(answer.status).toBe(200);
      tokens[email] = answer.body.items!.token;
    }
  }, 180_000);
  afterAll(async () => {
    await seeded?.stop();
  });

  const get = <T = Record<string, unknown>>(email: string, path: string) => call<T>(baseUrl, 'GET', path, { token: tokens[email] });
  const viewFlag = async (email: string) => {
    const answer = await get<{ data: { view_flag: number } }>(email, '/api/v1/announcements/check_new');
    expect(answer.status).toBe(200);
    return answer.body.data.view_flag;
  };

  it('lists the seeded announcements newest first, paged, to an agent and a manager', async () => {
    for (const email of ['agent@demo.test', 'office.manager@demo.test']) {
      const first = await get<AnnouncementList>(email, '/api/v1/announcements');
      expect(first.status).toBe(200);
      expect(first.body.items).toMatchObject({ total: 2, current_page: 1 });
      expect(first.body.items.data.map((row) => Object.keys(row).sort())).toEqual([
        ['created_at', 'documents', 'id', 'message_text'],
        ['created_at', 'documents', 'id', 'message_text'],
      ]);
      const [newest, oldest] = first.body.items.data;
      expect(newest!.message_text).toMatch(/^Holiday shipping cut-off/);
      expect(newest!.documents).toEqual([{ name: 'Holiday schedule.pdf', aws_document_url: '/files/announcements/holiday-schedule.pdf' }]);
      expect(oldest!.message_text).toMatch(/^Welcome/);
      expect(oldest!.documents).toEqual([]);
      expect(new Date(newest!.created_at).getTime()).toBeGreaterThanOrEqual(new Date(oldest!.created_at).getTime());

      const second = await get<AnnouncementList>(email, '/api/v1/announcements?results=1&page=2');
      expect(second.status).toBe(200);
      expect(second.body.items).toMatchObject({ total: 2, current_page: 2 });
      expect(second.body.items.data.map((row) => row.id)).toEqual([oldest!.id]);
    }
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
    const published = await announcements.publishAnnouncement({ message_text: 'New RMA labels are available from Monday.' }, systemContext());
    expect(await waitForProjections(test.database, ['announcements'], published.position, 10_000)).toBe(true);
    expect(await viewFlag('agent@demo.test')).toBe(1);
    const list = await get<AnnouncementList>('agent@demo.test', '/api/v1/announcements');
    expect(list.body.items.total).toBe(3);
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
    await expect(announcements.publishAnnouncement({ message_text: '   ' }, systemContext())).rejects.toThrow('Please input message');
    await expect(
      announcements.publishAnnouncement({ message_text: 'See attached', documents: [{ name: 'x', url: 'javascript:alert(1)' }] }, systemContext()),
    ).rejects.toThrow('Document url must be an absolute http(s) URL or a path starting with /files/');
    await expect(
      announcements.publishAnnouncement({ message_text: 'See attached', documents: [{ name: 'x', url: '/files/../etc/passwd' }] }, systemContext()),
    ).rejects.toThrow('Document url must be');
  });
});
