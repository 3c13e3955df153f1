import { ROLE } from '@portal/contracts';
import { sql } from 'kysely';
import type { Locator } from 'playwright-core';
import { demoDeviceId } from '../../services/src/demo/demo-devices.seed';
import { choose, dismissNotice, opened, scenario, screenshot, signInToShell } from '../support/browser';
import { call, login } from '../support/demo';
import { waitFor } from '../support/processes';
import { assignToAgent, bluebonnetKey, consoleInTheBrowser, dallasChain, dallasTokens, fromProfileMenu, managerAccepts, openPartialAcceptOf, shipToDallas, sidewaysOverflow } from './support/console';

type Box = { x: number; y: number; width: number; height: number };
const boxOf = async (locator: Locator): Promise<Box> => {
  const box = await locator.boundingBox();
  if (!box) throw new Error('not on screen');
  return box;
};
/** Within `outer` left to right (half a pixel for rounding). */
const withinWidth = (inner: Box, outer: Box) => inner.x >= outer.x - 0.5 && inner.x + inner.width <= outer.x + outer.width + 0.5;
/** Whether the element shows all of its content across (nothing clipped or cut off with an ellipsis). */
const showsAllAcross = (locator: Locator) =>
  locator.evaluate((element) => {
    const shown = element as unknown as { scrollWidth: number; clientWidth: number };
    return shown.scrollWidth <= shown.clientWidth;
  });
/** The box of the first line of an element's text (an inline element wrapped on several lines has one box a line). */
const firstLineOf = (locator: Locator) =>
  locator.evaluate((element) => {
    const line = (element as unknown as { getClientRects(): ArrayLike<{ x: number; y: number; width: number; height: number }> }).getClientRects()[0]!;
    return { x: line.x, y: line.y, width: line.width, height: line.height };
  });
/** Whether two boxes share a line: their vertical middles lie within each other. */
const sameLine = (one: Box, other: Box) => {
  const middle = (box: Box) => box.y + box.height / 2;
  return middle(one) >= other.y && middle(one) <= other.y + other.height && middle(other) >= one.y && middle(other) <= one.y + one.height;
};

/**
 * A scanned code's line in a scan box's list (issue 42): what is said of it starts on the chip's
 * line, and its × sits on that line too.
 */
async function expectSaidBesideTheChip(codes: Locator, code: string, said: string): Promise<void> {
  const item = codes.getByRole('listitem').filter({ hasText: code });
  const chip = await boxOf(item.locator('code').filter({ hasText: code }));
  const words = await firstLineOf(item.getByText(said, { exact: true }));
  const remove = await boxOf(item.getByRole('button', { name: `Remove ${code}` }));
  expect({ code, said, wordsOnChipLine: sameLine(words, chip), removeOnChipLine: sameLine(remove, chip) }).toEqual({ code, said, wordsOnChipLine: true, removeOnChipLine: true });
}


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
      for (const imei of imeis.slice(0, 5)) await page.getByRole('cell', { name: imei, exact: true }).waitFor();
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

  it('on a phone (390 × 844): Partial Accept shows every code of a job of phones and SIMs in full, scan notes stay beside their codes, My Inventory shows Status beside the IMEI, and a device row leads to Device Image', async () => {
    // A job of ten phones and ten SIMs (ICCIDs of 19 digits), waiting for the agent: a list taller than the dialog's.
    const phones = Array.from({ length: 10 }, (_unused, index) => demoDeviceId(960_000 + index, 'PHONE'));
    const sims = Array.from({ length: 10 }, (_unused, index) => demoDeviceId(960_000 + index, 'SIM'));
    const { dallasId } = await dallasChain(ui.db);
    const shipped = await call<{ job_id: string }>(ui.baseUrl, 'POST', '/api/integration/v1/shipments', {
      headers: { 'x-api-key': await bluebonnetKey(ui.db, 'browser phone test') },
      body: { office_id: dallasId, devices: [...phones.map((imei) => ({ imei, device_type: 'PHONE', carton_number: 'BR-MIX' })), ...sims.map((imei) => ({ imei, device_type: 'SIM', carton_number: 'BR-MIX' }))] },
    });
    expect(shipped.status).toBe(201);
    const tokens = await dallasTokens(ui.baseUrl);
    await managerAccepts(ui.baseUrl, tokens.manager, shipped.body.job_id, ['BR-MIX']);
    await assignToAgent(ui, tokens.manager, ['BR-MIX']);
    const elsewhere = demoDeviceId(969_999, 'SIM');

    await scenario(
      ui.browser,
      ui.baseUrl,
      '13-agent-on-a-phone',
      async ({ page }) => {
        await signInToShell(page, 'agent@demo.test', '/agent-dashboard');
        const dialog = await openPartialAcceptOf(page, sims[0]!);
        const dialogBox = await boxOf(dialog);
        expect(dialogBox.x + dialogBox.width).toBeLessThanOrEqual(390);
        // Every code readable in full: its line inside the dialog, nothing of it cut off.
        for (const code of [...phones, ...sims]) {
          const option = dialog.locator('label').filter({ hasText: code });
          expect({ code, inside: withinWidth(await boxOf(option), dialogBox), whole: await showsAllAcross(option) }).toEqual({ code, inside: true, whole: true });
          expect(await option.innerText()).toContain(code);
        }
        const list = dialog.locator('.ant-checkbox-group');
        expect({ inside: withinWidth(await boxOf(list), dialogBox), whole: await showsAllAcross(list) }).toEqual({ inside: true, whole: true });

        // Scanned twice, and a code from elsewhere: what is said stays beside its code.
        const box = dialog.getByRole('textbox', { name: 'Scan IMEIs' });
        for (const code of [sims[0]!, sims[0]!, elsewhere]) {
          await box.fill(code);
          await box.press('Enter');
        }
        const codes = dialog.getByRole('list', { name: 'Scan IMEIs: scanned codes' });
        await codes.getByText('scanned 2 times, kept once').waitFor();
        await codes.getByText(`IMEI ${elsewhere} is not in this job`).waitFor();
        await expectSaidBesideTheChip(codes, sims[0]!, 'scanned 2 times, kept once');
        await expectSaidBesideTheChip(codes, elsewhere, `IMEI ${elsewhere} is not in this job`);
        await screenshot(page, '13-agent-on-a-phone-partial-accept');

        // Keeps the scanned SIM and a phone; the rest go back.
        await dialog.locator('label').filter({ hasText: phones[0]! }).click();
        await dialog.getByRole('button', { name: 'Submit' }).click();
        await dialog.waitFor({ state: 'hidden' });

        // My Inventory: each device's status in view beside (under) its IMEI, without scrolling sideways.
        await page.goto('/agent-Inventory');
        await page.getByPlaceholder('Search').fill(sims[0]!);
        await page.getByRole('button', { name: 'Search' }).click();
        const row = page.getByRole('row').filter({ hasText: sims[0]! });
        await row.waitFor();
        const status = await boxOf(row.getByLabel('Status: Agent Received'));
        expect(status.x + status.width).toBeLessThanOrEqual(390);
        expect(await row.getByLabel('Status: Agent Received').isVisible()).toBe(true);
        expect(await sidewaysOverflow(page)).toBe(0);
        await screenshot(page, '13-agent-on-a-phone-inventory');

        // The device's row leads to Device Image with its IMEI filled in; the profile menu leads there too.
        await row.getByRole('link', { name: `Device image of ${sims[0]!}` }).click();
        await page.waitForURL((url) => url.pathname === '/agent-IMEI' && url.searchParams.get('imei') === sims[0]);
        const imeiField = page.getByPlaceholder('IMEI', { exact: true });
        await imeiField.waitFor();
        expect(await imeiField.inputValue()).toBe(sims[0]);
        await page.goto('/agent-dashboard');
        await fromProfileMenu(page, /^\s*Device Image\s*$/, (url) => url.pathname === '/agent-IMEI');
      },
      { context: { viewport: { width: 390, height: 844 } } },
    );
  }, 180_000);

  it('starts Assign Inventory from a scan (a burst from a USB scanner lands in the drawer it opens), with every refusal beside its code at 1366 px', async () => {
    const cartons = ['BR-SCAN-1', 'BR-SCAN-2'];
    const imeis = [0, 1, 2, 3].map((index) => demoDeviceId(970_000 + index, 'PHONE'));
    const jobId = await shipToDallas(ui, await bluebonnetKey(ui.db, 'browser assign scan test'), imeis, (_imei, index) => cartons[index < 2 ? 0 : 1]!);
    const tokens = await dallasTokens(ui.baseUrl);
    await managerAccepts(ui.baseUrl, tokens.manager, jobId, cartons);
    const unknown = demoDeviceId(979_999, 'PHONE');

    await scenario(
      ui.browser,
      ui.baseUrl,
      '14-assign-from-a-scan',
      async ({ page }) => {
        await signInToShell(page, 'office.manager@demo.test', '/');
        await page.goto('/assignagent');
        // The two cartons on the page (the demo's own fill the first pages): an IMEI is looked for in the cartons on screen.
        await page.getByPlaceholder('Search by carton number or office name').fill('BR-SCAN');
        await page.getByRole('button', { name: 'Search' }).click();
        await page.getByRole('row').filter({ hasText: cartons[1]! }).waitFor();
        // Nothing ticked: the page's scan box takes a scanner's burst (5 ms a character, Enter after each code).
        await page.getByRole('textbox', { name: 'Scan a carton or IMEI to assign' }).click();
        await page.keyboard.type(`${cartons[0]}\n${imeis[2]}\n${unknown}\n`, { delay: 5 });
        const drawer = await opened(page.getByRole('dialog').filter({ hasText: 'Assign Inventory' }));
        const codes = drawer.getByRole('list', { name: 'Scan cartons or IMEIs: scanned codes' });
        await codes.getByRole('listitem').filter({ hasText: cartons[0]! }).getByText('2 devices').waitFor();
        await codes.getByRole('listitem').filter({ hasText: imeis[2]! }).getByText('Picked').waitFor();
        const refusal = `IMEI ${unknown} is not in this office's stock listed here: scan its carton number`;
        await codes.getByText(refusal).waitFor();
        expect(await codes.getByRole('listitem').count()).toBe(3);
        await expectSaidBesideTheChip(codes, unknown, refusal);
        // A scanned IMEI chose IMEI mode, with both cartons.
        expect(await drawer.getByRole('radio', { name: 'IMEIs' }).isChecked()).toBe(true);
        await screenshot(page, '14-assign-from-a-scan');
      },
      { context: { viewport: { width: 1366, height: 768 } } },
    );
  }, 150_000);
});
