import fs from 'node:fs/promises';
import path from 'node:path';
import { businessDate } from '@portal/projections';
import { sql } from 'kysely';
import { demoDeviceId } from '../../services/src/demo/demo-devices.seed';
import { answerTo, openPickers, scenario, screenshot, signInToShell } from '../support/browser';
import { call } from '../support/demo';
import { waitFor } from '../support/processes';
import { bluebonnetKey, consoleInTheBrowser, dallasChain, dallasTokens, phonesWithDallasAgent, routePublicUrl } from './support/console';

/**
 * Sales in a real browser: the dashboard's cards and trend chart, the detailed report's rows
 * (IBO Name by role, doc 2 §2's column order, the business's today in the date picker, a keyword
 * that finds an agent by name), and an agent's count of today that downloads exactly its
 * activations, its notice naming the file clear of the header.
 */
describe('console in the browser: sales', () => {
  const ui = consoleInTheBrowser();

  it('sales: the dashboard shows its cards and trend chart, the detailed report its rows (IBO Name by role), and a summary count downloads its activations', async () => {
    // The browser tests' demo has no devices (SEED_DEVICES 0): a carton of four phones reaches the
    // Dallas agent through the API (the screens for that are the inventory scenario), and upstream
    // reports three of them sold today and one two days ago.
    const { agent: agentRow } = await dallasChain(ui.db);
    const sold = [0, 1, 2, 3].map((index) => demoDeviceId(920_000 + index, 'PHONE'));
    await phonesWithDallasAgent(ui, 'browser sales test', sold, 'BR-SALES');
    const key = await bluebonnetKey(ui.db, 'browser sales activations');
    const { manager } = await dallasTokens(ui.baseUrl);
    // The business's today, as the dashboard says it.
    const today = (await call<{ data: { data: { as_of_date: string } } }>(ui.baseUrl, 'GET', '/api/v1/manager_sales_dashboard', { token: manager })).body.data.data.as_of_date;
    const twoDaysAgo = new Date(Date.parse(`${today}T00:00:00Z`) - 2 * 86_400_000).toISOString().slice(0, 10);
    for (const [index, imei] of sold.entries()) {
      const activated = await call(ui.baseUrl, 'POST', '/api/integration/v1/activations', {
        headers: { 'x-api-key': key },
        body: { imei, activation_date: index < 3 ? today : twoDaysAgo, plan_name: 'Unlimited', subscriber_state: 'TX', subscriber_zip: '75201' },
      });
      expect(activated.status).toBe(201);
    }
    // The sales read model has them (the screens read it).
    await waitFor(
      async () => (await sql<{ total: number }>`select count(*)::int as total from rm.sales_activations where imei in (${sql.join(sold)})`.execute(ui.db)).rows[0]!.total,
      (total) => total === sold.length,
      30_000,
      'the four activations in the sales read model',
    );

    await scenario(ui.browser, ui.baseUrl, '23-sales-dashboard', async ({ page }) => {
      await signInToShell(page, 'office.manager@demo.test', '/');
      await page.getByRole('heading', { name: 'Dashboard', exact: true }).waitFor();
      const summary = page.getByTestId('sales-summary');
      for (const title of ['Daily Activations', 'WTD', 'MTD', 'Last 7 Days', 'Last 30 Days']) await summary.getByText(title, { exact: true }).waitFor();
      const count = async (title: string) => Number((await summary.locator('.ant-statistic').filter({ hasText: title }).locator('.ant-statistic-content').innerText()).replace(/\D+/g, ''));
      expect(await count('Daily Activations')).toBeGreaterThanOrEqual(3);
      expect(await count('Last 30 Days')).toBeGreaterThanOrEqual(4);
      const aging = page.getByTestId('inventory-summary');
      for (const title of ['1-15 Days', '16-30 Days', '31-45 Days', '46-90 Days', '>90 Days', 'Total Inventory']) await aging.getByText(title, { exact: true }).waitFor();
      // The trend chart (recharts, its own chunk) draws its 30 days.
      await page.getByTestId('activation-trend').locator('svg.recharts-surface').waitFor({ timeout: 20_000 });
      expect(await page.getByTestId('activation-trend').locator('.recharts-area-curve').count()).toBe(1);
      // The onboarding parts: the stage list with the demo candidates, the Expired donut and the Agents pie.
      await page.getByTestId('onboarding-summary').getByRole('link', { name: 'Invite Sent' }).waitFor();
      await page.getByTestId('expired-distribution').getByText('Total').waitFor();
      await page.getByTestId('agents-summary').getByText('Dynamic Agent (1-14 days)').waitFor();
      await screenshot(page, '23-sales-dashboard');
    });

    await scenario(ui.browser, ui.baseUrl, '24-detailed-sales-office-manager', async ({ page }) => {
      await signInToShell(page, 'office.manager@demo.test', '/');
      await page.goto('/salesreport');
      await page.getByText(/^\d+ in all$/).waitFor();
      // Doc 2 §6: no IBO Name column nor IBO/Market filter for role 3.
      await page.getByRole('columnheader', { name: 'Activation Date' }).waitFor();
      expect(await page.getByRole('columnheader', { name: 'IBO Name' }).count()).toBe(0);
      // Doc 2 §2's order, as the file has it: the holders, the enrollment, then the IMEI.
      const headers = (await page.getByRole('columnheader').allInnerTexts()).map((text) => text.trim());
      expect(headers.slice(0, 7)).toEqual(['Allocated Office', 'Office', 'Agent', 'Enrollment ID', 'ETC Code', 'IMEI', 'Pallet']);
      expect(await page.locator('form').getByText('IBO / Market', { exact: true }).count()).toBe(0);
      // The end date waits for a start; the window is the last 31 days up to today.
      expect(await page.getByPlaceholder('Activation To').isDisabled()).toBe(true);
      await page.getByPlaceholder('Activation From').click();
      const panel = openPickers(page);
      await panel.waitFor();
      // The business's today (America/Chicago), which is not the browser's (UTC here) in the evening there:
      // it is in the window; the day after it is not.
      const businessToday = businessDate(new Date());
      const todayCell = panel.locator(`td[title="${businessToday}"]`);
      expect(await todayCell.getAttribute('class')).not.toContain('ant-picker-cell-disabled');
      const tomorrow = new Date(Date.parse(`${businessToday}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
      if ((await panel.locator(`td[title="${tomorrow}"]`).count()) > 0) expect(await panel.locator(`td[title="${tomorrow}"]`).getAttribute('class')).toContain('ant-picker-cell-disabled');
      await todayCell.click();
      // The chosen day closes the popup: gone (its motion ended) before the buttons under it are pressed.
      await panel.waitFor({ state: 'hidden' });
      expect(await page.getByPlaceholder('Activation To').isDisabled()).toBe(false);
      const searched = answerTo(page, '/api/v1/manager/manager_sales_report');
      await page.getByRole('button', { name: 'Search' }).click();
      expect((await searched).status()).toBe(200);
      await page.getByText(/^\d+ in all$/).waitFor();
      // The keyword box says what it finds; the agent's name finds the agent's sales of today.
      await page.getByPlaceholder('Search IMEI, carton, enrollment ID, ESN, agent or office').fill(agentRow.name);
      const byName = answerTo(page, '/api/v1/manager/manager_sales_report');
      await page.getByRole('button', { name: 'Search' }).click();
      const named = await byName;
      expect(named.status()).toBe(200);
      expect(new URL(named.url()).searchParams.get('keyword')).toBe(agentRow.name);
      const found = ((await named.json()) as { items: { total: number } }).items.total;
      expect(found).toBeGreaterThanOrEqual(3);
      await page.getByText(`${found} in all`, { exact: true }).waitFor();
      await page.getByRole('row').filter({ hasText: agentRow.name }).first().waitFor();
      await screenshot(page, '24-detailed-sales-office-manager');
    });

    await scenario(ui.browser, ui.baseUrl, '25-detailed-sales-retailer', async ({ page }) => {
      await signInToShell(page, 'retailer.manager@demo.test', '/');
      await page.goto('/salesreport');
      await page.getByText(/^\d+ in all$/).waitFor();
      await page.getByRole('columnheader', { name: 'IBO Name' }).waitFor();
      await page.locator('form').getByText('IBO / Market', { exact: true }).waitFor();
    });

    await scenario(ui.browser, ui.baseUrl, '26-sales-by-agents-breakdown', async ({ context, page }) => {
      await routePublicUrl(context, ui.baseUrl);
      await signInToShell(page, 'office.manager@demo.test', '/');
      await page.goto('/salesreportagent');
      await page.getByTestId('totals-row').waitFor();
      // Today's busiest agents first (Today, descending: two clicks on its header, each answered).
      const todayHeader = page.getByRole('columnheader', { name: 'Today' });
      const sortedBy = (order?: string) =>
        page.waitForResponse((response) => {
          const url = new URL(response.url());
          return url.pathname === '/api/v1/manager/sales_by_agents' && url.searchParams.get('sort_by') === 'today' && (!order || url.searchParams.get('sort') === order);
        });
      const first = sortedBy();
      await todayHeader.click();
      expect((await first).status()).toBe(200);
      const descending = sortedBy('DESC');
      await todayHeader.click();
      expect((await descending).status()).toBe(200);
      // The Dallas agent's sales of today: a link of at least the three above.
      const row = page.getByRole('row').filter({ hasText: agentRow.name }).filter({ hasText: 'Dallas Office' });
      const headers = (await page.getByRole('columnheader').allInnerTexts()).map((text) => text.trim());
      const link = row.getByRole('cell').nth(headers.indexOf('Today')).getByRole('link');
      const count = Number(await link.innerText());
      expect(count).toBeGreaterThanOrEqual(3);
      // A zero is no link.
      expect(await page.getByRole('row').filter({ has: page.getByRole('cell', { name: '0', exact: true }) }).first().getByRole('link', { name: '0', exact: true }).count()).toBe(0);
      await screenshot(page, '26-sales-by-agents');
      const answered = answerTo(page, `/api/v1/sales/agent/${agentRow.id}/today`);
      await link.click();
      expect((await answered).status()).toBe(200);
      const download = page.getByRole('link', { name: 'Download' });
      await download.waitFor({ timeout: 30_000 });
      // The notice names the file, and stands clear of the header (its bell and user menu): an office
      // manager's file (no IBO Name column, doc 2 §6) is named as anyone's, for what it holds.
      const ready = page.locator('.ant-notification-notice').filter({ has: page.getByTestId('export-ready') });
      const fileName = (await ready.getByTestId('export-file-name').innerText()).trim();
      expect(fileName).toMatch(/^sales-breakdown-\d{2}-\d{2}-\d{4}\.csv$/);
      const header = (await page.locator('.ant-layout-header').boundingBox())!;
      const notice = (await ready.boundingBox())!;
      expect(notice.y).toBeGreaterThanOrEqual(header.y + header.height);
      await screenshot(page, '26-sales-breakdown-ready');
      const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
      expect(file.suggestedFilename()).toBe(fileName);
      const saved = path.join(ui.dataDir, 'sales-breakdown.csv');
      await file.saveAs(saved);
      const lines = (await fs.readFile(saved, 'utf8')).split('\r\n').filter((line) => line.length > 0);
      expect(lines[0]).toMatch(/^\uFEFF(IBO Name,)?Allocated Office,Office,Agent,/);
      // Exactly the activations the count said, ours among them.
      expect(lines).toHaveLength(count + 1);
      for (const imei of sold.slice(0, 3)) expect(lines.some((line) => line.includes(imei))).toBe(true);
    });
  }, 240_000);
});
