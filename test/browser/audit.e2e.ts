import { businessDate } from '@portal/projections';
import { demoDeviceId } from '../../services/src/demo/demo-devices.seed';
import { scenario, screenshot, signInToShell } from '../support/browser';
import { bluebonnetKey, consoleInTheBrowser, dallasTokens, managerAccepts, menuEntry, shipToDallas, sidebarOf } from './support/console';

/**
 * The auditor in a real browser: a device's timeline opened from the menu and read as of an
 * earlier step, and the fleet as of yesterday (replayed on demand).
 */
describe('console in the browser: audit', () => {
  const ui = consoleInTheBrowser();

  it('Auditor: reads the dashboard without links to command screens, opens a device timeline from the menu, and reads the device as of an earlier step', async () => {
    const device = demoDeviceId(930_000, 'PHONE');
    const jobId = await shipToDallas(ui, await bluebonnetKey(ui.db, 'browser audit test'), [device], () => 'BR-AUDIT');
    const { manager } = await dallasTokens(ui.baseUrl);
    await managerAccepts(ui.baseUrl, manager, jobId, ['BR-AUDIT']);

    await scenario(ui.browser, ui.baseUrl, '36-auditor-timeline', async ({ page }) => {
      await signInToShell(page, 'auditor@demo.test', '/');
      await menuEntry(sidebarOf(page), 'Device Timeline').click();
      await page.waitForURL('**/audit/device');
      await page.locator('input[aria-label="IMEI"]').fill(device);
      await page.getByRole('button', { name: 'Search' }).click();
      const history = page.getByRole('region', { name: 'History' });
      await history.getByText('Received in carton BR-AUDIT').waitFor();
      await history.getByText('Accepted by the manager').waitFor();
      const state = page.getByRole('region', { name: 'The device as of the moment chosen' });
      await state.getByText('Manager Received').waitFor();
      // One step back on the slider: the device as the first step left it.
      await page.getByRole('slider').focus();
      await page.keyboard.press('ArrowLeft');
      await state.getByText('Manager Pending').waitFor();
      await screenshot(page, '36-auditor-timeline');
    });
    // The fleet as of yesterday: the model is replayed on demand, then the report reads it (the carton above came today: not there).
    // The business's yesterday (its time zone, not UTC's).
    const yesterday = new Date(Date.parse(`${businessDate(new Date())}T12:00:00Z`) - 86_400_000);
    const shown = `${String(yesterday.getUTCMonth() + 1).padStart(2, '0')}-${String(yesterday.getUTCDate()).padStart(2, '0')}-${yesterday.getUTCFullYear()}`;
    await scenario(ui.browser, ui.baseUrl, '36-auditor-fleet-as-of', async ({ page }) => {
      await signInToShell(page, 'auditor@demo.test', '/');
      await page.goto(`/InventoryDetailedReport?as_of=${yesterday.toISOString().slice(0, 10)}`);
      await page.getByText(`As of ${shown}`, { exact: true }).waitFor({ timeout: 60_000 });
      await screenshot(page, '36-auditor-fleet-as-of-yesterday');
      await page.getByPlaceholder('IMEI', { exact: true }).fill(device);
      await page.getByRole('button', { name: 'Search' }).click();
      await page.locator('.ant-table .ant-empty').waitFor();
      await page.getByRole('button', { name: 'Back to today' }).click();
      await page.getByRole('cell', { name: device }).waitFor();
    });
  }, 180_000);
});
