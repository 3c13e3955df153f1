import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { SqlDb } from '@portal/projections';
import { sql } from 'kysely';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { createApiKey } from '../../../services/src/auth/api-keys.store';
import { type BrowserGlobals, framesDrawn, launchBrowser, motionsSettled, opened, takeCspViolations } from '../../support/browser';
import { createTestDatabase } from '../../../services/src/platform/testing/test-database';
import { call, login, type SeededService, waitForDemoBusiness } from '../../support/demo';
import { builtMain, freePort, startNode, terminate, waitFor } from '../../support/processes';

/**
 * The harness of the console's browser scenarios (test/browser/*.e2e.ts, one file per capability):
 * each file gets its own built service (api + worker, web/dist at /) on a fresh database seeded
 * with the demo business, one headless Chromium, and a data folder (outbox, stored files,
 * downloads). Jest runs two files at a time, so two services and two browsers share the machine.
 */
export interface ConsoleUnderTest {
  readonly browser: Browser;
  readonly baseUrl: string;
  /** DATA_DIR of the service: its outbox, stored files; downloads are saved here too. */
  readonly dataDir: string;
  readonly seeded: SeededService;
  /** The test database (read models in `rm.*`). */
  readonly db: SqlDb;
}

/**
 * Called at the top of a describe: starts the browser and the seeded service before its tests,
 * stops them after, and fails any test after which a page of any scenario reported a
 * Content-Security-Policy violation. PUBLIC_URL is http://portal.test (links in mails and
 * downloads are absolute to it: `routePublicUrl` sends them to this service); EXPORT_WAIT_MS 0
 * makes every export answer 'being prepared' at once, so the console follows it (progress, then
 * Download).
 */
export function consoleInTheBrowser(env: Record<string, string> = {}): ConsoleUnderTest {
  let browser: Browser | undefined;
  let seeded: SeededService | undefined;
  let dataDir: string | undefined;
  beforeAll(async () => {
    // The browser first: a missing Chromium fails the file at once, with its message.
    browser = await launchBrowser();
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-browser-'));
    seeded = await startSeededConsole({ DATA_DIR: dataDir, PUBLIC_URL: 'http://portal.test', EXPORT_WAIT_MS: '0', ...env });
  }, 300_000);
  afterAll(async () => {
    await browser?.close();
    await seeded?.stop();
    if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
  });
  // Everything the console does works under the service's Content-Security-Policy.
  afterEach(() => {
    expect(takeCspViolations()).toEqual([]);
  });
  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('the console harness has not started (used outside a test?)');
    return value;
  };
  return {
    get browser() {
      return started(browser);
    },
    get seeded() {
      return started(seeded);
    },
    get baseUrl() {
      return started(seeded).baseUrl;
    },
    get dataDir() {
      return started(dataDir);
    },
    get db() {
      return started(seeded).test.database.db;
    },
  };
}

/**
 * test/support/demo's startSeededService, except that a start that fails (the service exits, its
 * /health or the demo business does not come) stops the service and drops the database before
 * it throws, and says what the service printed: a half-started service left running would keep
 * jest from ending, and burn the machine the next files run on.
 */
async function startSeededConsole(env: Record<string, string>): Promise<SeededService> {
  const test = await createTestDatabase();
  const port = await freePort();
  const child = startNode(builtMain, [], { LOG_LEVEL: 'warn', DATABASE_URL: test.url, NODE_ENV: 'test', ...env, PORT: String(port), HOST: '127.0.0.1' });
  const baseUrl = `http://127.0.0.1:${port}`;
  const stop = async () => {
    await terminate(child);
    await test.drop();
  };
  try {
    await waitFor(
      async () => {
        if (child.exitCode !== null) throw new Error(`the service exited with ${child.exitCode}`);
        return fetch(`${baseUrl}/health`).then((response) => response.status, () => 0);
      },
      (status) => status === 200,
      90_000,
      'the service to answer /health',
    );
    await waitForDemoBusiness(test.database.db, 150_000);
  } catch (error) {
    await stop().catch(() => undefined);
    if (error instanceof Error) error.message += `\nWhat the service printed:\n${child.output().slice(-4_000) || '(nothing)'}`;
    throw error;
  }
  return { test, baseUrl, stop };
}

/** Download and label links are absolute to PUBLIC_URL (http://portal.test): send them to this service. */
export async function routePublicUrl(context: BrowserContext, baseUrl: string): Promise<void> {
  await context.route('http://portal.test/**', (route) => route.continue({ url: route.request().url().replace('http://portal.test', baseUrl) }));
}

export const sidebarOf = (page: Page) => page.getByTestId('sidebar');

/**
 * Chooses an entry of the profile menu (a hover dropdown) and waits until `arrived` holds. On a
 * busy machine the dropdown can close between the hover and the click, which then lands on
 * nothing: hover and click again (three tries).
 */
export async function fromProfileMenu(page: Page, entry: RegExp, arrived: (url: URL) => boolean): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await page.getByTestId('profile-menu').hover();
      await page.getByRole('menuitem').filter({ hasText: entry }).click({ timeout: 5_000 });
      await page.waitForURL(arrived, { timeout: 5_000 });
      return;
    } catch (error) {
      if (attempt === 3) throw error;
    }
  }
}

/** Logout from the profile menu. */
export const logOut = (page: Page) => fromProfileMenu(page, /^\s*Logout\s*$/, (url) => url.pathname === '/login');

/**
 * A menu entry by its visible label. Matched on text rather than accessible name: an entry's
 * icon adds its own label ('database', 'setting', …) to the accessible name.
 */
export const menuEntry = (list: Locator, label: string) =>
  list.getByRole('menuitem').filter({ hasText: new RegExp(`^\\s*${label.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}\\s*$`) });

/**
 * Opens a sidebar group (an inline submenu) and returns its list of entries, once the list has
 * finished unfolding (an entry clicked while it slides can be missed).
 */
export async function openGroup(sidebar: Locator, name: string): Promise<Locator> {
  const title = menuEntry(sidebar, name);
  if ((await title.getAttribute('aria-expanded')) !== 'true') await title.click();
  const list = sidebar.locator(`[id="${await title.getAttribute('aria-controls')}"]`);
  await list.waitFor();
  // antd's collapse motion (its height grows from 0): once it has started and run to its end.
  await framesDrawn(list.page());
  await motionsSettled(list.page());
  return list;
}

/** Labels of the entries a sidebar list shows (direct entries and group titles alike). */
export const labelsOf = async (list: Locator) => (await list.getByRole('menuitem').allInnerTexts()).map((text) => text.trim());

/** The signed-in user the console keeps in the browser's storage. */
export const storedUser = (page: Page) =>
  page.evaluate(() => {
    const { localStorage, sessionStorage } = globalThis as unknown as BrowserGlobals;
    const text = localStorage.getItem('user') ?? sessionStorage.getItem('user');
    return text ? (JSON.parse(text) as { idToken: string; user_id: string; expireDate: string }) : null;
  });

/** The width the page would scroll sideways (0: it fits the screen). */
export const sidewaysOverflow = (page: Page) =>
  page.evaluate(() => {
    const root = (globalThis as unknown as BrowserGlobals).document.documentElement;
    return root.scrollWidth - root.clientWidth;
  });

/** Draws a stroke across a signature pad with the mouse, as a person would. */
export async function drawSignature(page: Page, pad: Locator): Promise<void> {
  await pad.scrollIntoViewIfNeeded();
  const box = (await pad.boundingBox())!;
  await page.mouse.move(box.x + 20, box.y + box.height / 2);
  await page.mouse.down();
  for (let step = 1; step <= 12; step++) await page.mouse.move(box.x + 20 + step * ((box.width - 40) / 12), box.y + box.height / 2 + (step % 2 ? -25 : 25));
  await page.mouse.up();
}

/** The demo's Dallas chain: Bluebonnet Mobile, its Dallas Office, and the office's first agent. */
export interface DallasChain {
  retailerId: string;
  dallasId: string;
  agent: { id: string; name: string };
}

export async function dallasChain(db: SqlDb): Promise<DallasChain> {
  const retailer = (await sql<{ id: string }>`select id from rm.org_retailers where name = 'Bluebonnet Mobile'`.execute(db)).rows[0]!;
  const dallas = (await sql<{ id: string }>`select id from rm.org_offices where name = 'Dallas Office'`.execute(db)).rows[0]!;
  const agent = (await sql<{ id: string; name: string }>`select id, trim(first_name || ' ' || last_name) as name from rm.org_users where email = 'agent@demo.test'`.execute(db)).rows[0]!;
  return { retailerId: retailer.id, dallasId: dallas.id, agent };
}

/** An integration key of Bluebonnet Mobile (upstream's shipments and activations). */
export async function bluebonnetKey(db: SqlDb, purpose: string): Promise<string> {
  const { retailerId } = await dallasChain(db);
  return (await createApiKey(db, retailerId, purpose)).key;
}

/** Upstream ships `imeis` (phones) to Dallas in cartons (`cartonOf` each IMEI's); answers the job's id. */
export async function shipToDallas(console: ConsoleUnderTest, key: string, imeis: readonly string[], cartonOf: (imei: string, index: number) => string, orderId?: string): Promise<string> {
  const { dallasId } = await dallasChain(console.db);
  const shipped = await call<{ job_id: string }>(console.baseUrl, 'POST', '/api/integration/v1/shipments', {
    headers: { 'x-api-key': key },
    body: { office_id: dallasId, ...(orderId && { order_id: orderId }), devices: imeis.map((imei, index) => ({ imei, device_type: 'PHONE', carton_number: cartonOf(imei, index) })) },
  });
  expect(shipped.status).toBe(201);
  return shipped.body.job_id;
}

/** Tokens of the Dallas office manager and agent, signed in over the api. */
export async function dallasTokens(baseUrl: string): Promise<{ manager: string; agent: string }> {
  const manager = (await login(baseUrl, 'office.manager@demo.test')).body.items!.token;
  const agent = (await login(baseUrl, 'agent@demo.test')).body.items!.token;
  return { manager, agent };
}

/** The Dallas manager accepts the job's cartons (status 1: received). */
export async function managerAccepts(baseUrl: string, managerToken: string, jobId: string, cartons: readonly string[]): Promise<void> {
  expect((await call(baseUrl, 'POST', '/api/v1/manager/manager_accept_selected_cartons', { token: managerToken, body: { job_id: jobId, carton_numbers: cartons, status: 1 } })).status).toBe(200);
}

/** The Dallas manager assigns the cartons to the Dallas agent (who has not accepted them yet). */
export async function assignToAgent(console: ConsoleUnderTest, managerToken: string, cartons: readonly string[]): Promise<void> {
  const { dallasId, agent } = await dallasChain(console.db);
  expect((await call(console.baseUrl, 'POST', '/api/v1/manager/assigndevice', { token: managerToken, body: { devicestatus: 0, carton_number: cartons, agent_id: agent.id, office_id: dallasId } })).status).toBe(200);
}

/** The Dallas agent accepts `imeis` from the job assigned to them that lists the first of them. */
export async function agentAccepts(baseUrl: string, agentToken: string, imeis: readonly string[]): Promise<void> {
  // The assignment's answer can come ahead of the read models on a busy machine: the list is read
  // until the job shows there.
  const job = await waitFor(
    async () => {
      const jobs = await call<{ items: { data: { job_id: string; imei_device: { imei: string }[] }[] } }>(baseUrl, 'GET', '/api/v1/agent/agentassignlist', { token: agentToken });
      return jobs.body.items.data.find((candidate) => candidate.imei_device.some((device) => device.imei === imeis[0]));
    },
    (found) => found !== undefined,
    60_000,
    `a job of the agent to list ${imeis[0]}`,
  );
  expect((await call(baseUrl, 'POST', '/api/v1/agent/accept', { token: agentToken, body: { imei: imeis, agent_job_id: job!.job_id } })).status).toBe(200);
}

/**
 * Phones in the Dallas agent's hands, through the api (the screens for that are the inventory
 * scenario): shipped in one carton, accepted by the manager, assigned, accepted by the agent.
 */
export async function phonesWithDallasAgent(console: ConsoleUnderTest, purpose: string, imeis: readonly string[], carton: string): Promise<void> {
  const key = await bluebonnetKey(console.db, purpose);
  const jobId = await shipToDallas(console, key, imeis, () => carton);
  const tokens = await dallasTokens(console.baseUrl);
  await managerAccepts(console.baseUrl, tokens.manager, jobId, [carton]);
  await assignToAgent(console, tokens.manager, [carton]);
  await agentAccepts(console.baseUrl, tokens.agent, imeis);
}

/** Opens the agent's Partial Accept of the job that lists `imei` (the agent may have other jobs waiting). */
export async function openPartialAcceptOf(page: Page, imei: string): Promise<Locator> {
  const dialog = page.getByRole('dialog').filter({ hasText: 'Partial Accept' });
  const openers = page.getByRole('button', { name: /^Partial Accept job of/ });
  await openers.first().waitFor();
  for (let index = 0; ; index++) {
    expect(index).toBeLessThan(await openers.count());
    await openers.nth(index).click();
    await opened(dialog);
    if ((await dialog.getByText(imei).count()) > 0) return dialog;
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
  }
}
