import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { type ApiRoute, ROLE, ROLE_IDS, type RoleId, apiRoutes, sortKeyMessage } from '@portal/contracts';
import { waitForProjections } from '@portal/projections';
import { sql } from 'kysely';
import { z } from 'zod';
import { OrgCommands } from '../../services/src/admin/org.commands';
import { TEST_HASHING } from '../../services/src/auth/credentials.store';
import { systemContext } from '../../services/src/platform/commands/command-context';
import { PostgresEventStore } from '../../services/src/platform/event-store/postgres-event-store';
import type { OpenApiDocument } from '../../services/src/platform/http/openapi';
import type { TestDatabase } from '../../services/src/platform/testing/test-database';
import { type Answer, call, DEMO_PASSWORD, login, type SeededService, startSeededService } from '../support/demo';
import { mailTo } from '../support/outbox';

const DEMO_BY_ROLE: Partial<Record<RoleId, string>> = {
  [ROLE.SUPER_ADMIN]: 'super@demo.test',
  [ROLE.AGENT]: 'agent@demo.test',
  [ROLE.OFFICE_MANAGER]: 'office.manager@demo.test',
  [ROLE.IBO_MANAGER]: 'ibo.manager@demo.test',
  [ROLE.RETAILER_MANAGER]: 'retailer.manager@demo.test',
  [ROLE.AUDITOR]: 'auditor@demo.test',
};

/** A concrete path for a route pattern: every `:param` gets a plausible value. */
const concrete = (route: ApiRoute) => route.path.replace(/:(\w+)/g, (_match, name: string) => (name === 'role' ? 'agent' : name === 'type' ? 'instock' : '1'));
const mayCall = (route: ApiRoute, role: RoleId) => (Array.isArray(route.access) ? route.access.includes(role) : route.access !== 'integration');

/**
 * Authorization walks the whole route table: for every route and every role, the roles it lists
 * get an answer other than 403, every other role 403, and no token 401. Nothing a client sends
 * — an empty body, malformed JSON, nonsense query values — gets a 5xx.
 */
describe('access by role, over the whole route table', () => {
  let test: TestDatabase;
  let seeded: SeededService;
  let baseUrl: string;
  let dataDir: string;
  const tokens = new Map<RoleId, string>();

  beforeAll(async () => {
    // Its own data folder: the candidate's invite is read from the outbox there.
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-access-'));
    seeded = await startSeededService({ DATA_DIR: dataDir });
    ({ test, baseUrl } = seeded);

    // Roles without a demo account, made through the same commands as the seed.
    const store = new PostgresEventStore(test.database);
    const org = new OrgCommands(test.database, store, TEST_HASHING);
    let last;
    for (const role of ROLE_IDS.filter((candidate) => !DEMO_BY_ROLE[candidate])) {
      last = await org.createUser({ email: `role${role}@demo.test`, first_name: 'Role', last_name: String(role) }, [role], DEMO_PASSWORD, systemContext());
    }
    await waitForProjections(test.database, ['org'], last!.position, 10_000);
    for (const role of ROLE_IDS) {
      const answer = await login(baseUrl, DEMO_BY_ROLE[role] ?? `role${role}@demo.test`);
      expect(answer.status).toBe(200);
      tokens.set(role, answer.body.items!.token);
    }
  }, 180_000);
  afterAll(async () => {
    await seeded?.stop();
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('answers 401 without a token on every route that is not public', async () => {
    const wrong: string[] = [];
    for (const route of apiRoutes) {
      const answer = await call(baseUrl, route.method, concrete(route), { body: route.method === 'GET' ? undefined : {} });
      const expected = route.access === 'public' ? answer.status !== 401 && answer.status !== 403 : answer.status === 401;
      if (!expected) wrong.push(`${route.method} ${route.path}: ${answer.status}`);
    }
    expect(wrong).toEqual([]);
  });

  it('lets exactly the listed roles through on every route', async () => {
    const wrong: string[] = [];
    for (const route of apiRoutes.filter((candidate) => candidate.access !== 'public')) {
      for (const role of ROLE_IDS) {
        const answer = await call(baseUrl, route.method, concrete(route), { token: tokens.get(role)!, body: route.method === 'GET' ? undefined : {} });
        // Logging out ends every earlier session of that user: sign in again for the next routes.
        if (route.path === '/api/v1/logout') tokens.set(role, (await login(baseUrl, DEMO_BY_ROLE[role] ?? `role${role}@demo.test`)).body.items!.token);
        if (route.access === 'integration') {
          if (answer.status !== 401) wrong.push(`${route.method} ${route.path} as ${role}: ${answer.status} (integration routes take an API key, not a session)`);
        } else if (mayCall(route, role) ? answer.status === 403 || answer.status === 401 : answer.status !== 403) {
          wrong.push(`${route.method} ${route.path} as ${role}: ${answer.status} ${JSON.stringify(answer.body)}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it('guards every route whatever its spelling: another case or a percent-encoded letter is an unknown path, never the route unguarded', async () => {
    const spellings = (path: string) => [path.toUpperCase(), path.replace('/api/', '/API/'), path.replace('/api/', '/Api/'), path.replace('/api/', '/%61pi/'), path.replace('/api/', '/%41PI/'), path.replace(/\/([a-z])/, (_match, letter: string) => `/${letter.toUpperCase()}`)];
    const wrong: string[] = [];
    for (const route of apiRoutes) {
      for (const spelling of new Set(spellings(concrete(route)))) {
        for (const token of [undefined, tokens.get(ROLE.SUPER_ADMIN)!]) {
          const response = await fetch(`${baseUrl}${spelling}`, { method: route.method, headers: { accept: 'application/json', ...(token && { authorization: `Bearer ${token}` }) } });
          const body = await response.text();
          if (response.status !== 404 || !body.startsWith('{"error":"Not Found"')) wrong.push(`${route.method} ${spelling} (${token ? 'signed in' : 'no token'}): ${response.status} ${body.slice(0, 80)}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it("serves the spec's literal dashboard paths as the routes themselves, behind the same guard, and leaves the console's own routes alone", async () => {
    const manager = tokens.get(ROLE.OFFICE_MANAGER)!;
    const counts = await call(baseUrl, 'GET', '/api/v1/dashboard_count', { token: manager });
    expect(counts.status).toBe(200);
    expect(await call(baseUrl, 'GET', '/dashboard_count', { token: manager })).toEqual(counts);
    expect(await call(baseUrl, 'GET', '/dashboard_count?x=1', { token: manager })).toEqual(counts);
    expect((await call(baseUrl, 'GET', '/dashboard_count')).status).toBe(401);
    expect((await call(baseUrl, 'GET', '/dashboard_count', { token: tokens.get(ROLE.AGENT)! })).status).toBe(403);
    for (const path of ['/manager_sales_dashboard', '/agent_sales_dashboard']) {
      const route = apiRoutes.find((candidate) => candidate.aliases?.includes(path))!;
      const token = tokens.get(Array.isArray(route.access) && route.access.includes(ROLE.AGENT) ? ROLE.AGENT : ROLE.OFFICE_MANAGER)!;
      expect(await call(baseUrl, 'GET', path, { token })).toEqual(await call(baseUrl, 'GET', route.path, { token }));
      expect((await call(baseUrl, 'GET', path)).status).toBe(401);
    }
    const page = await fetch(`${baseUrl}/dashboard`, { headers: { accept: 'text/html' } });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
  });

  it('answers every built route from its controller: only routes the table marks planned say "not built yet"', async () => {
    const wrong: string[] = [];
    for (const route of apiRoutes.filter((candidate) => candidate.access !== 'integration')) {
      const role = route.access === 'public' || route.access === 'signed-in' ? ROLE.SUPER_ADMIN : ([ROLE.SUPER_ADMIN, ROLE.AGENT] as RoleId[]).find((candidate) => (route.access as readonly RoleId[]).includes(candidate))!;
      if (route.path === '/api/v1/logout') continue;
      const answer = await call<{ message?: string }>(baseUrl, route.method, concrete(route), { token: route.access === 'public' ? undefined : tokens.get(role)!, body: route.method === 'GET' ? undefined : {} });
      const notBuilt = answer.status === 404 && / capability is not built yet$/.test(answer.body.message ?? '');
      // A built route that no controller mounts reaches the not-built handler too, which answers it as an unknown path.
      const unmounted = answer.status === 404 && /^Cannot (GET|POST|PUT|DELETE) /.test(answer.body.message ?? '');
      if (route.planned ? !notBuilt : notBuilt || unmounted) wrong.push(`${route.method} ${route.path} (${route.planned ? 'planned' : 'built'}): ${answer.status} ${answer.body.message}`);
    }
    expect(wrong).toEqual([]);
  });

  it('refuses an unknown sort key the same way on every list (a 400 naming the allowed keys, from the route table) and sorts by a real one', async () => {
    const sortKeysOf = (route: ApiRoute): { name: string; keys: string[] } | undefined => {
      if (!route.query) return undefined;
      const properties = (z.toJSONSchema(route.query, { io: 'input', unrepresentable: 'any' }) as { properties?: Record<string, { enum?: string[] }> }).properties ?? {};
      const name = ['sort_by', 'sort_key'].find((candidate) => Object.hasOwn(properties, candidate));
      return name ? { name, keys: properties[name]!.enum ?? [] } : undefined;
    };
    const lists = apiRoutes.filter((route) => !route.planned && sortKeysOf(route));
    expect(lists.map((route) => route.path)).toEqual(expect.arrayContaining(['/api/v1/inventory_summary_reports/manager', '/api/v1/manager/agentlist_with_pagination', '/api/v1/aged_inventory_summary_reports/agent', '/api/v1/users']));
    const wrong: string[] = [];
    for (const route of lists) {
      const { name, keys } = sortKeysOf(route)!;
      const role = Array.isArray(route.access) && !route.access.includes(ROLE.SUPER_ADMIN) ? ROLE.AGENT : ROLE.SUPER_ADMIN;
      const ask = (key: string) => call(baseUrl, route.method, `${concrete(route)}?${name}=${encodeURIComponent(key)}`, { token: tokens.get(role)!, body: route.method === 'GET' ? undefined : {} });
      const message = sortKeyMessage(keys, name);
      if (keys.length === 0) wrong.push(`${route.method} ${route.path}: ${name} names no keys`);
      for (const unknown of ['toString', '__proto__', 'constructor', 'password_hash']) {
        const answer = await ask(unknown);
        if (JSON.stringify(answer) !== JSON.stringify({ status: 400, body: { error: 'Bad Request', message, fields: { [name]: message } } })) wrong.push(`${route.method} ${route.path}?${name}=${unknown}: ${answer.status} ${JSON.stringify(answer.body)}`);
      }
      const sorted = await ask(keys.at(-1)!);
      if (sorted.status !== 200) wrong.push(`${route.method} ${route.path}?${name}=${keys.at(-1)}: ${sorted.status} ${JSON.stringify(sorted.body)}`);
    }
    expect(wrong).toEqual([]);

    // Inventory by agents sorts its Office Name column by the agent's office (it sorted by the agent's name before).
    const offices = async (sortBy: string) =>
      (await call<{ items: { data: { office_name: string | null }[] } }>(baseUrl, 'GET', `/api/v1/manager/agentlist_with_pagination?sort_by=${sortBy}&sort=ASC&results=100`, { token: tokens.get(ROLE.SUPER_ADMIN)! })).body.items.data.map((row) => row.office_name ?? '');
    const inOrder = (names: string[]) => names.every((name, index) => index === 0 || names[index - 1]!.localeCompare(name) <= 0);
    expect(inOrder(await offices('agent_name'))).toBe(false);
    expect(inOrder(await offices('office_name'))).toBe(true);
  });

  it("reaches the candidate's own page as the served OpenAPI document says: the invite's token in the header its security scheme names", async () => {
    const document = (await (await fetch(`${baseUrl}/api/docs/openapi.json`)).json()) as OpenApiDocument;
    const schemes = (method: 'get' | 'post', at: string) => (document.paths[at]?.[method]?.security ?? []).flatMap((requirement) => Object.keys(requirement));
    expect(schemes('get', '/api/v1/candidate_profile')).toEqual(['candidateToken']);
    for (const at of ['/api/v1/candidate_profile', '/api/v1/candidate_profile/upload', '/api/v1/candidate_profile/sign']) expect(schemes('post', at)).toEqual(['candidateToken']);
    const scheme = document.components.securitySchemes.candidateToken!;
    if (scheme.type !== 'apiKey') throw new Error(`the candidate's token is no API key in a header: ${JSON.stringify(scheme)}`);
    expect(scheme.in).toBe('header');

    const dallas = (await sql<{ id: string }>`select id from rm.org_offices where name = 'Dallas Office'`.execute(test.database.db)).rows[0]!.id;
    const email = 'ada.reader@example.com';
    const invite = { office_id: dallas, role_id: ROLE.AGENT, first_name: 'Ada', last_name: 'Reader', email, mobile_number: '2145550199', delivery_method: 0 };
    expect((await call(baseUrl, 'POST', '/api/v1/candidate/send_invite', { token: tokens.get(ROLE.OFFICE_MANAGER)!, body: invite })).status).toBe(201);
    const token = /onboarding-page\?token=([\w-]{40,})/.exec(await mailTo(dataDir, email))?.[1];
    expect(token).toBeDefined();
    const page = await call<{ data: { email: string } }>(baseUrl, 'GET', '/api/v1/candidate_profile', { headers: { [scheme.name]: token! } });
    expect({ status: page.status, email: page.body.data?.email }).toEqual({ status: 200, email });
    // Without it (or with another), the link does not open.
    expect((await call(baseUrl, 'GET', '/api/v1/candidate_profile')).status).toBe(404);
    expect((await call(baseUrl, 'GET', '/api/v1/candidate_profile', { headers: { 'x-api-key': token! } })).status).toBe(404);
  });

  it('answers no 5xx to malformed bodies and queries on any route', async () => {
    const failures: string[] = [];
    const record = (route: ApiRoute, what: string, answer: Answer) => {
      if (answer.status >= 500) failures.push(`${route.method} ${route.path} (${what}): ${answer.status} ${JSON.stringify(answer.body)}`);
    };
    const token = tokens.get(ROLE.SUPER_ADMIN)!;
    const agentToken = tokens.get(ROLE.AGENT)!;
    const nonsenseQuery = `?page=-3&results=abc&sort=sideways&sort_by=%27%3Bdrop&term=${'x'.repeat(300)}&status=banana&office_id=%00`;
    for (const route of apiRoutes) {
      if (route.path === '/api/v1/logout') continue;
      const bearer = Array.isArray(route.access) && !route.access.includes(ROLE.SUPER_ADMIN) ? agentToken : token;
      const path = concrete(route);
      record(route, 'nonsense query', await call(baseUrl, route.method, `${path}${nonsenseQuery}`, { token: bearer, body: route.method === 'GET' ? undefined : {} }));
      if (route.method !== 'GET') {
        for (const body of [[], 'text', 42, null, { email: ['a'], password: { $gt: '' }, page: 'x' }]) {
          record(route, `body ${JSON.stringify(body)}`, await call(baseUrl, route.method, path, { token: bearer, body }));
        }
        const broken = await fetch(`${baseUrl}${path}`, { method: route.method, headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json' }, body: '{"email": ' });
        record(route, 'broken JSON', { status: broken.status, body: {} });
      }
    }
    expect(failures).toEqual([]);
  });
});

describe('scope: each manager sees only their part of the organisation', () => {
  let seeded: SeededService;
  let baseUrl: string;
  const sessions: Record<string, string> = {};

  beforeAll(async () => {
    seeded = await startSeededService();
    ({ baseUrl } = seeded);
    for (const email of Object.values(DEMO_BY_ROLE)) sessions[email!] = (await login(baseUrl, email!)).body.items!.token;
  }, 180_000);
  afterAll(async () => {
    await seeded?.stop();
  });

  const list = async (email: string, path: string) => (await call<{ data: { id: string; name: string }[] }>(baseUrl, 'GET', path, { token: sessions[email] })).body.data;

  it('limits the office lists to the offices each one manages', async () => {
    const counts: Record<string, number> = {};
    for (const email of ['super@demo.test', 'retailer.manager@demo.test', 'ibo.manager@demo.test', 'office.manager@demo.test', 'agent@demo.test']) {
      counts[email] = (await list(email, '/api/v1/reference/offices')).length;
    }
    expect(counts).toEqual({
      'super@demo.test': 12,
      'retailer.manager@demo.test': 6,
      'ibo.manager@demo.test': 3,
      'office.manager@demo.test': 1,
      'agent@demo.test': 1,
    });
    const [own] = await list('office.manager@demo.test', '/api/v1/reference/offices');
    const others = (await list('super@demo.test', '/api/v1/reference/offices')).filter((office) => office.id !== own!.id);
    expect(own!.name).toBe('Dallas Office');

    // The paged Office list: the same limits, and another office's id finds nothing.
    const page = await call<{ items: { data: { id: string; get_manager_info: { name: string }[] }[]; total: number; current_page: number } }>(baseUrl, 'GET', '/api/v1/offices', {
      token: sessions['office.manager@demo.test'],
    });
    expect(page.body.items).toMatchObject({ total: 1, current_page: 1 });
    expect(page.body.items.data[0]!.get_manager_info).toEqual([{ user_id: expect.any(String), name: 'Olivia Ortega' }]);
    // doc 3 §3: an office row carries form_status (the seed sent Dallas the unit form, still in progress: docs/DOCUMENTS.md).
    expect(page.body.items.data[0]).toMatchObject({ form_status: 1, form_id: expect.any(String) });
    const foreign = await call<{ items: { total: number } }>(baseUrl, 'GET', `/api/v1/offices?office_id=${others[0]!.id}`, { token: sessions['office.manager@demo.test'] });
    expect(foreign.body.items.total).toBe(0);
    const everything = await call<{ items: { total: number; data: unknown[] } }>(baseUrl, 'GET', '/api/v1/offices?results=5&page=2&sort_by=office_number&sort=desc', { token: sessions['super@demo.test'] });
    expect(everything.body.items.total).toBe(12);
    expect(everything.body.items.data).toHaveLength(5);
  });

  it('limits people and markets to the scope', async () => {
    const agents = async (email: string, term = '') => (await list(email, `/api/v1/userlist_based_on_role/agent${term ? `?term=${term}` : ''}`)).length;
    // The seed's ten agents an office, and in Dallas the candidate onboarded into an agent (docs/ONBOARDING.md).
    expect(await agents('office.manager@demo.test')).toBe(11);
    expect(await agents('ibo.manager@demo.test')).toBe(31);
    expect(await agents('retailer.manager@demo.test')).toBe(61);
    expect(await agents('super@demo.test')).toBe(121);
    expect((await list('ibo.manager@demo.test', '/api/v1/reference/ibo_marketers')).map((market) => market.name)).toEqual(['North Market']);
    expect((await list('retailer.manager@demo.test', '/api/v1/reference/ibo_marketers')).map((market) => market.name).sort()).toEqual(['North Market', 'South Market']);
    expect(await list('super@demo.test', '/api/v1/reference/ibo_marketers')).toHaveLength(4);
    expect((await list('retailer.manager@demo.test', '/api/v1/reference/retailers')).map((retailer) => retailer.name)).toEqual(['Bluebonnet Mobile']);
    expect(await list('super@demo.test', '/api/v1/reference/retailers')).toHaveLength(2);
  });

  it('lets a manager move agents between their own offices only', async () => {
    const offices = await list('super@demo.test', '/api/v1/reference/offices');
    const officeId = (name: string) => offices.find((office) => office.name === name)!.id;
    const agentsOf = async (email: string, term: string) =>
      (await call<{ data: { id: string; first_name: string; office_id: string }[] }>(baseUrl, 'GET', `/api/v1/userlist_based_on_role/agent?term=${term}`, { token: sessions[email] })).body.data;
    const [mine] = await agentsOf('office.manager@demo.test', 'agent003');
    const move = (email: string, agentId: string, office: string) => call(baseUrl, 'POST', '/api/v1/change_office', { token: sessions[email], body: { agent_id: agentId, office_id: office } });

    expect((await call(baseUrl, 'POST', '/api/v1/change_office', { token: sessions['ibo.manager@demo.test'], body: {} })).body).toMatchObject({
      fields: { office_id: 'Please select office', agent_id: 'Please select agent' },
    });
    // An office manager has no Users screen: the route itself is closed to role 3.
    expect((await move('office.manager@demo.test', mine!.id, officeId('Houston Office'))).status).toBe(403);
    // The IBO manager of North Market moves an agent from Dallas to Houston, both theirs…
    const moved = await move('ibo.manager@demo.test', mine!.id, officeId('Houston Office'));
    expect(moved).toEqual({ status: 200, body: { message: 'Office Updated Successfully' } });
    // …and the very next read shows it: Dallas's manager no longer sees the agent.
    expect(await agentsOf('office.manager@demo.test', 'agent003')).toEqual([]);
    expect((await agentsOf('office.manager@demo.test', '')).length).toBe(10);
    // Not to an office of another IBO/market, and not an agent of another IBO/market: each answers as if it did not exist.
    const southOffice = officeId('Little Rock Office');
    const noOffice = await move('ibo.manager@demo.test', mine!.id, '01a20a58-0000-7000-8000-00000000dead');
    expect(noOffice).toEqual({ status: 404, body: { error: 'Not Found', message: 'No such office' } });
    expect(await move('ibo.manager@demo.test', mine!.id, southOffice)).toEqual(noOffice);
    const [southAgent] = await agentsOf('super@demo.test', 'agent045');
    const noAgent = await move('ibo.manager@demo.test', '01a20a58-0000-7000-8000-00000000dead', officeId('Dallas Office'));
    expect(noAgent).toEqual({ status: 404, body: { error: 'Not Found', message: 'No such agent' } });
    expect(await move('ibo.manager@demo.test', southAgent!.id, officeId('Dallas Office'))).toEqual(noAgent);
    expect((await move('ibo.manager@demo.test', mine!.id, officeId('Houston Office'))).status).toBe(409);
  });

  it('answers the fixed code lists with a name for every code', async () => {
    const statuses = await list('office.manager@demo.test', '/api/v1/reference/inventory_status');
    expect(statuses.find((status) => Number(status.id) === 9)?.name).toBeTruthy();
    expect(await list('office.manager@demo.test', '/api/v1/reference/short_us_states')).toHaveLength(51);
    const roles = await list('super@demo.test', '/api/v1/roles');
    expect(roles.map((role) => Number(role.id))).toEqual([1, 8, 4, 5, 12, 11, 9, 3, 14, 2, 15]);
    const badRole = await call(baseUrl, 'GET', '/api/v1/userlist_based_on_role/janitor', { token: sessions['super@demo.test'] });
    expect(badRole.status).toBe(400);
  });
});
