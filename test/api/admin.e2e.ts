import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { type MarketRow, ROLE, type UserListAnswer } from '@portal/contracts';
import type { OfficeRow } from '@portal/projections';
import { sql } from 'kysely';
import { type SeededService, call, downloadExport, login, startSeededService } from '../support/demo';
import { mailTo } from '../support/outbox';

/**
 * Administration over HTTP (doc 3 §2, §7): the Users list and its export — filters, sorts,
 * scope — against independent counts from the organisation's tables.
 */
describe('administration', () => {
  let service: SeededService;
  let dataDir: string;
  const people = {
    admin: 'super@demo.test',
    bluebonnet: 'retailer.manager@demo.test',
    northIbo: 'ibo.manager@demo.test',
    dallas: 'office.manager@demo.test',
  } as const;
  const tokens = {} as Record<keyof typeof people, string>;

  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-admin-'));
    service = await startSeededService({ DATA_DIR: dataDir });
    for (const [key, email] of Object.entries(people) as [keyof typeof people, string][]) tokens[key] = (await login(service.baseUrl, email)).body.items!.token;
  }, 180_000);
  afterAll(async () => {
    await service?.stop();
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  const as = <T = UserListAnswer>(who: keyof typeof people, path: string) => call<T>(service.baseUrl, 'GET', path, { token: tokens[who] });
  const count = async (where: ReturnType<typeof sql>) =>
    Number((await sql<{ n: string }>`select count(*)::text as n from rm.org_users u where ${where}`.execute(service.test.database.db)).rows[0]!.n);
  const idOf = async (table: 'org_retailers' | 'org_ibo_markets' | 'org_offices', name: string) =>
    (await sql<{ id: string }>`select id from ${sql.table(`rm.${table}`)} where name = ${name}`.execute(service.test.database.db)).rows[0]!.id;

  describe('Users list (GET /api/v1/users)', () => {
    it('answers a page of ten in the spec envelope with last_run_date; the super role sees every user', async () => {
      const answer = await as('admin', '/api/v1/users');
      expect(answer.status).toBe(200);
      expect(answer.body.items.data).toHaveLength(10);
      expect(answer.body.items.current_page).toBe(1);
      expect(answer.body.items.total).toBe(await count(sql`true`));
      expect(answer.body.last_run_date).toMatch(/^\d{4}-\d{2}-\d{2}T/);
      const agent = (await as('admin', '/api/v1/users?search_text=agent003@demo.test')).body.items.data;
      expect(agent).toHaveLength(1);
      expect(agent[0]).toMatchObject({ email: 'agent003@demo.test', role_info: [{ role_id: ROLE.AGENT, role_name: 'Agent' }], status: 1, status_text: 'Active', office_number: 'OF001' });
      expect(agent[0]!.user_ibo_market_name).toBe('North Market');
    });

    it('keeps to the scope: a retailer manager sees their retailer, an IBO manager their market, and filters cannot reach further', async () => {
      const bluebonnet = await idOf('org_retailers', 'Bluebonnet Mobile');
      const north = await idOf('org_ibo_markets', 'North Market');
      const west = await idOf('org_ibo_markets', 'West Market');
      const retailerList = await as('bluebonnet', '/api/v1/users?results=100');
      expect(retailerList.body.items.total).toBe(await count(sql`u.retailer_id = ${bluebonnet}`));
      expect(new Set(retailerList.body.items.data.map((row) => row.user_ibo_market_name))).toEqual(new Set([null, 'North Market', 'South Market']));
      const marketList = await as('northIbo', '/api/v1/users?results=100');
      expect(marketList.body.items.total).toBe(await count(sql`u.ibo_marketer_id = ${north}`));
      expect(marketList.body.items.data.every((row) => row.user_ibo_market_name === 'North Market')).toBe(true);
      // Another retailer's market as a filter: nothing, as for a market that does not exist.
      expect((await as('northIbo', `/api/v1/users?ibo_marketer_id=${west}`)).body.items.total).toBe(0);
      expect((await as('bluebonnet', `/api/v1/users?ibo_marketer_id=${west}`)).body.items.total).toBe(0);
      // The screens are roles 11 and 12's (doc 3 §2): an office manager is refused.
      expect((await as('dallas', '/api/v1/users')).status).toBe(403);
    });

    it('filters by roles, statuses, office and keyword, and sorts on the server', async () => {
      const dallas = await idOf('org_offices', 'Dallas Office');
      const agents = await as('bluebonnet', '/api/v1/users?role=2&results=100');
      expect(agents.body.items.total).toBe(await count(sql`${ROLE.AGENT} = any(u.role_ids) and u.retailer_id = ${await idOf('org_retailers', 'Bluebonnet Mobile')}`));
      expect(agents.body.items.data.every((row) => row.role_info.some((role) => role.role_id === ROLE.AGENT))).toBe(true);
      const managers = await as('admin', `/api/v1/users?role=${ROLE.OFFICE_MANAGER},${ROLE.IBO_MANAGER}&results=100`);
      expect(managers.body.items.total).toBe(await count(sql`u.role_ids && ${[ROLE.OFFICE_MANAGER, ROLE.IBO_MANAGER]}::integer[]`));
      expect((await as('admin', '/api/v1/users?status=0')).body.items.total).toBe(await count(sql`u.status = 0`));
      // An office: the agents working there and the manager managing it.
      const office = await as('bluebonnet', `/api/v1/users?office_id=${dallas}&results=100`);
      // Ten agents, the candidate onboarded into an agent, and the manager.
      expect(office.body.items.total).toBe(12);
      expect(office.body.items.data.filter((row) => row.office_mapping_info.some((mapping) => mapping.office_id === dallas)).map((row) => row.email)).toEqual(['office.manager@demo.test']);
      const byEmail = (await as('admin', '/api/v1/users?sort_by=email&sort=DESC&results=50')).body.items.data.map((row) => row.email.toLowerCase());
      expect(byEmail).toEqual([...byEmail].sort().reverse());
      const byOffice = (await as('bluebonnet', '/api/v1/users?role=2&sort_by=office_number&sort=ASC&results=100')).body.items.data.map((row) => row.office_number ?? '');
      expect(byOffice).toEqual([...byOffice].sort());
    });

    it('refuses hostile filters in the one error shape', async () => {
      for (const query of ['role=99', 'role=2,abc', 'status=7', 'sort_by=password', 'sort=sideways', 'page=0', 'search_text=a%00b']) {
        const answer = await as<{ error: string; message: string }>('admin', `/api/v1/users?${query}`);
        expect([query, answer.status]).toEqual([query, 400]);
        expect(typeof answer.body.message).toBe('string');
      }
    });

    it('exports the rows the screen shows, with its filters (user_export)', async () => {
      const shown = await as('northIbo', '/api/v1/users?role=2');
      const file = await downloadExport(service.baseUrl, tokens.northIbo, '/api/v1/user_export?role=2&format=csv');
      expect(file.heading).toBe('IBOs/Markets,Office,First Name,Middle Name,Last Name,Phone Number,E-mail,Role,ETC Code,Rad ID,Address,City,State,ZIP,Status,Updated At,Created At');
      expect(file.rows).toHaveLength(shown.body.items.total);
      expect(file.rows.every((row) => row.startsWith('North Market,') && row.includes(',Agent,'))).toBe(true);
    });
  });

  describe('Add User (POST /api/v1/users)', () => {
    const post = (who: keyof typeof people, body: unknown) => call<{ message: string; id?: string; fields?: Record<string, string> }>(service.baseUrl, 'POST', '/api/v1/users', { token: tokens[who], body });
    const nora = { first_name: 'Nora', last_name: 'Nash', email: 'nora.nash@demo.test', mobile_number: '2145550123', city: 'Dallas', state: 'tx', zip: '75201' };
    it("a retailer manager adds an IBO manager (the picker's only role) who joins the market's managers and chooses a password from the e-mailed link", async () => {
      const north = await idOf('org_ibo_markets', 'North Market');
      const added = await post('bluebonnet', { ...nora, ibo_marketer_id: north });
      expect(added).toMatchObject({ status: 200, body: { message: 'User created successfully' } });
      const listed = (await as('bluebonnet', '/api/v1/users?search_text=nora.nash')).body.items.data;
      expect(listed).toHaveLength(1);
      expect(listed[0]).toMatchObject({ id: added.body.id, role_info: [{ role_id: ROLE.IBO_MANAGER, role_name: 'IBO Manager' }], user_ibo_market_name: 'North Market', state: 'TX', zip: '75201', city: 'Dallas' });
      const offices = await call<{ items: { data: OfficeRow[] } }>(service.baseUrl, 'GET', `/api/v1/offices?ibo_marketer_id=${north}&results=1`, { token: tokens.bluebonnet });
      expect(offices.body.items.data[0]!.get_ibo_manager_info.map((person) => person.name)).toContain('Nora Nash');
      // No one chose her password: the link in her e-mail lets her choose it, then she signs in.
      const mail = await mailTo(dataDir, 'nora.nash@demo.test');
      const token = /page-reset-password\?token=([\w-]+)/.exec(mail)?.[1];
      expect(token).toBeDefined();
      expect((await login(service.baseUrl, 'nora.nash@demo.test', 'Passw0rd!')).status).toBe(401);
      expect(await call(service.baseUrl, 'POST', '/api/reset_password', { body: { token, password: 'N0ra-chose-this' } })).toMatchObject({ status: 200 });
      const signedIn = await login(service.baseUrl, 'nora.nash@demo.test', 'N0ra-chose-this');
      expect(signedIn.status).toBe(200);
      expect(signedIn.body.items?.role_id).toEqual([ROLE.IBO_MANAGER]);
    });

    it("answers the form's problems in the spec's words, refuses a used e-mail, and keeps to the viewer's roles and scope", async () => {
      const empty = await post('bluebonnet', {});
      expect(empty.status).toBe(400);
      expect(empty.body.fields).toMatchObject({ first_name: 'Please input first name', last_name: 'Please input your last name', email: 'Enter valid email address', mobile_number: 'Please input  valid mobile number' });
      expect((await post('bluebonnet', { ...nora, email: 'other@demo.test' })).body).toMatchObject({ fields: { ibo_marketer_id: 'Please input IBO / Market' } });
      expect((await post('admin', { ...nora, email: 'other@demo.test', role_id: ROLE.OFFICE_MANAGER })).body.fields).toEqual({ ibo_marketer_id: 'Please input IBO / Market', office_id: 'Please select office' });
      expect((await post('bluebonnet', { ...nora, email: 'agent@demo.test', ibo_marketer_id: await idOf('org_ibo_markets', 'South Market') })).status).toBe(409);
      // Another retailer's market reads as one that does not exist; a role above the picker's is refused; IBO managers add no one (doc 3 §2).
      expect((await post('bluebonnet', { ...nora, email: 'west@demo.test', ibo_marketer_id: await idOf('org_ibo_markets', 'West Market') })).status).toBe(404);
      expect((await post('bluebonnet', { ...nora, email: 'boss@demo.test', role_id: ROLE.SUPER_ADMIN })).status).toBe(403);
      expect((await post('northIbo', { ...nora, email: 'ibo-add@demo.test' })).status).toBe(403);
      expect((await as('admin', '/api/v1/users?search_text=other@demo.test')).body.items.total).toBe(0);
    });

    it('the super role adds an office manager, who manages the office at once', async () => {
      const dallas = await idOf('org_offices', 'Dallas Office');
      const added = await post('admin', { ...nora, email: 'omar.office@demo.test', first_name: 'Omar', last_name: 'Ortiz', role_id: ROLE.OFFICE_MANAGER, ibo_marketer_id: await idOf('org_ibo_markets', 'North Market'), office_id: dallas });
      expect(added.status).toBe(200);
      const office = await call<{ items: { data: OfficeRow[] } }>(service.baseUrl, 'GET', `/api/v1/offices?office_id=${dallas}`, { token: tokens.admin });
      expect(office.body.items.data[0]!.get_manager_info.map((person) => person.name).sort()).toEqual(['Olivia Ortega', 'Omar Ortiz']);
    });
  });

  describe('Edit User (POST /api/v1/users/{id})', () => {
    const edit = (who: keyof typeof people, id: string, body: unknown) => call<{ message: string; fields?: Record<string, string> }>(service.baseUrl, 'POST', `/api/v1/users/${id}`, { token: tokens[who], body: { _method: 'PUT', ...(body as object) } });
    const userNamed = async (email: string) => (await as('admin', `/api/v1/users?search_text=${encodeURIComponent(email)}`)).body.items.data[0]!;

    it("an IBO manager makes an office manager of their market an add-on manager of another office: the lists follow; e-mail and mobile stay", async () => {
      const houston = await userNamed('office.manager2@demo.test');
      const dallas = await idOf('org_offices', 'Dallas Office');
      const north = await idOf('org_ibo_markets', 'North Market');
      const answer = await edit('northIbo', houston.id, {
        first_name: 'Olivia', last_name: 'Oakes', email: 'hijack@demo.test', mobile_number: '9999999999', role_id: ROLE.OFFICE_SUPERVISOR, ibo_marketer_id: north, office_id: dallas, city: 'Dallas', zip: '75201',
      });
      expect(answer).toMatchObject({ status: 200, body: { message: 'User edited successfully' } });
      const after = await userNamed('office.manager2@demo.test');
      expect(after).toMatchObject({ last_name: 'Oakes', email: 'office.manager2@demo.test', mobile_number: houston.mobile_number, role_info: [{ role_id: ROLE.OFFICE_SUPERVISOR }], office_id: dallas, city: 'Dallas', zip: '75201' });
      const office = async (id: string) => (await call<{ items: { data: OfficeRow[] } }>(service.baseUrl, 'GET', `/api/v1/offices?office_id=${id}`, { token: tokens.admin })).body.items.data[0]!;
      expect((await office(dallas)).get_supervisor_info.map((person) => person.name)).toEqual(['Olivia Oakes']);
      expect((await office(houston.office_id!)).get_manager_info).toEqual([]);
    });

    it("refuses what the viewer's level does not reach, and a user outside the scope reads as missing", async () => {
      const northIbo = await userNamed('ibo.manager@demo.test');
      const westAgent = (await as('admin', `/api/v1/users?ibo_marketer_id=${await idOf('org_ibo_markets', 'West Market')}&role=2&results=1`)).body.items.data[0]!;
      const dallasAgent = await userNamed('agent@demo.test');
      expect((await edit('northIbo', northIbo.id, { first_name: 'Ian', last_name: 'Mercer' })).status).toBe(403);
      expect((await edit('northIbo', westAgent.id, { first_name: 'Far', last_name: 'Away' })).status).toBe(404);
      expect((await edit('bluebonnet', westAgent.id, { first_name: 'Far', last_name: 'Away' })).status).toBe(404);
      expect((await edit('northIbo', dallasAgent.id, { first_name: 'Ada', last_name: 'Agent', role_id: ROLE.IBO_MANAGER, ibo_marketer_id: dallasAgent.ibo_marketer_id })).status).toBe(403);
      expect((await edit('northIbo', dallasAgent.id, { first_name: '', last_name: 'Agent' })).body.fields).toMatchObject({ first_name: 'Please input first name' });
      expect((await edit('dallas', dallasAgent.id, { first_name: 'Ada', last_name: 'Agent' })).status).toBe(403);
      expect((await edit('admin', 'no-such-user', { first_name: 'Ada', last_name: 'Agent' })).status).toBe(404);
    });
  });

  it("gives the user forms their lists: the offices of one IBO/market in scope, and genders", async () => {
    const north = await idOf('org_ibo_markets', 'North Market');
    const offices = await as<{ data: { name: string }[] }>('bluebonnet', `/api/v1/reference/offices?ibo_marketer_id=${north}`);
    expect(offices.body.data.map((office) => office.name).sort()).toEqual(['Dallas Office', 'Houston Office', 'Tulsa Office']);
    expect((await as<{ data: unknown[] }>('bluebonnet', `/api/v1/reference/offices?ibo_marketer_id=${await idOf('org_ibo_markets', 'West Market')}`)).body.data).toEqual([]);
    expect((await as<{ data: { id: number; name: string }[] }>('northIbo', '/api/v1/reference/genders')).body.data.map((gender) => gender.name)).toEqual(['Male', 'Female', 'Other']);
  });

  describe('IBOs/Markets (GET/POST /api/v1/ibo_marketers, action, export)', () => {
    type MarketPage = { items: { data: MarketRow[]; total: number } };
    const send = (who: keyof typeof people, route: string, body: unknown) => call<{ message: string; id?: string; fields?: Record<string, string> }>(service.baseUrl, 'POST', route, { token: tokens[who], body });
    const userId = async (email: string) => (await as('admin', `/api/v1/users?search_text=${encodeURIComponent(email)}`)).body.items.data[0]!.id;

    it("lists the retailer's markets with their managers and the chain; the super role sees every retailer's", async () => {
      const mine = await as<MarketPage>('bluebonnet', '/api/v1/ibo_marketers?sort_by=name');
      // The seed's Prairie Market is closed (no offices, no agents): listed, Inactive.
      expect(mine.body.items.data.map((row) => [row.name, row.status])).toEqual([['North Market', 1], ['Prairie Market', 0], ['South Market', 1]]);
      expect(mine.body.items.data[0]).toMatchObject({ retailer_name: 'Bluebonnet Mobile', distributor_name: 'Prairie Wireless Distribution', master_agent_name: 'Lone Star Master Agency', status: 1, form_status: 1, form_id: expect.any(String) });
      // The seed sent North Market the unit form (docs/DOCUMENTS.md); Prairie Market has none.
      expect(mine.body.items.data[1]).toMatchObject({ name: 'Prairie Market', form_status: null, form_id: null });
      expect(mine.body.items.data[0]!.get_manager_info.map((person) => person.name)).toContain('Ian Mercer');
      expect((await as<MarketPage>('admin', '/api/v1/ibo_marketers')).body.items.total).toBe(5);
      expect((await as<MarketPage>('bluebonnet', '/api/v1/ibo_marketers?status=0')).body.items.data.map((row) => row.name)).toEqual(['Prairie Market']);
      expect((await as('northIbo', '/api/v1/ibo_marketers')).status).toBe(403);
    });

    it('adds, renames and re-staffs a market; deactivation waits until it holds no devices and no active agents', async () => {
      const ian = await userId('ibo.manager@demo.test');
      const added = await send('bluebonnet', '/api/v1/ibo_marketers', { name: 'Central Market', manager_id: [ian] });
      expect(added).toMatchObject({ status: 200, body: { message: 'IBO/Market created successfully' } });
      const id = added.body.id!;
      const row = async () => (await as<MarketPage>('bluebonnet', `/api/v1/ibo_marketers?ibo_marketer_id=${id}`)).body.items.data[0]!;
      expect((await row()).get_manager_info.map((person) => person.name)).toEqual(['Ian Mercer']);
      // The spec's words for what is missing; a taken name; a manager who is not an IBO manager of the retailer.
      expect((await send('bluebonnet', '/api/v1/ibo_marketers', { name: ' ' })).body.fields).toEqual({ name: 'Please input IBO / Market Name' });
      expect((await send('admin', '/api/v1/ibo_marketers', { name: 'Orphan Market' })).body.fields).toEqual({ retailer_id: 'Please input Retailer' });
      expect((await send('bluebonnet', '/api/v1/ibo_marketers', { name: 'central market' })).status).toBe(409);
      expect((await send('bluebonnet', '/api/v1/ibo_marketers', { name: 'Uptown Market', manager_id: await userId('agent@demo.test') })).status).toBe(422);

      const edited = await send('bluebonnet', `/api/v1/ibo_marketers/${id}`, { _method: 'PUT', name: 'Midtown Market', manager_id: [] });
      expect(edited).toMatchObject({ status: 200, body: { message: 'IBO/Market updated successfully' } });
      expect(await row()).toMatchObject({ name: 'Midtown Market', get_manager_info: [] });
      expect((await send('bluebonnet', `/api/v1/ibo_marketers/${id}`, { _method: 'PUT', name: '' })).body.fields).toEqual({ name: 'Please input IBO / Marketer' });
      const west = await idOf('org_ibo_markets', 'West Market');
      expect((await send('bluebonnet', `/api/v1/ibo_marketers/${west}`, { _method: 'PUT', name: 'Mine Now' })).status).toBe(404);

      const north = await idOf('org_ibo_markets', 'North Market');
      const refused = await send('bluebonnet', `/api/v1/ibo_marketers/action/${north}`, { status: 0 });
      expect(refused.status).toBe(409);
      // The demo's devices may still be arriving (the seed goes on after the organisation): the agents are there already.
      expect(refused.body.message).toMatch(/^North Market still has ([\d,]+ devices and )?31 active agents: (transfer the devices to another office and )?move the agents to another office/);
      expect(await send('bluebonnet', `/api/v1/ibo_marketers/action/${id}`, { status: 0 })).toMatchObject({ status: 200, body: { message: 'IBOs / Markets inactivate successfully' } });
      expect((await row()).status).toBe(0);
      expect((await as<{ data: { id: string }[] }>('bluebonnet', '/api/v1/reference/ibo_marketers')).body.data.map((market) => market.id)).not.toContain(id);
      expect((await send('bluebonnet', `/api/v1/ibo_marketers/action/${id}`, { status: 0 })).status).toBe(409);
      expect((await send('bluebonnet', `/api/v1/ibo_marketers/action/${id}`, { status: 7 })).status).toBe(400);
      expect(await send('bluebonnet', `/api/v1/ibo_marketers/action/${id}`, { status: 1 })).toMatchObject({ status: 200, body: { message: 'IBOs / Markets activate successfully' } });
    });

    it('exports the list with its filters (ibo_market_export)', async () => {
      const shown = await as<MarketPage>('admin', '/api/v1/ibo_marketers?status=1');
      const file = await downloadExport(service.baseUrl, tokens.admin, '/api/v1/ibo_market_export?status=1&format=csv');
      expect(file.heading).toBe('Master,Distributor,Retailer,IBOs/Markets,Managers,Created At,Status');
      expect(file.rows).toHaveLength(shown.body.items.total);
    });
  });

  describe('Offices (POST /api/v1/offices, edit, action, get_inventory_count)', () => {
    type OfficePage = { items: { data: OfficeRow[]; total: number } };
    const send = (who: keyof typeof people, route: string, body: unknown) => call<{ message: string; id?: string; office_number?: string; fields?: Record<string, string> }>(service.baseUrl, 'POST', route, { token: tokens[who], body });
    const userId = async (email: string) => (await as('admin', `/api/v1/users?search_text=${encodeURIComponent(email)}`)).body.items.data[0]!.id;
    const officeRow = async (id: string) => (await as<OfficePage>('bluebonnet', `/api/v1/offices?office_id=${id}`)).body.items.data[0]!;

    it('adds an office with the next number and a generated name, edits its managers and Send Invite setting, and deactivates it while it is empty', async () => {
      const south = await idOf('org_ibo_markets', 'South Market');
      const before = Number(/^OF(\d+)$/.exec((await as<OfficePage>('admin', '/api/v1/offices?sort_by=office_number&sort=DESC&results=1')).body.items.data[0]!.office_number)![1]);
      const added = await send('bluebonnet', '/api/v1/offices', { state_short_name: 'ok', ibo_marketer_id: south });
      expect(added).toMatchObject({ status: 200, body: { message: 'Office created successfully', office_number: `OF${String(before + 1).padStart(3, '0')}` } });
      const id = added.body.id!;
      expect(await officeRow(id)).toMatchObject({ name: `Oklahoma Office ${before + 1}`, state_short_name: 'OK', ibo_marketer_name: 'South Market', status: 1, lifeline_status: 1, get_manager_info: [] });
      expect((await send('bluebonnet', '/api/v1/offices', { ibo_marketer_id: south })).body.fields).toEqual({ state_short_name: 'Please select option' });
      expect((await send('bluebonnet', '/api/v1/offices', { state_short_name: 'TX' })).body.fields).toEqual({ ibo_marketer_id: 'Please select' });
      expect((await send('bluebonnet', '/api/v1/offices', { state_short_name: 'TX', ibo_marketer_id: await idOf('org_ibo_markets', 'West Market') })).status).toBe(404);

      // Edit Office: a new manager (an office manager of the retailer), no Send Invite; the count it checks first.
      expect((await as<{ count: number }>('bluebonnet', `/api/v1/offices/get_inventory_count/${id}`)).body).toEqual({ count: 0 });
      const houstonManager = await userId('office.manager2@demo.test');
      const edited = await send('bluebonnet', `/api/v1/offices/${id}`, { _method: 'PUT', name: 'Ignored', manager_id: [await userId('office.manager3@demo.test')], lifeline_status: 0 });
      expect(edited).toMatchObject({ status: 200, body: { message: 'Office Updated successfully' } });
      expect(await officeRow(id)).toMatchObject({ name: `Oklahoma Office ${before + 1}`, lifeline_status: 0, get_manager_info: [{ name: 'Olivia Oliver' }] });
      expect((await as<OfficePage>('bluebonnet', `/api/v1/offices?lifeline_status=0&office_id=${id}`)).body.items.total).toBe(1);
      // The seed's Little Rock Office is not offered by Send Invite either.
      expect((await as<OfficePage>('bluebonnet', '/api/v1/offices?lifeline_status=0')).body.items.data.map((row) => row.name).sort()).toEqual(['Little Rock Office', `Oklahoma Office ${before + 1}`]);
      expect((await send('bluebonnet', `/api/v1/offices/${id}`, { manager_id: [await userId('agent@demo.test')] })).status).toBe(422);
      expect(houstonManager).toBeTruthy();

      // The super role does not edit or act on offices (doc 3 §6).
      expect((await send('admin', `/api/v1/offices/${id}`, { manager_id: [] })).status).toBe(403);
      expect((await send('admin', `/api/v1/offices/action/${id}`, { status: 0 })).status).toBe(403);
      expect(await send('bluebonnet', `/api/v1/offices/action/${id}`, { status: 0 })).toMatchObject({ status: 200, body: { message: 'Office deleted successfully' } });
      expect((await officeRow(id)).status).toBe(0);
      expect((await as<{ data: { id: string }[] }>('bluebonnet', '/api/v1/reference/offices')).body.data.map((office) => office.id)).not.toContain(id);
    });

    it("refuses to deactivate an office with active agents, saying how many; counts the devices it holds; another IBO's office reads as missing", async () => {
      const dallas = await idOf('org_offices', 'Dallas Office');
      const refused = await send('bluebonnet', `/api/v1/offices/action/${dallas}`, { status: 0 });
      expect(refused.status).toBe(409);
      expect(refused.body.message).toMatch(/^Dallas Office still has ([\d,]+ devices? and )?11 active agents: /);
      const held = await sql<{ n: number }>`select count(*)::int as n from rm.inventory_devices where office_id = ${dallas} and status = any(${[9, 3, 4, 5, 6, 12]}::smallint[])`.execute(service.test.database.db);
      const counted = (await as<{ count: number }>('northIbo', `/api/v1/offices/get_inventory_count/${dallas}`)).body.count;
      expect(counted).toBeGreaterThanOrEqual(held.rows[0]!.n);
      const fresno = await idOf('org_offices', 'Fresno Office');
      expect((await as('northIbo', `/api/v1/offices/get_inventory_count/${fresno}`)).status).toBe(404);
      expect((await send('northIbo', `/api/v1/offices/${fresno}`, { manager_id: [] })).status).toBe(404);
      expect((await send('northIbo', `/api/v1/offices/action/${fresno}`, { status: 0 })).status).toBe(404);
    });
  });
});
