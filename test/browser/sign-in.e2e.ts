import {
  type BrowserGlobals,
  announcementsDialog,
  answerTo,
  dismissNotice,
  framesDrawn,
  motionsSettled,
  opened,
  pathOf,
  scenario,
  screenshot,
  signIn,
  signInToShell,
  submitLogin,
} from '../support/browser';
import { waitFor } from '../support/processes';
import { consoleInTheBrowser, labelsOf, logOut, menuEntry, openGroup, sidebarOf, sidewaysOverflow, storedUser } from './support/console';

/**
 * Signing in and the shell around every screen, in a real browser: the login form and its
 * error, each role's sidebar, a phone's width, a deep link kept through the sign-in, the forced
 * password change, layout settings per user, and a reload that keeps the session.
 */
describe('console in the browser: sign-in and the shell', () => {
  const ui = consoleInTheBrowser();

  it('shows the server error on a wrong password, then signs the office manager in to the manager layout', async () => {
    await scenario(ui.browser, ui.baseUrl, '1-login-office-manager', async ({ page }) => {
      await page.goto('/login');
      await submitLogin(page, 'office.manager@demo.test', 'not-the-password');
      const banner = page.getByTestId('error-banner');
      await banner.getByText('Invalid Password').waitFor();
      expect(await banner.getAttribute('role')).toBe('alert');
      // Red: the banner's background leans to red (antd's error alert).
      const [red, green, blue] = (await banner.evaluate((element) => (globalThis as unknown as BrowserGlobals).getComputedStyle(element).backgroundColor))
        .match(/\d+/g)!
        .map(Number);
      expect(red).toBeGreaterThan(green! + 5);
      expect(red).toBeGreaterThan(blue! + 5);
      expect(pathOf(page)).toBe('/login');
      await screenshot(page, '1-login-wrong-password');

      await signInToShell(page, 'office.manager@demo.test', '/');
      const sidebar = sidebarOf(page);
      await page.getByRole('heading', { name: 'Dashboard', exact: true }).waitFor();
      expect(await labelsOf(sidebar)).toEqual([
        'Dashboard',
        'Announcements',
        'Sales',
        'Inventory',
        'Inventory Reports',
        'Aged Inventory',
        'RMA & Orders',
        'Onboarding',
        'Support',
      ]);
      const inventory = await openGroup(sidebar, 'Inventory');
      expect(await labelsOf(inventory)).toEqual(['Dashboard', 'Receive Inventory', 'Reassign Inventory', 'Assign Inventory', 'Transfer Inventory', 'Accept Transfer']);
      const reports = await openGroup(sidebar, 'Inventory Reports');
      const reportLabels = await labelsOf(reports);
      expect(reportLabels).toEqual(expect.arrayContaining(['Detailed Report', 'My Inventory', 'By Offices', 'By Agents']));
      expect(reportLabels).not.toContain('By Managers');
      expect(reportLabels).not.toContain('By IBOs/Markets');
      expect(await menuEntry(sidebar, 'Administration').count()).toBe(0);
      await page.getByText('Version 7.0.0').waitFor();
    });
  });

  it('lands an agent on /agent-dashboard with the agent sidebar only', async () => {
    await scenario(ui.browser, ui.baseUrl, '2-agent-sidebar', async ({ page }) => {
      await signInToShell(page, 'agent@demo.test', '/agent-dashboard');
      await page.getByRole('heading', { name: 'Agent Dashboard', exact: true }).waitFor();
      const sidebar = sidebarOf(page);
      expect(await labelsOf(sidebar)).toEqual(['Dashboard', 'Announcements', 'Sales Report', 'Inventory Summary', 'My Inventory', 'Initiate RMA', 'RMA Status', 'Support']);
      for (const managerEntry of ['Sales', 'Inventory', 'Inventory Reports', 'Receive Inventory', 'Assign Inventory', 'Administration', 'Onboarding']) {
        expect(await menuEntry(sidebar, managerEntry).count()).toBe(0);
      }
      expect(await sidebar.getByRole('link', { name: 'Dashboard', exact: true }).getAttribute('href')).toBe('/agent-dashboard');
      await page.getByText('Version 7.0.0').waitFor();
    });
  });

  it("works on a phone: the agent's screens never scroll the page sideways, and My Inventory keeps IMEI and Age in view", async () => {
    await scenario(ui.browser, ui.baseUrl, '2-agent-phone', async ({ page }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      await signInToShell(page, 'agent@demo.test', '/agent-dashboard');
      await page.getByRole('heading', { name: 'Agent Dashboard', exact: true }).waitFor();
      expect(await sidewaysOverflow(page)).toBe(0);
      await screenshot(page, '2-agent-phone-dashboard');
      await page.goto('/agent-Inventory');
      await page.getByRole('heading', { name: 'My Inventory', exact: true }).waitFor();
      await page.getByRole('columnheader', { name: 'IMEI' }).waitFor();
      expect(await sidewaysOverflow(page)).toBe(0);
      for (const heading of ['IMEI', 'Age (Days)']) {
        const box = await page.getByRole('columnheader', { name: heading }).boundingBox();
        expect({ heading, inView: box !== null && box.x >= 0 && box.x + box.width / 2 <= 390 }).toEqual({ heading, inView: true });
      }
      await screenshot(page, '2-agent-phone-inventory');
    });
  });

  it('returns a link opened while signed out to its page after the sign-in', async () => {
    await scenario(ui.browser, ui.baseUrl, '2-deep-link', async ({ page }) => {
      await page.goto('/InventoryDetailedReport?status=4');
      await page.waitForURL((url) => url.pathname === '/login');
      await submitLogin(page, 'office.manager@demo.test');
      await page.waitForURL((url) => url.pathname === '/InventoryDetailedReport' && url.search === '?status=4');
      await page.getByRole('heading', { name: 'Inventory Detailed Report', exact: true }).waitFor();
    });
  });

  it('makes a new agent choose a password in a dialog that cannot be dismissed', async () => {
    await scenario(ui.browser, ui.baseUrl, '3-forced-password-change', async ({ page }) => {
      // Announcements wait until a password is chosen: the shell asks for them only after Submit.
      let announcementsAskedBeforeSubmit = false;
      let submitted = false;
      page.on('request', (request) => {
        if (!submitted && new URL(request.url()).pathname === '/api/v1/announcements/check_new') announcementsAskedBeforeSubmit = true;
      });
      const dialog = page.getByRole('dialog', { name: 'Change Password' });
      await signIn(page, 'new.agent@demo.test', '/agent-dashboard');
      await opened(dialog);
      expect(await announcementsDialog(page).count()).toBe(0);
      expect(await dialog.getByRole('button', { name: /close/i }).count()).toBe(0);
      // Its only labelled button is Submit (the other buttons are the fields' show/hide toggles, icons without text).
      expect((await dialog.getByRole('button').allInnerTexts()).map((text) => text.trim()).filter(Boolean)).toEqual(['Submit']);
      // Neither Escape nor a click beside it closes it: once what they set off has been drawn and
      // any motion it started has run, the dialog is still there and not leaving.
      await page.keyboard.press('Escape');
      await page.mouse.click(20, 780);
      await page.mouse.click(1260, 20);
      await framesDrawn(page);
      await motionsSettled(page);
      expect(await dialog.isVisible()).toBe(true);
      expect(await dialog.getAttribute('class')).not.toContain('leave');

      await dialog.getByLabel('New Password').fill('Chosen-1!');
      await dialog.getByLabel('Confirm Password').fill('Chosen-2!');
      await dialog.getByRole('button', { name: 'Submit' }).click();
      await dialog.getByText('Password Mismatch').waitFor();
      await screenshot(page, '3-forced-password-mismatch');

      await dialog.getByLabel('Confirm Password').fill('Chosen-1!');
      expect(announcementsAskedBeforeSubmit).toBe(false);
      submitted = true;
      await dialog.getByRole('button', { name: 'Submit' }).click();
      const hooray = page.getByRole('dialog').filter({ hasText: 'Hooray !' });
      await hooray.waitFor();
      await dialog.waitFor({ state: 'hidden' });
      // With a password chosen, the announcements published before this first sign-in open on top;
      // reading them (OK) marks them viewed, then the success popup is closed.
      await opened(announcementsDialog(page));
      await screenshot(page, '3-forced-password-hooray-and-announcements');
      const viewed = answerTo(page, '/api/v1/announcements/update_as_viewed');
      await dismissNotice(page, 'IMPORTANT ANNOUNCEMENTS');
      expect((await viewed).status()).toBe(200);
      await dismissNotice(page, 'Hooray !');

      await logOut(page);
      await signInToShell(page, 'new.agent@demo.test', '/agent-dashboard', { password: 'Chosen-1!' });
      await page.getByRole('heading', { name: 'Agent Dashboard', exact: true }).waitFor();
      // The shell has drawn what it had to say on arrival (the check of announcements has answered, in signInToShell).
      await framesDrawn(page);
      expect(await page.getByRole('dialog', { name: 'Change Password' }).count()).toBe(0);
      expect(await announcementsDialog(page).count()).toBe(0);
    });
  });

  it('keeps layout settings (light or dark theme) per user across reloads', async () => {
    await scenario(ui.browser, ui.baseUrl, '7-layout-settings', async ({ page }) => {
      await signInToShell(page, 'office.manager@demo.test', '/');
      await page.getByRole('heading', { name: 'Dashboard', exact: true }).waitFor();
      const theme = () => page.evaluate(() => (globalThis as unknown as BrowserGlobals).document.documentElement.dataset.theme ?? null);
      expect(await theme()).not.toBe('dark');

      const openSettings = async () => {
        const button = page.getByRole('button', { name: 'Layout settings' });
        await button.click({ timeout: 5_000 }).catch((error: Error) => {
          throw new Error(`The header has no button labelled 'Layout settings' (${error.message.split('\n')[0]})`);
        });
        return opened(page.getByRole('dialog', { name: 'Layout Settings' }));
      };
      let drawer = await openSettings();
      expect(await drawer.getByRole('radio', { name: 'Light' }).isChecked()).toBe(true);
      await drawer.getByRole('radio', { name: 'Dark' }).check();
      await waitFor(theme, (value) => value === 'dark', 5_000, "data-theme 'dark'");
      await screenshot(page, '7-layout-settings-dark');

      const userId = (await storedUser(page))!.user_id;
      const saved = await page.evaluate((key) => (globalThis as unknown as BrowserGlobals).localStorage.getItem(key), `layout-settings:${userId}`);
      expect(saved).toContain('dark');

      // Reloaded on /dashboard (the same screen as /): a reload of / itself is the next test's subject.
      await page.goto('/dashboard');
      await page.getByRole('heading', { name: 'Dashboard', exact: true }).waitFor();
      expect(await theme()).toBe('dark');
      await page.reload();
      await page.getByRole('heading', { name: 'Dashboard', exact: true }).waitFor();
      expect(await theme()).toBe('dark');
      await screenshot(page, '7-layout-settings-dark-reloaded');
      drawer = await openSettings();
      expect(await drawer.getByRole('radio', { name: 'Dark' }).isChecked()).toBe(true);
      await page.keyboard.press('Escape');
      await drawer.waitFor({ state: 'hidden' });

      // Per user: another account in the same browser keeps its own (default, light) theme.
      await logOut(page);
      await signInToShell(page, 'agent@demo.test', '/agent-dashboard');
      await page.getByRole('heading', { name: 'Agent Dashboard', exact: true }).waitFor();
      expect(await theme()).not.toBe('dark');
    });
  });

  it('restores a stored session when a signed-in page is reloaded, the dashboard at / included', async () => {
    await scenario(ui.browser, ui.baseUrl, '8-reload-restores-session', async ({ page }) => {
      await signInToShell(page, 'office.manager@demo.test', '/');
      await page.getByRole('heading', { name: 'Dashboard', exact: true }).waitFor();
      for (const screen of ['/changepassword', '/']) {
        const opening = await page.goto(screen);
        expect(`GET ${screen} → ${opening?.status()}`).toBe(`GET ${screen} → 200`);
        const reloaded = await page.reload();
        expect(`reload ${screen} → ${reloaded?.status()}`).toBe(`reload ${screen} → 200`);
        expect(pathOf(page)).toBe(screen);
        await page.getByText('Version 7.0.0').waitFor();
        await page.getByTestId('profile-menu').waitFor();
      }
      await page.getByRole('heading', { name: 'Dashboard', exact: true }).waitFor();
    });
  });
});
