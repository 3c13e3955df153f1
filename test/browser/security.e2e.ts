import path from 'node:path';
import type { Page } from 'playwright-core';
import { type BrowserGlobals, SCREENSHOT_DIR, pathOf, scenario, screenshot, signInToShell, takeCspViolations } from '../support/browser';
import { call } from '../support/demo';
import { waitFor } from '../support/processes';
import { consoleInTheBrowser, storedUser } from './support/console';

/**
 * What the console refuses and ends, in a real browser: the 403 page of a route the role may not
 * open, a session that expired or was revoked (any 401), and the Content-Security-Policy the
 * service sends (the OpenAPI page and the console styled under it, a refused inline script noticed).
 */
describe('console in the browser: access, sessions and the Content-Security-Policy', () => {
  const ui = consoleInTheBrowser();

  it('shows the 403 page on a route the role may not open', async () => {
    const expectForbidden = async (page: Page) => {
      await page.getByText('Forbidden Error!').waitFor();
      await page.getByText('You do not have permission to view this resource.').waitFor();
      expect(await page.getByRole('link', { name: 'Back to Home' }).getAttribute('href')).toBe('/dashboard');
    };
    await scenario(ui.browser, ui.baseUrl, '4-forbidden-agent', async ({ page }) => {
      await signInToShell(page, 'agent@demo.test', '/agent-dashboard');
      await page.goto('/assignagent');
      await expectForbidden(page);
      expect(pathOf(page)).toBe('/assignagent');
    });
    await scenario(ui.browser, ui.baseUrl, '4-forbidden-office-manager', async ({ page }) => {
      await signInToShell(page, 'office.manager@demo.test', '/');
      await page.goto('/marketers');
      await expectForbidden(page);
      await screenshot(page, '4-forbidden-office-manager-403');
      await page.getByRole('link', { name: 'Back to Home' }).click();
      await page.waitForURL((url) => url.pathname === '/dashboard');
      await page.getByRole('heading', { name: 'Dashboard', exact: true }).waitFor();
    });
  });

  it('ends the session when it expires and on any 401', async () => {
    await scenario(ui.browser, ui.baseUrl, '5-session-expired', async ({ page }) => {
      await signInToShell(page, 'agent@demo.test', '/agent-dashboard');
      await page.evaluate(() => {
        const { localStorage } = globalThis as unknown as BrowserGlobals;
        const user = JSON.parse(localStorage.getItem('user')!) as { expireDate: string };
        localStorage.setItem('user', JSON.stringify({ ...user, expireDate: new Date(Date.now() - 60_000).toISOString() }));
      });
      await page.reload();
      await page.waitForURL((url) => url.pathname === '/login');
      await page.getByTestId('error-banner').getByText('Your session has expired. Please try login').waitFor();
      expect(await storedUser(page)).toBeNull();
    });
    await scenario(ui.browser, ui.baseUrl, '5-session-revoked', async ({ page }) => {
      await signInToShell(page, 'retailer.manager@demo.test', '/');
      await page.getByRole('heading', { name: 'Dashboard', exact: true }).waitFor();
      const token = (await storedUser(page))!.idToken;
      expect((await call(ui.baseUrl, 'POST', '/api/v1/logout', { token })).status).toBe(200);
      // Inside the app (no reload: a client-side navigation, as a menu click makes): the Offices list
      // calls the api with the revoked token.
      await page.evaluate(() => {
        const { history, dispatchEvent, PopStateEvent } = globalThis as unknown as {
          history: { pushState(state: unknown, title: string, url: string): void };
          dispatchEvent(event: unknown): void;
          PopStateEvent: new (type: string) => unknown;
        };
        history.pushState({}, '', '/offices');
        dispatchEvent(new PopStateEvent('popstate'));
      });
      await page.waitForURL((url) => url.pathname === '/login');
      await page.getByTestId('error-banner').getByText('Your session has expired. Please try login').waitFor();
      expect(await storedUser(page)).toBeNull();
    });
  });

  it('runs under the Content-Security-Policy: styled /api/docs, styled console, and a refused inline script is noticed', async () => {
    await scenario(ui.browser, ui.baseUrl, '15-content-security-policy', async ({ page }) => {
      // The OpenAPI page's own inline <style> applies (style-src 'unsafe-inline'); it has no script.
      const docs = await page.goto('/api/docs');
      expect(docs!.headers()['content-security-policy']).toContain("script-src 'self' 'wasm-unsafe-eval';");
      await page.getByRole('heading', { level: 1 }).waitFor();
      const method = page.locator('span.m.get').first();
      expect(await method.evaluate((element) => (globalThis as unknown as BrowserGlobals).getComputedStyle(element).backgroundColor)).toBe('rgb(37, 99, 235)');
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, '15-api-docs.png') }); // its first screen: the whole page is long

      // antd's CSS-in-JS reached the console: its <style> elements exist and the primary button is coloured.
      const login = await page.goto('/login');
      expect(login!.headers()['content-security-policy']).toContain("script-src 'self' 'wasm-unsafe-eval';");
      const signInButton = page.getByRole('button', { name: 'Sign In' });
      await signInButton.waitFor();
      expect(await page.locator('style').count()).toBeGreaterThan(0);
      const [red, green, blue] = (await signInButton.evaluate((element) => (globalThis as unknown as BrowserGlobals).getComputedStyle(element).backgroundColor))
        .match(/\d+/g)!
        .map(Number);
      expect(blue).toBeGreaterThan(red! + 50); // antd's primary blue
      expect(blue).toBeGreaterThan(green! + 20);
      expect(takeCspViolations()).toEqual([]);

      // The watch itself: an inline script added to the page is refused, and reported twice — by the
      // page's securitypolicyviolation event and by Chromium's console. Both are awaited (the
      // console's may come after the event), so none is left for the check after the test.
      await page.evaluate(() => {
        const { document } = globalThis as unknown as { document: { createElement(tag: string): { textContent: string }; head: { appendChild(node: unknown): void } } };
        const script = document.createElement('script');
        script.textContent = 'void 0';
        document.head.appendChild(script);
      });
      const seen: string[] = [];
      await waitFor(
        async () => {
          seen.push(...takeCspViolations());
          return seen;
        },
        (violations) => violations.some((text) => text.includes(': console ')) && violations.some((text) => !text.includes(': console ')),
        10_000,
        'the refused inline script to be reported by the page and by the console',
      );
      expect(seen.join('\n')).toContain('script-src');
    });
  });
});
