import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { demoDeviceId } from '../../services/src/demo/demo-devices.seed';
import { answerTo, dismissNotice, opened, scenario, screenshot, signInToShell } from '../support/browser';
import { waitFor } from '../support/processes';
import { bluebonnetKey, consoleInTheBrowser, menuEntry, openGroup, shipToDallas, sidebarOf } from './support/console';

/**
 * Downstream systems in a real browser: the retailer manager registers a webhook endpoint (a
 * local receiver that checks each delivery's signature), reads the delivery log, and replays the
 * feed to it; the auditor reads the event catalog.
 */
describe('console in the browser: webhooks and the event catalog', () => {
  const ui = consoleInTheBrowser();

  it('Webhooks: the retailer manager registers an endpoint in the console, a local receiver gets signed events, the delivery log shows each attempt and a replay sends them again', async () => {
    const key = await bluebonnetKey(ui.db, 'browser webhooks test');
    // The receiver a user would run: it checks each delivery's signature with the secret the console showed.
    let secret = '';
    const verified: { id: string; type: string }[] = [];
    const refused: string[] = [];
    const receiver = http.createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        try {
          new Webhook(secret).verify(body, Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name, String(value)])));
          const event = JSON.parse(body) as { id: string; type: string };
          verified.push({ id: event.id, type: event.type });
          response.writeHead(204).end();
        } catch (error) {
          refused.push(String(error));
          response.writeHead(400).end();
        }
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const url = `http://localhost:${(receiver.address() as AddressInfo).port}/hooks`;
    try {
      await scenario(ui.browser, ui.baseUrl, '37-webhooks', async ({ page }) => {
        await signInToShell(page, 'retailer.manager@demo.test', '/');
        const integrations = await openGroup(sidebarOf(page), 'Integrations');
        await menuEntry(integrations, 'Webhooks').click();
        await page.waitForURL('**/integrations/webhooks');
        await page.getByRole('button', { name: 'Register Endpoint' }).click();
        const drawer = await opened(page.getByRole('dialog').filter({ hasText: 'Register Endpoint' }));
        await drawer.getByLabel('URL').fill('ftp://nowhere');
        await drawer.getByRole('button', { name: 'Register' }).click();
        await drawer.getByText('The endpoint URL must start with https:// (http:// only for localhost)').waitFor();
        await drawer.getByLabel('URL').fill(url);
        await drawer.getByLabel('Description').fill('Our warehouse system');
        const registered = answerTo(page, '/api/v1/subscriptions/webhooks', 'POST');
        await drawer.getByRole('button', { name: 'Register' }).click();
        expect((await registered).status()).toBe(201);
        secret = (await page.getByTestId('webhook-secret').textContent())!.trim();
        expect(secret).toMatch(/^whsec_/);
        const secretShown = await opened(page.getByRole('dialog').filter({ has: page.getByTestId('webhook-secret') }));
        await screenshot(page, '37-webhook-secret-once');
        await secretShown.getByRole('button', { name: 'Done' }).click();
        await secretShown.waitFor({ state: 'hidden' });
        await page.getByRole('cell', { name: url }).first().waitFor();

        // News: a shipment through the API; the receiver gets its events, signed.
        await shipToDallas(ui, key, [demoDeviceId(940_000, 'PHONE')], () => 'BR-HOOK');
        await waitFor(async () => verified.length, (count) => count >= 2, 30_000, 'the receiver to get the shipment\'s events');
        expect(refused).toEqual([]);
        await page.getByRole('button', { name: `Deliveries of ${url}` }).click();
        const log = await opened(page.getByRole('dialog').filter({ hasText: `Deliveries: ${url}` }));
        await log.getByRole('cell', { name: 'DeviceReceived', exact: true }).waitFor();
        await log.getByText('delivered', { exact: false }).first().waitFor();
        await screenshot(page, '37-webhook-delivery-log');
        await log.getByRole('button', { name: 'Close' }).click();
        await log.waitFor({ state: 'hidden' });

        // Replay from the first event: everything the retailer's feed holds comes again, under the same ids.
        const before = verified.length;
        await page.getByRole('button', { name: `Replay events to ${url}` }).click();
        const replay = await opened(page.getByRole('dialog').filter({ hasText: 'Replay events' }));
        const replayed = answerTo(page, (pathname) => pathname.endsWith('/replay'), 'POST');
        await replay.getByRole('button', { name: 'Replay' }).click();
        // The call answered, then its notice (a popup that stays until OK): what the console says
        // once the server has queued the replay.
        expect((await replayed).status()).toBe(200);
        await dismissNotice(page, 'Every event from that point is queued to be delivered again');
        await replay.waitFor({ state: 'hidden' });
        const first = verified.slice(0, before).map((event) => event.id);
        await waitFor(async () => verified.slice(before).map((event) => event.id), (ids) => first.every((id) => ids.includes(id)), 90_000, 'the replay to reach the shipment\'s events again');
        expect(verified.length - before).toBeGreaterThan(100);
        expect(refused).toEqual([]);
      });
      await scenario(ui.browser, ui.baseUrl, '37-event-catalog', async ({ page }) => {
        await signInToShell(page, 'auditor@demo.test', '/');
        await page.goto('/integrations/events');
        await page.locator('.ant-table-row').first().waitFor();
        await page.locator('input[aria-label="Event type"]').fill('DeviceReceived');
        const row = page.getByRole('row').filter({ has: page.getByRole('cell', { name: 'DeviceReceived', exact: true }) });
        await row.getByRole('button').first().click();
        await page.getByRole('region', { name: 'Example' }).waitFor();
        await screenshot(page, '37-event-catalog');
        expect(await page.getByRole('button', { name: 'Register Endpoint' }).count()).toBe(0);
      });
    } finally {
      await new Promise<void>((resolve) => receiver.close(() => resolve()));
    }
  }, 240_000);
});
