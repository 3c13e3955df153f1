import fs from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'kysely';
import { answerTo, choose, dismissNotice, opened, scenario, screenshot, signInToShell } from '../support/browser';
import { waitFor } from '../support/processes';
import { consoleInTheBrowser, routePublicUrl } from './support/console';

/**
 * Administration in a real browser: the Offices list (paged, sortable), a large list exported
 * with its progress bar and downloaded whole, and a retailer manager adding an IBO/market, an
 * office with its manager, an IBO manager, and moving an agent to the new office.
 */
describe('console in the browser: administration', () => {
  const ui = consoleInTheBrowser();

  // Before the administration scenario below, which adds an office to the retailer.
  it("lists the retailer's offices in a paged table sortable by name", async () => {
    await scenario(ui.browser, ui.baseUrl, '6-offices', async ({ page }) => {
      await signInToShell(page, 'retailer.manager@demo.test', '/');
      await page.goto('/offices');
      await page.getByRole('heading', { name: 'Offices', exact: true }).waitFor();
      const table = page.getByRole('table');
      const names = async () => {
        const rows = await table.getByRole('row').filter({ has: page.getByRole('cell') }).all();
        // The first cell is the row's checkbox (Send Document selects rows): the office's name is the one with its number.
        return Promise.all(rows.map(async (row) => (await row.getByRole('cell').filter({ hasText: /\(OF\d{3}\)/ }).first().innerText()).trim()));
      };
      const loaded = await waitFor(names, (list) => list.length === 6, 10_000, 'six offices');
      expect(new Set(loaded).size).toBe(6);
      // The retailer's two markets, three offices each (the Retailer column is the super role's, doc 3 §2).
      expect(await table.getByRole('cell', { name: 'North Market', exact: true }).count()).toBe(3);
      expect(await table.getByRole('cell', { name: 'South Market', exact: true }).count()).toBe(3);
      await page.getByText('6 in all').waitFor();
      const pagination = page.getByRole('list').filter({ hasText: '6 in all' });
      expect(await pagination.getByRole('listitem', { name: '1' }).count()).toBe(1);
      expect(await pagination.getByRole('listitem', { name: '2' }).count()).toBe(0);

      const ascending = [...loaded].sort((a, b) => a.localeCompare(b));
      const header = page.getByRole('columnheader', { name: 'Office', exact: true });
      await header.click();
      await waitFor(names, (list) => JSON.stringify(list) === JSON.stringify(ascending), 10_000, 'offices by name, ascending');
      expect(await header.getAttribute('aria-sort')).toBe('ascending');
      await header.click();
      await waitFor(names, (list) => JSON.stringify(list) === JSON.stringify([...ascending].reverse()), 10_000, 'offices by name, descending');
      expect(await header.getAttribute('aria-sort')).toBe('descending');
      await page.getByRole('heading', { name: 'Offices', exact: true }).hover(); // no sorter tooltip in the screenshot
      await page.getByRole('tooltip').waitFor({ state: 'hidden' });
    });
  });

  it('exports a large Office list: Export Report, the progress bar, then Download gives the whole file', async () => {
    // 150,000 extra offices in the org read model of a market of the second retailer: enough rows
    // for the export to take a couple of seconds. Written straight into the read model (appending
    // and projecting 150k events would take the test a minute); removed at the end.
    const { db } = ui;
    const retailer = (await sql<{ id: string }>`select id from rm.org_retailers where name <> 'Bluebonnet Mobile' order by name limit 1`.execute(db)).rows[0]!;
    const marketId = `bulk-market-${process.pid}`;
    await sql`insert into rm.org_ibo_markets (id, name, retailer_id, created_at) values (${marketId}, 'Bulk Market', ${retailer.id}, now())`.execute(db);
    await sql`
      insert into rm.org_offices (id, name, office_number, state_short_name, ibo_marketer_id, created_at)
      select ${marketId} || '-' || lpad(n::text, 6, '0'), 'Bulk Office ' || n, 'BK' || lpad(n::text, 6, '0'), 'TX', ${marketId}, now()
      from generate_series(1, 150000) as n`.execute(db);
    const total = (await sql<{ total: number }>`select count(*)::int as total from rm.org_offices`.execute(db)).rows[0]!.total;
    try {
      await scenario(ui.browser, ui.baseUrl, '9-export-progress', async ({ context, page }) => {
        await routePublicUrl(context, ui.baseUrl);
        await signInToShell(page, 'super@demo.test', '/');
        await page.goto('/offices');
        await page.getByText(`${total} in all`).waitFor({ timeout: 30_000 });
        await page.getByRole('button', { name: 'Export Report' }).click();
        await page.getByText('Your report is being prepared. You will be notified when it is ready.').waitFor();
        // The bar with the rows written of the whole list, while the file is still being written.
        await page.getByTestId('export-progress').filter({ hasText: new RegExp(`\\d of ${total.toLocaleString('en-US')} rows`) }).waitFor();
        await screenshot(page, '9-export-progress-running');
        const download = page.getByRole('link', { name: 'Download' });
        await download.waitFor({ timeout: 60_000 });
        // The link opens a new tab that turns into the download (reported on the opener) and closes.
        const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
        expect(file.suggestedFilename()).toMatch(/^offices-\d{2}-\d{2}-\d{4}\.csv$/);
        const saved = path.join(ui.dataDir, 'downloaded.csv');
        await file.saveAs(saved);
        const lines = (await fs.readFile(saved, 'utf8')).split('\r\n').filter((line) => line.length > 0);
        expect(lines[0]).toBe('\uFEFFOffice Name,Office Number,State,IBO/Market,Managers,Add-on Managers,Retailer,Status,Created At');
        expect(lines).toHaveLength(total + 1);
        expect(lines.filter((line) => line.startsWith('Bulk Office '))).toHaveLength(150_000);
      });
    } finally {
      await sql`delete from rm.org_offices where ibo_marketer_id = ${marketId}`.execute(db);
      await sql`delete from rm.org_ibo_markets where id = ${marketId}`.execute(db);
    }
  }, 180_000);

  it('Administration: a retailer manager adds an IBO/market, an office in it with a manager, an IBO manager for it, and moves an agent there', async () => {
    await scenario(ui.browser, ui.baseUrl, '24-admin-market-office-user', async ({ page }) => {
      await signInToShell(page, 'retailer.manager@demo.test', '/');
      const selectOf = (field: string) => page.locator('.ant-form-item').filter({ hasText: field }).locator('.ant-select').first();

      // An IBO/market of Bluebonnet Mobile (the form has no Retailer field for role 12).
      await page.goto('/marketers');
      await page.getByRole('button', { name: 'Add IBO/Market' }).click();
      // The list's button and the form's submit read the same: wait for the form before pressing it.
      await page.waitForURL('**/addmarketers');
      await page.getByLabel('IBO/Market Name').waitFor();
      await page.getByRole('button', { name: 'Add IBO/Market' }).click();
      await page.getByText('Please input IBO / Market Name').waitFor();
      await page.getByLabel('IBO/Market Name').fill('Central Market');
      await page.getByRole('button', { name: 'Add IBO/Market' }).click();
      await dismissNotice(page, 'IBO/Market created successfully');
      await page.getByRole('row').filter({ hasText: 'Central Market' }).waitFor();
      await screenshot(page, '24-admin-markets');

      // An office in it, managed by Tulsa's office manager; its number and name come from the server.
      await page.goto('/offices');
      await page.getByRole('button', { name: 'Add Office' }).click();
      await page.getByRole('button', { name: 'Create Office' }).click();
      await page.getByText('Please select option').first().waitFor();
      await choose(page, selectOf('IBO Name'), 'Central Market');
      await choose(page, selectOf('State'), 'Oklahoma (OK)', 'Oklah');
      await choose(page, selectOf('Office Manager'), 'Olivia Oliver', 'Olivia Ol');
      await screenshot(page, '24-admin-add-office');
      const created = answerTo(page, '/api/v1/offices', 'POST');
      await page.getByRole('button', { name: 'Create Office' }).click();
      const office = (await (await created).json()) as { id: string; office_number: string };
      expect(office.office_number).toMatch(/^OF\d{3}$/);
      await dismissNotice(page, 'Office created successfully');
      const officeRow = page.getByRole('row').filter({ hasText: office.office_number });
      await officeRow.waitFor();
      expect(await officeRow.innerText()).toContain('Olivia Oliver');

      // An IBO manager for the new market (the only role a retailer manager's Add User gives).
      await page.goto('/employee');
      await page.getByRole('button', { name: 'Add User' }).click();
      await page.waitForURL('**/addemployee');
      await page.getByPlaceholder('First Name').fill('Carla');
      await page.getByPlaceholder('Last Name').fill('Central');
      await page.getByPlaceholder('E-mail').fill('carla.central@demo.test');
      await page.getByPlaceholder('Mobile').fill('4055550123');
      await choose(page, selectOf('IBO / Market'), 'Central Market');
      await page.getByRole('button', { name: 'Add User' }).click();
      await dismissNotice(page, 'User created successfully');
      await page.waitForURL('**/employee');

      // An agent of Houston moves to the new office (Agent Office Transfer, with the spec's confirm).
      await page.getByPlaceholder('Keyword').fill('agent013@demo.test');
      await page.getByRole('button', { name: 'Search' }).click();
      const agentRow = page.getByRole('row').filter({ hasText: 'agent013@demo.test' });
      await agentRow.getByRole('button', { name: 'Transfer' }).click();
      const drawer = await opened(page.getByRole('dialog').filter({ hasText: 'Agent Office Transfer' }));
      await choose(page, drawer.locator('.ant-select').first(), office.office_number, office.office_number);
      await drawer.getByRole('button', { name: 'Submit' }).click();
      const confirm = page.locator('.ant-modal-confirm').filter({ hasText: 'Are you sure you want to transfer the agent to the new office?' });
      await opened(confirm);
      await confirm.getByRole('button', { name: 'Yes' }).click();
      await dismissNotice(page, 'Office Updated Successfully');
      await agentRow.filter({ hasText: office.office_number }).waitFor();
      await screenshot(page, '24-admin-users');
    });
  });
});
