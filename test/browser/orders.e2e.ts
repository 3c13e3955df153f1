import type { Page } from 'playwright-core';
import { answerTo, choose, dismissNotice, opened, pickOption, scenario, screenshot, signInToShell } from '../support/browser';
import { consoleInTheBrowser } from './support/console';

/**
 * Order Devices in a real browser: what an office may order follows its state (SIMs only in
 * Texas; phones and tablets too in California), and the IBO manager approves a request.
 */
describe('console in the browser: device orders', () => {
  const ui = consoleInTheBrowser();

  it('Order Devices: phones and tablets offered only for a CA office; the IBO manager approves the request in the console', async () => {
    let orderPrefix = '';
    /** Opens Request Order and chooses the office named (a type-ahead: its box, then the letters typed). */
    const requestOrder = async (page: Page, office: string) => {
      await page.goto('/orderinventory');
      await page.getByRole('button', { name: 'Request Order' }).click();
      const drawer = await opened(page.getByRole('dialog').filter({ hasText: 'Request Order' }));
      await choose(page, drawer.locator('.ant-select').first(), office, office.slice(0, 4));
      return drawer;
    };
    await scenario(ui.browser, ui.baseUrl, '20-order-request-tx', async ({ page }) => {
      await signInToShell(page, 'office.manager@demo.test', '/');
      const drawer = await requestOrder(page, 'Dallas Office');
      await drawer.getByLabel('SIMs').waitFor();
      expect(await drawer.getByLabel('Phones').count()).toBe(0);
      expect(await drawer.getByLabel('Tablets').count()).toBe(0);
      await drawer.getByRole('button', { name: 'Submit' }).click();
      for (const message of ['Please select delivery method', 'Please input ship name', 'Please input mobile number', 'Please input Email']) await drawer.getByText(message).first().waitFor();
      await screenshot(page, '20-order-request-tx');
    });
    await scenario(ui.browser, ui.baseUrl, '21-order-request-ca', async ({ page }) => {
      await signInToShell(page, 'office.manager7@demo.test', '/');
      const drawer = await requestOrder(page, 'Fresno Office');
      await drawer.getByLabel('Phones').waitFor();
      await choose(page, drawer.locator('.ant-select').filter({ has: page.locator('#order-request_method_of_delivery') }), 'Shipping to Business Location');
      await drawer.getByLabel('Ship To Name').fill('Fresno receiving desk');
      await drawer.getByLabel('Address', { exact: true }).fill('1200 Fulton St');
      await drawer.getByLabel('City').fill('Fresno');
      // The State box suggests as it is typed: the suggestion is picked.
      await drawer.getByLabel('State').fill('CA');
      await pickOption(page, /^CA$/);
      await drawer.getByLabel('ZIP').fill('93721');
      await drawer.getByLabel('Contact Number').fill('5595550107');
      await drawer.getByLabel('Email').fill('fresno@example.com');
      await drawer.getByLabel('Phones').fill('12');
      await drawer.getByLabel('Tablets').fill('3');
      await drawer.getByLabel('SIMs').fill('25');
      await screenshot(page, '21-order-request-ca');
      const requested = answerTo(page, '/api/v1/manager/create_inventory_request_order');
      await drawer.getByRole('button', { name: 'Submit' }).click();
      const answer = await requested;
      expect(answer.status()).toBe(200);
      orderPrefix = ((await answer.json()) as { order_prefix: string }).order_prefix;
      await dismissNotice(page, `Order ${orderPrefix} requested`);
      await page.getByRole('row').filter({ hasText: orderPrefix }).waitFor();
    });
    expect(orderPrefix).toMatch(/^ORD-\d{6}$/);
    await scenario(ui.browser, ui.baseUrl, '22-order-approve-ibo', async ({ page }) => {
      await signInToShell(page, 'ibo.manager3@demo.test', '/');
      await page.goto('/orderinventory');
      const row = page.getByRole('row').filter({ hasText: orderPrefix });
      await row.getByRole('button', { name: `Approve / Reject ${orderPrefix}` }).click();
      const drawer = await opened(page.getByRole('dialog').filter({ hasText: orderPrefix }));
      await drawer.getByText('Approve', { exact: true }).click();
      await drawer.getByLabel('Phones').fill('10');
      await screenshot(page, '22-order-approve-drawer');
      const answered = answerTo(page, (pathname) => pathname.startsWith('/api/v1/inventory_request_order_accept_reject/'));
      await drawer.getByRole('button', { name: 'Submit' }).click();
      expect((await answered).status()).toBe(200);
      await dismissNotice(page, 'Success order Accepted');
      await row.getByText('IBO Manager').waitFor();
      await row.getByRole('button', { name: `View Log ${orderPrefix}` }).click();
      await opened(page.getByRole('dialog').filter({ hasText: 'IBO manager approved' }));
      await screenshot(page, '22-order-approved-log');
    });
  }, 150_000);
});
