import fs from 'node:fs';
import path from 'node:path';
import { type Browser, type BrowserContext, type BrowserContextOptions, type Locator, type Page, type Response, chromium } from 'playwright-core';
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

/**
 * Waits until the page has drawn `count` more frames. What a key press or a click set off (React's
 * commit, the first step of a motion, a popup closing) has reached the screen by then: the state to
 * reach before asserting that something did NOT happen. Frames, not time: on a loaded machine they
 * simply come later.
 */
export async function framesDrawn(page: Page, count = 2): Promise<void> {
  await page.evaluate(
    (frames) =>
      new Promise<void>((resolve) => {
        const { requestAnimationFrame } = globalThis as unknown as BrowserGlobals;
        const next = (left: number) => (left === 0 ? resolve() : requestAnimationFrame(() => next(left - 1)));
        next(frames);
      }),
    count,
  );
}

/** What antd moves as one: a surface's motions are those of its root (a dialog's includes its mask). */
const MOTION_ROOTS = '.ant-modal-root, .ant-drawer, .ant-select-dropdown, .ant-picker-dropdown, .ant-dropdown, .ant-popover, .ant-tooltip, .ant-message, .ant-notification';

/**
 * Waits until no motion of `surface` (a dialog, drawer, dropdown or popup; its antd root, mask
 * included) is playing or held: antd holds a motion paused on its first frame a moment before it
 * plays, where the box stands still at its starting size and place (a click aimed there lands on
 * what is under it once it has grown). Only the surface's own motions count, so other parts of
 * the page that keep moving do not hold it up. Not an error if the surface has gone meanwhile.
 */
export async function surfaceSettled(surface: Locator, timeoutMs = 15_000): Promise<void> {
  if ((await surface.count()) === 0) return;
  const handle = await surface.elementHandle({ timeout: 1_000 }).catch(() => null);
  if (!handle) return;
  try {
    await surface
      .page()
      .waitForFunction(
        ([element, roots]) => {
          const node = element as unknown as MotionElement;
          if (!node.isConnected) return true;
          const root = node.closest(roots) ?? node;
          return root.getAnimations({ subtree: true }).every((animation) => (animation.playState !== 'running' && animation.playState !== 'paused') || animation.effect?.getTiming().iterations === Infinity);
        },
        [handle, MOTION_ROOTS] as const,
        { timeout: timeoutMs },
      )
      .catch((error: Error) => {
        if (!error.message.includes('Target page, context or browser has been closed')) throw new Error(`the motion of ${String(surface)} did not end within ${timeoutMs} ms`);
      });
  } finally {
    await handle.dispose().catch(() => undefined);
  }
}

/** A DOM element as surfaceSettled reads it (the tests compile without the DOM library). */
interface MotionElement {
  isConnected: boolean;
  closest(selector: string): MotionElement | null;
  getAnimations(options: { subtree: boolean }): { playState: string; effect: { getTiming(): { iterations?: number } } | null }[];
}

/**
 * Waits for a dialog, drawer or popup to be shown and for its opening motion to have run to its
 * end (see surfaceSettled): what is clicked in it then is where it stays. Returns the surface.
 */
export async function opened(surface: Locator): Promise<Locator> {
  await surface.waitFor();
  await surfaceSettled(surface);
  return surface;
}

/** The answer to the page's next call whose path is `path` (or passes it), of `method` when given. */
export function answerTo(page: Page, path: string | RegExp | ((pathname: string) => boolean), method?: string): Promise<Response> {
  const matches = typeof path === 'string' ? (pathname: string) => pathname === path : path instanceof RegExp ? (pathname: string) => path.test(pathname) : path;
  return page.waitForResponse((response) => matches(new URL(response.url()).pathname) && (!method || response.request().method() === method), { timeout: 30_000 });
}

/**
 * The console's notice popups ('Hooray !', 'Woohoo!', 'Oops'): antd's confirm dialogs, here the
 * one saying `text`.
 */
export const noticeSaying = (page: Page, text: string | RegExp) => page.locator('.ant-modal-confirm').filter({ hasText: text });

/**
 * Waits for the notice saying `text`, lets it finish opening, presses its button (OK) and waits
 * until antd has removed it (its root and mask go once its closing motion has ended), so that
 * nothing of it lies over what comes next. antd renders a static popup's close a task later, so
 * the press is judged by that removal: a press that did not take (the popup still there, not
 * leaving, 10 s on) is made again, up to three times; a press on a popup already leaving is moot.
 */
export async function dismissNotice(page: Page, text: string | RegExp, button: string | RegExp = 'OK'): Promise<void> {
  const popup = noticeSaying(page, text);
  await opened(popup);
  for (let attempt = 1; ; attempt++) {
    await popup.getByRole('button', { name: button }).click({ timeout: 5_000 }).catch(() => undefined);
    if (await popup.waitFor({ state: 'detached', timeout: 10_000 }).then(() => true, () => false)) return;
    if ((await popup.getAttribute('class').catch(() => null))?.includes('-leave')) {
      await popup.waitFor({ state: 'detached' });
      return;
    }
    if (attempt === 3) throw new Error(`the notice "${String(text)}" stays open after three presses of ${String(button)}`);
    await surfaceSettled(popup);
  }
}

/** The open (shown) dropdown list of antd selects and auto-completes. */
export const openOptions = (page: Page) => page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');

/** The option of the list that is open now (antd draws its own rows: the role=option ones are a hidden accessibility copy). */
const openOption = (page: Page, option: string | RegExp) => openOptions(page).locator('.ant-select-item-option', { hasText: option }).first();

/**
 * Picks `option` in the select's list that is open now: waits until the list has finished
 * opening (an option clicked while the list stands on its paused first frame, or slides in, can
 * be missed), clicks it, and waits until the list has gone (its closing motion ended), so that it
 * lies over nothing afterwards.
 */
export async function pickOption(page: Page, option: string | RegExp): Promise<void> {
  const item = openOption(page, option);
  await opened(item);
  await item.click();
  await item.waitFor({ state: 'hidden' });
}

/**
 * Chooses `option` in an antd select: opens it by its box (its input is not the thing to click),
 * types `typed` to narrow the list when given, picks the option (see pickOption), and waits until
 * the select shows it. A pick the select does not show (a click lost on a loaded machine) is made
 * again — on the list if it is still open, since a click on the box would close it — up to three
 * times.
 */
export async function choose(page: Page, select: Locator, option: string | RegExp, typed?: string): Promise<void> {
  // What the select shows chosen: a single select's value (antd 6 draws it in the content box,
  // marked has-value), or a multiple one's items.
  const shown = async () => (await select.locator('.ant-select-content-has-value, .ant-select-selection-item').allInnerTexts()).join(' ').trim();
  const matches = (text: string) => (typeof option === 'string' ? text.includes(option) : option.test(text));
  const item = openOption(page, option);
  for (let attempt = 1; ; attempt++) {
    // A list on its way in or out (this select's, or an earlier one's over it) first comes to rest.
    if ((await openOptions(page).count()) > 0) await surfaceSettled(openOptions(page).first());
    if (!(await item.isVisible())) {
      await select.click();
      if (typed) await page.keyboard.type(typed);
    }
    await opened(item);
    await item.click();
    if (await waitFor(shown, matches, 5_000, `${String(option)} in the select`).then(() => true, () => false)) {
      await item.waitFor({ state: 'hidden' });
      return;
    }
    if (attempt === 3) throw new Error(`the select does not show ${String(option)} after three picks (it shows "${await shown()}")`);
  }
}

/** The open (shown) popups of antd date pickers. */
export const openPickers = (page: Page) => page.locator('.ant-picker-dropdown:not(.ant-picker-dropdown-hidden)');

/**
 * Types a date into an antd date picker and presses Enter, which takes it and closes the picker's
 * popup; then waits until the popup has gone (its closing motion ended) and checks the field
 * shows the date. A popup still there lies over the fields below it (on a phone, the next two),
 * and a click aimed at them waits on it.
 */
export async function typeDate(page: Page, input: Locator, text: string): Promise<void> {
  await input.fill(text);
  await input.press('Enter');
  await openPickers(page).first().waitFor({ state: 'hidden' });
  const shown = await input.inputValue();
  if (shown !== text) throw new Error(`the date picker shows "${shown}" after ${text} was typed and Enter pressed`);
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
 * Runs one scenario in a fresh browser context (own cookies and storage; `options.context` adds
 * to its settings, e.g. a phone's), then saves its screenshot whether it passed or failed, so a
 * failure shows what the user saw. Errors thrown by the page's scripts are appended to a failure's
 * message.
 */
export async function scenario(browser: Browser, baseUrl: string, name: string, run: (scenario: Scenario) => Promise<void>, options: { context?: BrowserContextOptions } = {}): Promise<void> {
  const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 1280, height: 800 }, ...options.context });
  // Bounds of waits for states, not waits: on a busy machine (CI's are shared) a page's step can
  // take several seconds (a sign-in hashes the password; a screen's code loads on first use).
  context.setDefaultTimeout(15_000);
  context.setDefaultNavigationTimeout(30_000);
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
    // A command answered before the read models had applied it says so (read-your-writes' bound ran out).
    const behind = response.headers()['x-projections-behind'] === '1' ? ' (read models still behind)' : '';
    if (url.pathname.startsWith('/api/') || response.status() >= 400) apiCalls.push(`${response.request().method()} ${url.pathname} → ${response.status()}${behind}`);
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
  // The password's hash is deliberately slow work: on a loaded machine the landing takes a while.
  await page.waitForURL((url) => url.pathname === landing, { timeout: 30_000 });
}

/** The 'IMPORTANT ANNOUNCEMENTS' dialog the shell opens while something new is published. */
export const announcementsDialog = (page: Page) => page.getByRole('dialog').filter({ hasText: 'IMPORTANT ANNOUNCEMENTS' });

/**
 * Set up before a sign-in: whether the shell will open IMPORTANT ANNOUNCEMENTS after it. It does
 * when check_new answers 1 and the newest listed one is not the one this browser already pressed
 * OK on (the 'viewed' mark may still be on its way to the read model).
 */
export function announcementsWillOpen(page: Page, timeout = 45_000): Promise<boolean> {
  const answered = (pathname: string) => page.waitForResponse((response) => new URL(response.url()).pathname === pathname && response.request().method() === 'GET', { timeout });
  const checked = answered('/api/v1/announcements/check_new');
  const listed = answered('/api/v1/announcements');
  listed.catch(() => undefined); // asked only when check_new says 1
  const willOpen = (async () => {
    const answer = (await (await checked).json()) as { data?: { view_flag?: number } };
    if (answer.data?.view_flag !== 1) return false;
    const newest = ((await (await listed).json()) as { items?: { data?: { id: string }[] } }).items?.data?.[0]?.id;
    const seenHere = await page.evaluate(() => {
      const { localStorage, sessionStorage } = globalThis as unknown as BrowserGlobals;
      const user = JSON.parse(localStorage.getItem('user') ?? sessionStorage.getItem('user') ?? 'null') as { user_id?: string } | null;
      return user?.user_id ? localStorage.getItem(`announcements-seen:${user.user_id}`) : null;
    });
    return newest !== undefined && seenHere !== newest;
  })();
  willOpen.catch(() => undefined); // a failed sign-in reports itself; this wait is then moot
  return willOpen;
}

/**
 * Signs in and settles the shell's announcement check: when the server answers view_flag 1 the
 * dialog is read (OK) and the 'viewed' call has landed, so later pages of this user open clean.
 * `beforeDismiss` sees the page while the dialog is still up.
 */
export async function signInToShell(page: Page, email: string, landing: string, options: { password?: string; beforeDismiss?: () => Promise<void> } = {}): Promise<void> {
  // From before the sign-in to the shell's first question: the login, the landing and the shell's code.
  const willOpen = announcementsWillOpen(page);
  await signIn(page, email, landing, options.password);
  if (!(await willOpen)) return;
  await announcementsDialog(page).waitFor();
  await options.beforeDismiss?.();
  const viewed = answerTo(page, '/api/v1/announcements/update_as_viewed');
  // antd plays the dialog's zoom-in first (a click on its first, paused frame can be lost): pressed
  // once it has opened, and waited for until it has gone.
  await dismissNotice(page, 'IMPORTANT ANNOUNCEMENTS');
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
  requestAnimationFrame(callback: () => void): number;
  getComputedStyle(element: unknown): { backgroundColor: string; color: string };
}

/** The sidebar's link to `href` on a signed-in page. */
export const sidebarLink = (page: Page, href: string) => page.getByTestId('sidebar').locator(`a[href="${href}"]`);
/** Opens the profile menu (a hover dropdown) and answers it. */
const openProfileMenu = async (page: Page): Promise<Locator> => {
  await page.getByTestId('profile-menu').hover();
  const menu = page.locator('.ant-dropdown:not(.ant-dropdown-hidden)');
  await menu.waitFor();
  return menu;
};

/** Opens every collapsed group of the sidebar. */
export async function expandSidebar(page: Page): Promise<void> {
  const collapsed = page.getByTestId('sidebar').locator('.ant-menu-submenu-title[aria-expanded="false"]');
  while ((await collapsed.count()) > 0) await collapsed.first().click();
}

/** Every screen a signed-in user's menus lead to, once each: the sidebar's (groups opened) and the profile menu's. */
export async function menuScreensOf(page: Page): Promise<{ sidebar: string[]; profile: string[] }> {
  const hrefs = (links: Locator) => links.evaluateAll((elements) => elements.map((element) => (element as unknown as { getAttribute(name: string): string }).getAttribute('href')));
  await expandSidebar(page);
  const sidebar = await hrefs(page.getByTestId('sidebar').locator('a[href]'));
  const profile = await hrefs((await openProfileMenu(page)).locator('a[href]'));
  await page.mouse.move(0, 450);
  return { sidebar: [...new Set(sidebar)], profile: [...new Set(profile)] };
}

/**
 * Opens a screen as a user does, by clicking its menu entry (sidebar or profile menu), and waits
 * for its URL. The profile menu opens on hover, and on a busy machine it can close between the hover
 * and the click: hover and click again (three tries).
 */
export async function openMenuScreen(page: Page, href: string, menu: 'sidebar' | 'profile'): Promise<void> {
  const arrived = (url: URL) => url.pathname === href;
  if (menu === 'sidebar') {
    if (!(await sidebarLink(page, href).isVisible())) await expandSidebar(page);
    await sidebarLink(page, href).click();
    await page.waitForURL(arrived);
    return;
  }
  for (let attempt = 1; ; attempt++) {
    try {
      await (await openProfileMenu(page)).locator(`a[href="${href}"]`).click({ timeout: 5_000 });
      await page.waitForURL(arrived, { timeout: 5_000 });
      await page.mouse.move(0, 450);
      return;
    } catch (error) {
      if (attempt === 3) throw error;
    }
  }
}

/**
 * Follows a page's api calls from now on: `settled()` waits (bounded) until none is in flight and
 * no spinner turns, then for motions to end — a screen that has finished loading.
 */
export function followApiCalls(page: Page): { settled(what: string, timeoutMs?: number): Promise<void> } {
  const inFlight = new Set<unknown>();
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/')) inFlight.add(request);
  });
  page.on('requestfinished', (request) => inFlight.delete(request));
  page.on('requestfailed', (request) => inFlight.delete(request));
  return {
    async settled(what, timeoutMs = 30_000) {
      await waitFor(async () => inFlight.size + (await page.locator('.ant-spin-spinning').count()), (busy) => busy === 0, timeoutMs, `${what} to finish loading`);
      await motionsSettled(page);
    },
  };
}
