import { severeAccessibilityViolations } from '../support/accessibility';
import { followApiCalls, menuScreensOf, openMenuScreen, scenario, signInToShell } from '../support/browser';
import { consoleInTheBrowser, sidewaysOverflow } from './support/console';

/**
 * Every screen of the console under an accessibility checker (axe-core, WCAG 2.1 A and AA): no
 * serious or critical violation. Each role's menus are walked as its user walks them (a screen
 * two roles share is checked once, for the first), then the screens no menu leads to (add/edit
 * forms, RMA steps, Device Images) and the pages before the sign-in.
 */
describe('console in the browser: accessibility of every screen', () => {
  const ui = consoleInTheBrowser();
  const checked = new Set<string>();

  const walks: { email: string; landing: string; byUrl?: string[] }[] = [
    { email: 'agent@demo.test', landing: '/agent-dashboard', byUrl: ['/agent-IMEI'] },
    { email: 'office.manager@demo.test', landing: '/', byUrl: ['/IMEI', '/rmapendingrequest', '/rmarequeststatus', '/faq'] },
    { email: 'retailer.manager@demo.test', landing: '/', byUrl: ['/addemployee', '/addoffice', '/addmarketers', '/approvedrma', '/rmarequest'] },
    { email: 'super@demo.test', landing: '/' },
    { email: 'auditor@demo.test', landing: '/' },
  ];

  for (const { email, landing, byUrl = [] } of walks) {
    it(`${email}: every screen of the menus, and those reached by link, without a serious or critical violation`, async () => {
      const violations: string[] = [];
      await scenario(ui.browser, ui.baseUrl, `40-accessibility-${email.split('@')[0]}`, async ({ page }) => {
        const calls = followApiCalls(page);
        await signInToShell(page, email, landing);
        const check = async (href: string) => {
          await calls.settled(`${email} ${href}`);
          violations.push(...(await severeAccessibilityViolations(page)).map((violation) => `${href}: ${violation}`));
          checked.add(href);
        };
        await check(landing);
        const screens = await menuScreensOf(page);
        for (const menu of ['sidebar', 'profile'] as const) {
          for (const href of screens[menu].filter((path) => !checked.has(path))) {
            await openMenuScreen(page, href, menu);
            await check(href);
          }
        }
        for (const href of byUrl) {
          await page.goto(href);
          await page.waitForURL((url) => url.pathname === href);
          await check(href);
        }
      });
      expect(violations).toEqual([]);
    }, 240_000);
  }

  // The forms that open over a screen (drawers and dialogs), each opened by its button.
  const dialogs: { email: string; landing: string; forms: [path: string, button: string][] }[] = [
    {
      email: 'retailer.manager@demo.test',
      landing: '/',
      forms: [
        ['/ReceiveInventory', 'Upload Manifest'],
        ['/orderinventory', 'Request Order'],
        ['/announcement', 'Publish Announcement'],
        ['/trainingcontent', 'Add Training Content'],
        ['/integrations/webhooks', 'Register Endpoint'],
        ['/publishdocuments', 'Publish Document'],
      ],
    },
    { email: 'office.manager@demo.test', landing: '/', forms: [['/summary', 'Swap a device'], ['/Transaction', 'Send Message']] },
    { email: 'agent@demo.test', landing: '/agent-dashboard', forms: [['/agent-dashboard', 'Swap a device']] },
  ];
  for (const { email, landing, forms } of dialogs) {
    it(`${email}: the forms of drawers and dialogs`, async () => {
      const violations: string[] = [];
      await scenario(ui.browser, ui.baseUrl, `40-accessibility-forms-${email.split('@')[0]}`, async ({ page }) => {
        const calls = followApiCalls(page);
        await signInToShell(page, email, landing);
        for (const [path, button] of forms) {
          await page.goto(path);
          await calls.settled(`${email} ${path}`);
          await page.getByRole('button', { name: button, exact: true }).click();
          await page.getByRole('dialog').last().waitFor();
          await calls.settled(`${email} ${path} ${button}`);
          violations.push(...(await severeAccessibilityViolations(page)).map((violation) => `${path} ${button}: ${violation}`));
        }
      });
      expect(violations).toEqual([]);
    }, 180_000);
  }

  // WCAG 1.4.10 (reflow): on a phone (390 px) no screen scrolls sideways as a whole; wide tables
  // scroll inside themselves, with their cue.
  for (const { email, landing } of walks.slice(0, 3)) {
    it(`${email}: every screen of the menus fits a phone's width (390 px)`, async () => {
      const wider: string[] = [];
      await scenario(ui.browser, ui.baseUrl, `40-reflow-${email.split('@')[0]}`, async ({ page }) => {
        const calls = followApiCalls(page);
        await signInToShell(page, email, landing);
        const screens = await menuScreensOf(page);
        await page.setViewportSize({ width: 390, height: 844 });
        for (const href of [...new Set([...screens.sidebar, ...screens.profile])]) {
          await page.goto(href);
          await calls.settled(`${email} ${href}`);
          const overflow = await sidewaysOverflow(page);
          if (overflow > 0) wider.push(`${href}: ${overflow} px wider than the screen`);
        }
      });
      expect(wider).toEqual([]);
    }, 180_000);
  }

  it('the pages before the sign-in', async () => {
    const violations: string[] = [];
    await scenario(ui.browser, ui.baseUrl, '40-accessibility-signed-out', async ({ page }) => {
      const calls = followApiCalls(page);
      for (const href of ['/login', '/page-register', '/page-forgot-password', '/page-reset-password']) {
        await page.goto(href);
        await calls.settled(href);
        violations.push(...(await severeAccessibilityViolations(page)).map((violation) => `${href}: ${violation}`));
      }
    });
    expect(violations).toEqual([]);
  });
});
