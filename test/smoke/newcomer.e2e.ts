import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { demoSignaturePng } from '../../services/src/demo/demo-signature';
import { announcementsDialog, announcementsWillOpen, followApiCalls, launchBrowser, menuScreensOf, motionsSettled, openMenuScreen, screenshot, submitLogin } from '../support/browser';
import { DEMO_PASSWORD } from '../support/demo';
import { freePort, repositoryRoot, waitFor } from '../support/processes';

/**
 * A newcomer's first hour (issue 41), on their own machine's terms: a fresh `git clone` of HEAD
 * (commit first: uncommitted work is not in it), the README's first command run as written with
 * no environment but a free PORT — the embedded database, the default `.data` folder —, then, as
 * every demo account the README lists, the console in Chromium: every screen of the menu opens
 * with no script error, no failed API call and no 5xx; and one of each kind of stored file the
 * portal hands out is downloaded and its bytes checked. It reads its commands and accounts from
 * the README, so the README cannot drift from what works. Its own jest project, run alone
 * (`npm run test:newcomer`): it installs, builds and seeds a whole portal.
 */

const README = fs.readFileSync(path.join(repositoryRoot, 'README.md'), 'utf8');

/** The two commands of the README's "Two commands" block, comments stripped. */
export function readmeCommands(readme: string): { start: string; test: string } {
  const block = /## Two commands\s+```bash\n([\s\S]*?)```/.exec(readme)?.[1];
  if (!block) throw new Error('The README has no "## Two commands" bash block');
  const [start, test] = block
    .split('\n')
    .map((line) => line.replace(/\s+#.*$/, '').trim())
    .filter(Boolean);
  if (!start || !test) throw new Error('The README\'s "Two commands" block does not hold two commands');
  return { start, test };
}

/** The demo accounts of the README's table: `| \`e-mail\` | role | where |`. */
export function readmeAccounts(readme: string): string[] {
  return [...readme.matchAll(/^\| `([^`\s]+@demo\.test)` \|/gm)].map((match) => match[1]!);
}

/** What a first start printed when, in ms from the command's start (the README's figures). */
interface Milestones {
  installed?: number;
  built?: number;
  health?: number;
  console?: number;
  login?: number;
  devicesSeeded?: number;
}

const NEW_PASSWORD = 'Newcomer-1!';

describe("a newcomer's fresh clone, on the README's commands and defaults", () => {
  const { start: startCommand, test: testCommand } = readmeCommands(README);
  const accounts = readmeAccounts(README);
  let clone: string;
  let baseUrl: string;
  let browser: Browser;
  const milestones: Milestones = {};
  const passwords = new Map<string, string>();

  /** Runs a README command in the clone as a newcomer's shell would: its own process group (npm, its shell, node), stopped as one. */
  function runInClone(command: string, port: number, onOutput: (output: string) => void) {
    // Nothing of ours: no DATABASE_URL, REDIS_URL, DATA_DIR, NODE_ENV — only what npm needs to run and the port.
    const started = spawn('bash', ['-c', command], { cwd: clone, env: { PATH: process.env.PATH, HOME: process.env.HOME, PORT: String(port) }, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    let text = '';
    const collect = (chunk: Buffer) => {
      text += chunk.toString();
      onOutput(text);
    };
    started.stdout!.on('data', collect);
    started.stderr!.on('data', collect);
    return {
      child: started,
      output: () => text,
      alive: () => {
        if (started.exitCode !== null) throw new Error(`"${command}" exited with ${started.exitCode}:\n${text.slice(-6000)}`);
      },
      async stop() {
        if (!started.pid || started.exitCode !== null) return;
        const exited = new Promise((resolve) => started.once('exit', resolve));
        process.kill(-started.pid, 'SIGTERM');
        await exited;
      },
    };
  }
  let running: ReturnType<typeof runInClone> | undefined;

  const healthOf = (url: string) => fetch(`${url}/health`).then((answer) => answer.status, () => 0);

  beforeAll(async () => {
    browser = await launchBrowser();
    clone = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-newcomer-'));
    execFileSync('git', ['clone', '--quiet', '--no-hardlinks', repositoryRoot, clone]);
    const port = await freePort();
    baseUrl = `http://127.0.0.1:${port}`;
    const launched = Date.now();
    const since = () => Date.now() - launched;
    running = runInClone(startCommand, port, (output) => {
      if (milestones.installed === undefined && /\n(added \d+ packages|up to date)/.test(output)) milestones.installed = since();
      if (milestones.built === undefined && output.includes('✓ built in')) milestones.built = since();
      if (milestones.devicesSeeded === undefined && output.includes('demo devices seeded')) milestones.devicesSeeded = since();
    });
    const { alive, output } = running;
    await waitFor(async () => (alive(), healthOf(baseUrl)), (status) => status === 200, 15 * 60_000, `/health of "${startCommand}"`);
    milestones.health = since();
    await waitFor(async () => (alive(), fetch(`${baseUrl}/`).then(async (answer) => answer.status === 200 && (await answer.text()).includes('<div id="root">'), () => false)), Boolean, 5 * 60_000, 'the console');
    milestones.console = since();
    // Its log says when the accounts exist: asking the login meanwhile would only trip the failed-login limiter.
    await waitFor(async () => (alive(), output().includes('demo business seeded')), Boolean, 5 * 60_000, 'the demo accounts ("demo business seeded")');
    expect((await apiLogin('office.manager@demo.test')).status).toBe(200);
    milestones.login = since();
    await waitFor(async () => (alive(), milestones.devicesSeeded), (at) => at !== undefined, 10 * 60_000, 'the demo devices ("demo devices seeded")');
    console.log(`first start of a fresh clone ("${startCommand}", ms from the command's start): ${JSON.stringify(milestones)}`);
  }, 30 * 60_000);

  afterAll(async () => {
    await browser?.close();
    await running?.stop();
    if (clone) fs.rmSync(clone, { recursive: true, force: true });
  }, 120_000);

  async function apiLogin(email: string) {
    const response = await fetch(`${baseUrl}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ email, password: passwords.get(email) ?? DEMO_PASSWORD, deviceid: 'web-browser', platform_type: 4, portal_type: 2 }),
    }).catch(() => undefined);
    if (!response) return { status: 0, token: '' };
    const body = (await response.json()) as { items?: { token: string } };
    return { status: response.status, token: body.items?.token ?? '' };
  }

  it('names two commands in the README that exist, and demo accounts to try', () => {
    const scripts = Object.keys((JSON.parse(fs.readFileSync(path.join(repositoryRoot, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts);
    const named = [startCommand, testCommand].flatMap((command) => [...command.matchAll(/npm (?:run )?([\w:-]+)/g)].map((match) => match[1]!)).filter((name) => !['install', 'ci'].includes(name));
    expect(named.filter((name) => !scripts.includes(name))).toEqual([]);
    expect(accounts.length).toBeGreaterThanOrEqual(7);
  });

  it('installs without a warning (engines, install scripts, deprecations): what a new user reads first', () => {
    expect(running!.output().split('\n').filter((line) => /^npm warn/i.test(line))).toEqual([]);
  });

  it('opens every screen of every demo account\'s menu in the console: no script error, no failed call, no 5xx', async () => {
    const problems: string[] = [];
    for (const email of accounts) problems.push(...(await walkTheMenu(email)));
    expect(problems).toEqual([]);
  }, 20 * 60_000);

  /** Signs `email` in through the login page and opens each entry of its sidebar and profile menu; answers what went wrong. */
  async function walkTheMenu(email: string): Promise<string[]> {
    const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 1366, height: 900 } });
    context.setDefaultTimeout(30_000);
    const page = await context.newPage();
    const problems: string[] = [];
    let screen = '/login';
    const calls = followApiCalls(page);
    page.on('pageerror', (error) => problems.push(`${email} ${screen}: script error: ${error.message}`));
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(`${email} ${screen}: console error: ${message.text()}`);
    });
    page.on('requestfailed', (request) => {
      // A call the page itself abandoned (it left the screen, a newer search replaced it) is no failure.
      if (request.failure()?.errorText !== 'net::ERR_ABORTED') problems.push(`${email} ${screen}: ${request.method()} ${new URL(request.url()).pathname} failed: ${request.failure()?.errorText}`);
    });
    page.on('response', (response) => {
      const { pathname } = new URL(response.url());
      if (response.status() >= 500 || (pathname.startsWith('/api/') && response.status() >= 400)) problems.push(`${email} ${screen}: ${response.request().method()} ${pathname} → ${response.status()}`);
    });
    const settled = () => calls.settled(`${email} ${screen}`);
    /** Announcements (and the new-version notice) open over any screen: read them as a user would. */
    const closeDialogs = async () => {
      const announcements = announcementsDialog(page);
      if (await announcements.isVisible()) {
        await motionsSettled(page);
        await announcements.getByRole('button', { name: 'OK' }).click();
        await announcements.waitFor({ state: 'hidden' });
      }
    };
    try {
      await page.goto('/login');
      // The shell asks once, after the sign-in (after a forced password choice), whether announcements are new; they then open over any screen.
      const announcementsOpen = announcementsWillOpen(page, 120_000);
      const signedIn = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/login');
      await submitLogin(page, email, passwords.get(email) ?? DEMO_PASSWORD);
      const session = (await (await signedIn).json()) as { items?: { password_changed?: number } };
      await page.waitForURL((url) => !url.pathname.startsWith('/login'));
      screen = new URL(page.url()).pathname;
      const forced = page.getByRole('dialog', { name: 'Change Password' });
      if (session.items?.password_changed === 0) {
        // The README's new agent must choose a password first, in a dialog that opens over the landing screen.
        await forced.waitFor();
        await motionsSettled(page);
        await forced.getByLabel('New Password').fill(NEW_PASSWORD);
        await forced.getByLabel('Confirm Password').fill(NEW_PASSWORD);
        await forced.getByRole('button', { name: 'Submit' }).click();
        await forced.waitFor({ state: 'hidden' });
        passwords.set(email, NEW_PASSWORD);
      }
      if (await announcementsOpen) {
        await announcementsDialog(page).waitFor();
        await closeDialogs();
      }
      const hooray = page.getByRole('dialog').filter({ hasText: 'Hooray !' });
      if (await hooray.isVisible()) {
        await motionsSettled(page);
        await hooray.getByRole('button', { name: 'OK' }).click();
        await hooray.waitFor({ state: 'hidden' });
      }
      await settled();

      const screens = await menuScreensOf(page);
      if (screens.sidebar.length === 0) problems.push(`${email}: an empty menu`);
      for (const menu of ['sidebar', 'profile'] as const) {
        for (const href of screens[menu]) {
          screen = href;
          await closeDialogs();
          await openMenuScreen(page, href, menu);
          await settled();
          await screenshot(page, `newcomer-${email.split('@')[0]}${href.replace(/\//g, '-')}`);
        }
      }
    } catch (error) {
      await screenshot(page, `newcomer-${email.split('@')[0]}-failed`).catch(() => undefined);
      problems.push(`${email} ${screen}: ${(error as Error).message.split('\n')[0]}`);
    } finally {
      await context.close();
    }
    return problems;
  }

  describe('every kind of stored file opens, with the bytes of its kind', () => {
    const tokens = new Map<string, string>();
    const as = async (email: string, method: string, route: string, body?: unknown) => {
      if (!tokens.has(email)) {
        const session = await apiLogin(email);
        expect([email, session.status]).toEqual([email, 200]);
        tokens.set(email, session.token);
      }
      const response = await fetch(`${baseUrl}${route}`, {
        method,
        headers: { accept: 'application/json', authorization: `Bearer ${tokens.get(email)}`, ...(body !== undefined && !(body instanceof FormData) && { 'content-type': 'application/json' }) },
        body: body instanceof FormData ? body : body === undefined ? undefined : JSON.stringify(body),
      });
      return response;
    };
    const json = async <T>(email: string, route: string): Promise<T> => {
      const response = await as(email, 'GET', route);
      expect([route, response.status]).toEqual([route, 200]);
      return (await response.json()) as T;
    };
    /** Every string of an answer that matches `shape` (links sit at different depths in different answers). */
    const linksIn = (value: unknown, shape: RegExp): string[] =>
      typeof value === 'string' ? (shape.test(value) ? [value] : []) : value && typeof value === 'object' ? Object.values(value).flatMap((inner) => linksIn(inner, shape)) : [];
    const download = async (url: string, headers: Record<string, string> = {}) => {
      const response = await fetch(new URL(url, baseUrl), { headers });
      return { status: response.status, type: response.headers.get('content-type'), bytes: Buffer.from(await response.arrayBuffer()) };
    };
    const MAGIC = {
      pdf: Buffer.from('%PDF-'),
      zip: Buffer.from('PK\x03\x04', 'latin1'),
      webm: Buffer.from([0x1a, 0x45, 0xdf, 0xa3]),
      jpeg: Buffer.from([0xff, 0xd8, 0xff]),
      png: Buffer.from([0x89, 0x50, 0x4e, 0x47]),
    };
    const kindOf = (bytes: Buffer) => (Object.entries(MAGIC).find(([, magic]) => bytes.subarray(0, magic.length).equals(magic))?.[0] ?? `unknown (${bytes.subarray(0, 8).toString('hex')})`);
    /** A file opened: its status, kind by its first bytes, and that it has bytes. */
    const opened = async (url: string, headers: Record<string, string> = {}) => {
      const file = await download(url, headers);
      return { status: file.status, kind: kindOf(file.bytes), hasBytes: file.bytes.length > 0 };
    };

    it("a compliance document's original and the copy its signer signs", async () => {
      type Documents = { items: { data: { id: string; document_name: string; status: number; document_url: string; signed_document_url: string | null }[] } };
      const pending = (await json<Documents>('agent@demo.test', '/api/v1/manager/get_documents')).items.data.find((row) => row.status !== 2)!;
      expect(pending).toBeDefined();
      expect(await opened(pending.document_url)).toEqual({ status: 200, kind: 'pdf', hasBytes: true });
      const form = new FormData();
      form.set('agent_document_mapping_id', pending.id);
      form.set('signed_date', new Date().toISOString().slice(0, 10));
      form.set('consent', '1');
      form.set('signature_image', new Blob([demoSignaturePng(7)]), 'signature.png');
      expect((await as('agent@demo.test', 'POST', '/api/v1/manager/save_document_data', form)).status).toBe(200);
      const signed = (await json<Documents>('agent@demo.test', '/api/v1/manager/get_documents')).items.data.find((row) => row.id === pending.id)!;
      expect(await opened(signed.signed_document_url!)).toEqual({ status: 200, kind: 'pdf', hasBytes: true });
    });

    it('a training video by a Range request (206), a training document and an announcement attachment', async () => {
      const [video] = linksIn(await json('office.manager@demo.test', '/api/v1/training/videos'), /^\/api\/v1\/training\/files\//);
      const part = await download(video!, { range: 'bytes=0-1023' });
      expect({ status: part.status, type: part.type, kind: kindOf(part.bytes), length: part.bytes.length }).toEqual({ status: 206, type: 'video/webm', kind: 'webm', length: 1024 });
      const [document] = linksIn(await json('office.manager@demo.test', '/api/v1/training/documents'), /^\/api\/v1\/training\/files\//);
      expect(await opened(document!)).toEqual({ status: 200, kind: 'pdf', hasBytes: true });
      const [attachment] = linksIn(await json('agent@demo.test', '/api/v1/announcements'), /^\/api\/v1\/announcements\/files\//);
      expect(await opened(attachment!)).toEqual({ status: 200, kind: 'pdf', hasBytes: true });
    });

    it("a candidate's files", async () => {
      const links = linksIn(await json('office.manager@demo.test', '/api/v1/onboarding_summary_report?results=50'), /^\/api\/v1\/candidate_files\//);
      expect(links.length).toBeGreaterThan(0);
      const kinds = new Set<string>();
      for (const link of links.slice(0, 8)) {
        const file = await opened(link);
        expect(file).toMatchObject({ status: 200, hasBytes: true });
        kinds.add(file.kind);
      }
      expect([...kinds].every((kind) => kind === 'pdf' || kind === 'jpeg')).toBe(true);
    });

    it("an RMA order's form and shipping label", async () => {
      const orders = await json('office.manager@demo.test', '/api/v1/manager/get_rma_orders_list?results=50');
      const [form] = linksIn(orders, /\/rma_form\?/);
      const [label] = linksIn(orders, /\/shipping_label\?/);
      expect(await opened(form!)).toEqual({ status: 200, kind: 'pdf', hasBytes: true });
      expect(await opened(label!)).toEqual({ status: 200, kind: 'pdf', hasBytes: true });
    });

    it('a device label and a carton label', async () => {
      type Stock = { items: { data: { carton_number: string; imei: string[] }[] } };
      const [carton] = (await json<Stock>('office.manager@demo.test', '/api/v1/manager/managerinventorylist_optimisation')).items.data;
      expect(carton).toBeDefined();
      const pdfOf = async (response: Response) => ({ status: response.status, kind: kindOf(Buffer.from(await response.arrayBuffer())) });
      expect(await pdfOf(await as('office.manager@demo.test', 'POST', '/api/v1/manager/device_labels', { imeis: carton!.imei.slice(0, 2), layout: '4x6' }))).toEqual({ status: 200, kind: 'pdf' });
      expect(await pdfOf(await as('office.manager@demo.test', 'POST', '/api/v1/manager/carton_labels', { carton_numbers: [carton!.carton_number], layout: 'a4' }))).toEqual({ status: 200, kind: 'pdf' });
    });

    it('an export as CSV and as XLSX', async () => {
      type Exported = { download: 0 | 1; url?: string; export_id?: string };
      const exportOf = async (route: string) => {
        let answer = await json<Exported>('office.manager@demo.test', route);
        if (answer.download === 0) {
          answer = await waitFor(() => json<Exported & { status: string }>('office.manager@demo.test', `/api/v1/exports/${answer.export_id}`), (progress) => progress.status === 'done' || progress.status === 'failed', 120_000, `the export ${route}`);
        }
        return download(answer.url!);
      };
      const csv = await exportOf('/api/v1/manager/manager_inventory_list_export?format=csv');
      expect({ status: csv.status, type: csv.type?.split(';')[0] }).toEqual({ status: 200, type: 'text/csv' });
      const lines = csv.bytes.toString('utf8').replace(/^\uFEFF/, '').split('\r\n').filter(Boolean);
      expect(lines.length).toBeGreaterThan(1);
      const xlsx = await exportOf('/api/v1/manager/manager_inventory_list_export?format=xlsx');
      expect({ status: xlsx.status, kind: kindOf(xlsx.bytes) }).toEqual({ status: 200, kind: 'zip' });
    });
  });

  it('starts again on the unchanged checkout (`npm start`) with everything it had: the password a newcomer chose signs in', async () => {
    await running!.stop();
    const later = startCommand.split('&&').at(-1)!.trim();
    const port = await freePort();
    baseUrl = `http://127.0.0.1:${port}`;
    const launched = Date.now();
    running = runInClone(later, port, () => undefined);
    await waitFor(async () => (running!.alive(), healthOf(baseUrl)), (status) => status === 200, 5 * 60_000, `/health of "${later}"`);
    console.log(`a later "${later}" of the unchanged checkout: /health after ${Date.now() - launched} ms`);
    const chosen = [...passwords.keys()];
    expect(chosen.length).toBeGreaterThan(0);
    for (const email of chosen) expect([email, (await apiLogin(email)).status]).toEqual([email, 200]);
  }, 10 * 60_000);
});
