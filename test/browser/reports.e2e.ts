import fs from 'node:fs/promises';
import path from 'node:path';
import { demoDeviceId } from '../../services/src/demo/demo-devices.seed';
import { opened, scenario, screenshot, signInToShell } from '../support/browser';
import {
  agentAccepts,
  assignToAgent,
  bluebonnetKey,
  consoleInTheBrowser,
  dallasTokens,
  managerAccepts,
  routePublicUrl,
  shipToDallas,
} from './support/console';

/**
 * Inventory reports in a real browser: the detailed report with the selectors each role may see
 * and a device's log, and the aged-by-office report whose cell downloads exactly its devices.
 */
describe('console in the browser: inventory reports', () => {
  const ui = consoleInTheBrowser();

  it('reads the detailed report with its device log, and downloads the devices of an aged cell, with the selectors each role may see', async () => {
    // Dallas holds ten phones received today, five with the agent and five in stock: a job of two
    // cartons of five, both accepted by the manager, the first assigned to the agent and accepted
    // (through the api; the inventory file does it through the screens).
    const imeis = Array.from({ length: 10 }, (_unused, index) => demoDeviceId(900_000 + index, 'PHONE'));
    const jobId = await shipToDallas(ui, await bluebonnetKey(ui.db, 'browser reports test'), imeis, (_imei, index) => (index < 5 ? 'BR-1' : 'BR-2'), 'PO-BROWSER');
    const tokens = await dallasTokens(ui.baseUrl);
    await managerAccepts(ui.baseUrl, tokens.manager, jobId, ['BR-1', 'BR-2']);
    await assignToAgent(ui, tokens.manager, ['BR-1']);
    await agentAccepts(ui.baseUrl, tokens.agent, imeis.slice(0, 5));

    await scenario(ui.browser, ui.baseUrl, '13-detailed-report', async ({ page }) => {
      await signInToShell(page, 'office.manager@demo.test', '/');
      // The dashboard's In Stock card opens the report with the whole in-stock group (status 13).
      await page.goto('/InventoryDetailedReport?status=13');
      await page.getByText('10 in all').waitFor();
      // A selector by its placeholder, inside the filter form (the table's headers say Office and Agent too).
      const selector = (name: string) => page.locator('form').getByText(name, { exact: true });
      // Doc 1 §2.11: an office manager sees neither the IBO/Market nor the Office selector; the Agent one, yes.
      expect(await selector('IBO / Market').count()).toBe(0);
      expect(await selector('Office').count()).toBe(0);
      expect(await selector('Agent').count()).toBe(1);
      await page.getByPlaceholder('Carton', { exact: true }).fill('BR-2');
      await page.getByRole('button', { name: 'Search' }).click();
      await page.getByText('5 in all').waitFor();
      // The devices of carton BR-2 (in the manager's stock); clicking an IMEI opens its log.
      const imei = demoDeviceId(900_005, 'PHONE');
      await page.getByRole('row').filter({ hasText: imei }).locator('a', { hasText: imei }).click();
      const log = await opened(page.getByRole('dialog').filter({ hasText: `Device Log: ${imei}` }));
      await log.getByText('Accepted by the manager').waitFor();
      await screenshot(page, '13-detailed-report-device-log');
    });

    await scenario(ui.browser, ui.baseUrl, '13-detailed-report-retailer', async ({ page }) => {
      await signInToShell(page, 'retailer.manager@demo.test', '/');
      await page.goto('/InventoryDetailedReport');
      await page.getByText('10 in all').waitFor();
      for (const name of ['IBO / Market', 'Office', 'Agent']) await page.locator('form').getByText(name, { exact: true }).waitFor();
    });

    await scenario(ui.browser, ui.baseUrl, '14-aged-by-office', async ({ context, page }) => {
      await routePublicUrl(context, ui.baseUrl);
      await signInToShell(page, 'office.manager@demo.test', '/');
      await page.goto('/agedinventoryoffice');
      const row = page.getByRole('row').filter({ hasText: 'Dallas Office' }).filter({ hasText: 'PHONE' });
      await row.waitFor();
      await screenshot(page, '14-aged-by-office');
      // The non-zero 1-15 cell downloads exactly its devices through the export pipeline.
      await row.locator('a', { hasText: /^10$/ }).click();
      const download = page.getByRole('link', { name: 'Download' });
      await download.waitFor({ timeout: 30_000 });
      const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
      const saved = path.join(ui.dataDir, 'aged-cell.csv');
      await file.saveAs(saved);
      const lines = (await fs.readFile(saved, 'utf8')).split('\r\n').filter((line) => line.length > 0);
      expect(lines[0]).toMatch(/^\uFEFFIBO Name,Allocated Office,Office,Agent,/);
      expect(lines).toHaveLength(11);
    });
  }, 150_000);
});
