import { ROLE } from '@portal/contracts';
import { sql } from 'kysely';
import { demoDeviceId } from '../../services/src/demo/demo-devices.seed';
import { choose, dismissNotice, opened, scenario, screenshot, signInToShell } from '../support/browser';
import { call, login } from '../support/demo';
import { waitFor } from '../support/processes';
import { bluebonnetKey, consoleInTheBrowser, dallasChain, shipToDallas } from './support/console';

/**
 * Inventory through the real screens: the office manager receives a shipment's cartons, accepts
 * them and assigns one to an agent, who accepts it; and the manager's inventory dashboard counts
 * live when an agent joins the office.
 */
describe('console in the browser: inventory', () => {
  const ui = consoleInTheBrowser();

  it('receives, accepts and assigns a carton as the manager, then accepts it as the agent, through the real screens', async () => {
    const { agent } = await dallasChain(ui.db);
    // Upstream ships a job of two cartons of five to Dallas (valid IMEIs: 14 digits and a Luhn check digit).
    const imeis = Array.from({ length: 10 }, (_unused, index) => demoDeviceId(900_000 + index, 'PHONE'));
    await shipToDallas(ui, await bluebonnetKey(ui.db, 'browser test'), imeis, (_imei, index) => (index < 5 ? 'BR-1' : 'BR-2'), 'PO-BROWSER');

    await scenario(ui.browser, ui.baseUrl, '11-inventory-flow', async ({ page }) => {
      await signInToShell(page, 'office.manager@demo.test', '/');
      // The In Stock card counts the pending devices; Manager Pending leads to Receive Inventory.
      await page.goto('/ReceiveInventory');
      await page.getByRole('button', { name: 'Cartons of job PO-BROWSER' }).click();
      const drawer = await opened(page.getByRole('dialog').filter({ hasText: 'Cartons List' }));
      await drawer.getByRole('cell', { name: 'BR-1', exact: true }).waitFor();
      await drawer.getByRole('checkbox', { name: 'Select all' }).check();
      await drawer.getByRole('button', { name: 'Accept' }).click();
      await dismissNotice(page, '2 cartons accepted successfully');
      await drawer.getByText('Accepted').first().waitFor();
      expect(await drawer.getByText('Accepted').count()).toBe(2);
      await screenshot(page, '11-inventory-flow-received');

      await page.goto('/assignagent');
      const row = page.getByRole('row').filter({ hasText: 'BR-1' });
      await row.getByRole('checkbox').check();
      await page.getByRole('button', { name: 'Assign (1)' }).click();
      const assign = await opened(page.getByRole('dialog').filter({ hasText: 'Assign Inventory' }));
      await assign.getByRole('radio', { name: 'Cartons' }).check();
      await choose(page, assign.locator('.ant-select').filter({ has: page.locator('#agent_id') }), agent.name, agent.name);
      await assign.getByRole('button', { name: 'Submit' }).click();
      await dismissNotice(page, '5 devices assigned successfully');
      await page.getByRole('row').filter({ hasText: 'BR-2' }).waitFor();
      await page.getByRole('row').filter({ hasText: 'BR-1' }).waitFor({ state: 'detached' });
    });

    await scenario(ui.browser, ui.baseUrl, '12-agent-accepts', async ({ page }) => {
      await signInToShell(page, 'agent@demo.test', '/agent-dashboard');
      const accept = page.getByRole('button', { name: /^Accept job of/ });
      await accept.first().click();
      // Accept shows the job's IMEIs with a scan box; nothing scanned, "Accept all" takes the job as listed.
      const dialog = await opened(page.getByRole('dialog').filter({ has: page.getByRole('button', { name: 'Accept all 5' }) }));
      await dialog.getByRole('button', { name: 'Accept all 5' }).click();
      await dismissNotice(page, '5 devices accepted successfully');
      await page.goto('/agent-Inventory');
      for (const imei of imeis.slice(0, 5)) await page.getByRole('cell', { name: imei }).waitFor();
    });
  }, 150_000);

  it("updates the office manager's inventory dashboard live when an agent joins their office", async () => {
    await scenario(ui.browser, ui.baseUrl, '10-live-dashboard', async ({ page }) => {
      await signInToShell(page, 'office.manager@demo.test', '/');
      // The live organisation figures sit on Inventory → Dashboard (the home page is the sales dashboard).
      await page.goto('/summary');
      const agents = page.getByTestId('live-agents');
      const count = async () => Number((await agents.innerText()).replace(/\D+/g, ''));
      const before = await waitFor(count, (value) => value > 0, 10_000, 'the first live agent count');
      expect(Number((await page.getByTestId('live-offices').innerText()).replace(/\D+/g, ''))).toBe(1);
      await page.getByText('Live', { exact: true }).first().waitFor();

      // Someone else (the super admin, over the API) moves an agent of another office into this one.
      const { db } = ui;
      const officeId = (await sql<{ unit_id: string }>`
        select m.unit_id from rm.org_unit_managers m join rm.org_users u on u.id = m.user_id
        where u.email = 'office.manager@demo.test' and m.kind = 'manager'`.execute(db)).rows[0]!.unit_id;
      const agent = (await sql<{ id: string }>`select id from rm.org_users where ${ROLE.AGENT} = any(role_ids) and status = 1 and office_id <> ${officeId} order by email limit 1`.execute(db)).rows[0]!;
      const superLogin = await login(ui.baseUrl, 'super@demo.test');
      const moved = await call(ui.baseUrl, 'POST', '/api/v1/change_office', { token: superLogin.body.items!.token, body: { agent_id: agent.id, office_id: officeId } });
      expect(moved.status).toBe(200);
      await waitFor(count, (value) => value === before + 1, 15_000, `the agent count to go from ${before} to ${before + 1} without a reload`);
    });
  });
});
