import fs from 'node:fs';
import path from 'node:path';
import { type Browser, type BrowserContext, type Page, chromium } from 'playwright-core';
import { DEMO_PASSWORD } from './demo';
import { repositoryRoot, waitFor } from './processes';

/** Debian's Chromium: playwright-core never downloads a browser here (CI installs the package). */
export const CHROMIUM_PATH = '/usr/bin/chromium';
export const SCREENSHOT_DIR = path.join(repositoryRoot, 'test-output', 'browser');

const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-quic', '--no-first-run', '--disable-component-update', '--disable-sync'];

/**
 * Starts headless Chromium. A missing browser is a failure, never a skip: the message says what
 * to install (.ci/run does it with apt).
 */
export async function launchBrowser(extraArgs: readonly string[] = []): Promise<Browser> {
  if (!fs.existsSync(CHROMIUM_PATH)) {
    throw new Error(`The browser tests need Chromium at ${CHROMIUM_PATH}, which is missing: install Debian's package (apt-get install chromium); .ci/run does this.`);
  }
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: [...CHROMIUM_ARGS, ...extraArgs] });
}

/** Saves the page as test-output/browser/<name>.png (the folder is git-ignored). */
export async function screenshot(page: Page, name: string): Promise<string> {
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const file = path.join(SCREENSHOT_DIR, `${name.replace(/[^\w.-]+/g, '-')}.png`);
  // Fast-forwarding animations ('animations: disabled') can leave a modal in its invisible starting frame.
  await motionsSettled(page);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

/**
 * Waits (up to 3 s) until finite animations (antd's modal, drawer and tooltip motions) have
 * finished: a click on a confirm dialog's button while it still zooms in can be lost. With
 * `starting`, a motion about to start counts too: antd holds it paused on its first frame for a
 * moment, where a dialog just opened stands still, small, before it grows (CI lost an "Accept all
 * 5" click there). Not by default: some paused motions linger, and every screenshot asks.
 */
export async function motionsSettled(page: Page, { starting = false } = {}): Promise<void> {
  await page
    .waitForFunction(
      (waitForStarting) =>
        (globalThis as unknown as BrowserGlobals).document
          .getAnimations()
          .every((animation) => (animation.playState !== 'running' && !(waitForStarting && animation.playState === 'paused')) || animation.effect?.getTiming().iterations === Infinity),
      starting,
      { timeout: 3_000 },
    )
    .catch(() => undefined);
}

export interface Scenario {
  context: BrowserContext;
  page: Page;
}

/**
 * Content-Security-Policy violations seen by any page of any scenario since the last
 * `takeCspViolations()`: each page's `securitypolicyviolation` events (reported by an init
 * script, so none is lost to a navigation) and Chromium's console reports ("Refused to … because
 * it violates the following Content Security Policy directive …"). The tests assert none after each test.
 */
const cspViolations: string[] = [];

/** The violations recorded so far, emptying the record. */
export function takeCspViolations(): string[] {
  return cspViolations.splice(0);
}

/** What the init script sees in the page (the tests compile without the DOM library). */
interface CspReportingGlobals {
  document: { addEventListener(type: 'securitypolicyviolation', listener: (event: CspViolationEvent) => void, capture: boolean): void };
  reportCspViolation(text: string): Promise<void>;
}
interface CspViolationEvent {
  effectiveDirective: string;
  blockedURI: string;
  sourceFile: string;
  lineNumber: number;
  sample: string;
}

/** Records every CSP violation of the context's pages in `cspViolations`, tagged with the scenario. */
async function watchCspViolations(context: BrowserContext, name: string): Promise<void> {
  await context.exposeBinding('reportCspViolation', ({ page }, text: string) => void cspViolations.push(`${name}: ${text} on ${page.url()}`));
  await context.addInitScript(() => {
    const globals = globalThis as unknown as CspReportingGlobals;
    globals.document.addEventListener(
      'securitypolicyviolation',
      (event) => void globals.reportCspViolation(`${event.effectiveDirective} refused ${event.blockedURI || 'an inline resource'} (${event.sourceFile}:${event.lineNumber}${event.sample ? ` "${event.sample}"` : ''})`),
      true,
    );
  });
  context.on('console', (message) => {
    if (message.text().includes('Content Security Policy')) cspViolations.push(`${name}: console ${message.type()}: ${message.text()}`);
  });
}

/**
 * Runs one scenario in a fresh browser context (own cookies and storage), then saves its
 * screenshot whether it passed or failed, so a failure shows what the user saw. Errors thrown by
 * the page's scripts are appended to a failure's message.
 */
export async function scenario(browser: Browser, baseUrl: string, name: string, run: (scenario: Scenario) => Promise<void>): Promise<void> {
  const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 1280, height: 800 } });
  context.setDefaultTimeout(10_000);
  await watchCspViolations(context, name);
  const page = await context.newPage();
  // For a failure's message: script errors, console errors, and the api calls the page made.
  const pageErrors: string[] = [];
  const apiCalls: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') pageErrors.push(`console: ${message.text()}`);
  });
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (url.pathname.startsWith('/api/') || response.status() >= 400) apiCalls.push(`${response.request().method()} ${url.pathname} → ${response.status()}`);
  });
  try {
    await run({ context, page });
  } catch (error) {
    if (error instanceof Error) {
      const extra = `${pageErrors.length ? `\nErrors in the page:\n${pageErrors.join('\n')}` : ''}${cspViolations.length ? `\nContent Security Policy violations:\n${cspViolations.join('\n')}` : ''}\nApi calls (and failed loads) of the page:\n${apiCalls.join('\n') || '(none)'}`;
      const header = error.stack?.indexOf('\n    at ') ?? -1;
      error.message += extra;
      // jest prints the stack, which holds the message as it was when the error was made
      if (error.stack && header >= 0) error.stack = `${error.stack.slice(0, header)}${extra}${error.stack.slice(header)}`;
    }
    throw error;
  } finally {
    await screenshot(page, name).catch((error: Error) => console.warn(`screenshot ${name}: ${error.message}`));
    await context.close();
  }
}

/** Fills the login form and presses Sign In (does not wait for where it lands). */
export async function submitLogin(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  if (!new URL(page.url(), 'http://x').pathname.startsWith('/login')) await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

/** Signs in through the login page and waits for the landing path. */
export async function signIn(page: Page, email: string, landing: string, password = DEMO_PASSWORD): Promise<void> {
  await submitLogin(page, email, password);
  await page.waitForURL((url) => url.pathname === landing);
}

/** The 'IMPORTANT ANNOUNCEMENTS' dialog the shell opens while something new is published. */
export const announcementsDialog = (page: Page) => page.getByRole('dialog').filter({ hasText: 'IMPORTANT ANNOUNCEMENTS' });

/**
 * Signs in and settles the shell's announcement check: when the server answers view_flag 1 the
 * dialog is read (OK) and the 'viewed' call has landed, so later pages of this user open clean.
 * `beforeDismiss` sees the page while the dialog is still up.
 */
export async function signInToShell(page: Page, email: string, landing: string, options: { password?: string; beforeDismiss?: () => Promise<void> } = {}): Promise<void> {
  const checked = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/v1/announcements/check_new');
  checked.catch(() => undefined); // a failed sign-in reports itself; this wait is then moot
  await signIn(page, email, landing, options.password);
  const answer = (await (await checked).json()) as { data?: { view_flag?: number } };
  if (answer.data?.view_flag !== 1) return;
  const dialog = announcementsDialog(page);
  await dialog.waitFor();
  await options.beforeDismiss?.();
  const viewed = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/v1/announcements/update_as_viewed');
  // antd plays the dialog's zoom-in first; a click landing in that animation can be lost, so wait for it to end.
  await waitFor(async () => (await dialog.getAttribute('class')) ?? '', (classes) => !classes.includes('ant-zoom-appear'), 5_000, 'the announcements dialog to finish opening');
  await dialog.getByRole('button', { name: 'OK' }).click();
  await dialog.waitFor({ state: 'hidden' });
  expect((await viewed).status()).toBe(200);
}

/** The pathname the page shows now. */
export function pathOf(page: Page): string {
  return new URL(page.url()).pathname;
}

/** Minimal browser globals for page.evaluate (the tests compile without the DOM library). */
export interface BrowserGlobals {
  localStorage: { getItem(key: string): string | null; setItem(key: string, value: string): void; key(index: number): string | null; length: number };
  sessionStorage: { getItem(key: string): string | null };
  document: {
    documentElement: { dataset: Record<string, string | undefined>; scrollWidth: number; clientWidth: number };
    getAnimations(): { playState: string; effect: { getTiming(): { iterations?: number } } | null }[];
  };
  getComputedStyle(element: unknown): { backgroundColor: string; color: string };
}
