import { type BrowserGlobals, dismissNotice, opened, scenario, screenshot, signInToShell } from '../support/browser';
import { consoleInTheBrowser, drawSignature, fromProfileMenu } from './support/console';

/**
 * Documents and messages in a real browser: an agent on a phone reads a compliance document to
 * its last page and signs it; an office manager fills the unit form from the Documents list and
 * the bell counts the messages; a retailer manager accepts another office's form.
 */
describe('console in the browser: documents and messages', () => {
  const ui = consoleInTheBrowser();

  it('Compliance documents: an agent on a phone reads a document to its last page, ticks the consent, signs with the mouse and sees the signed copy', async () => {
    await scenario(ui.browser, ui.baseUrl, '33-compliance-sign-phone', async ({ page }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      await signInToShell(page, 'agent@demo.test', '/agent-dashboard');
      // Not in the agent's sidebar (doc 1 §2.2): the profile menu opens it.
      await fromProfileMenu(page, /^\s*Compliance Documents\s*$/, (url) => url.pathname === '/agent-compliancedocument');
      const row = page.getByRole('row').filter({ hasText: 'Agent Code of Conduct' });
      await row.getByText('Pending').waitFor();
      await screenshot(page, '33-compliance-list-phone');
      await row.getByRole('button', { name: 'View Document Agent Code of Conduct' }).click();
      const viewer = page.getByRole('dialog');
      await viewer.getByRole('img', { name: 'Agent Code of Conduct, page 1 of 2' }).waitFor({ timeout: 20_000 });
      await opened(viewer);
      const consent = viewer.getByRole('checkbox', { name: 'I have read and understood the terms and conditions' });
      expect(await consent.isDisabled()).toBe(true);
      await viewer.getByText('Please read the document to its last page').first().waitFor();
      await viewer.getByRole('button', { name: 'Next' }).click();
      await viewer.getByRole('img', { name: 'Agent Code of Conduct, page 2 of 2' }).waitFor({ timeout: 20_000 });
      await consent.check();
      const pad = viewer.getByLabel('Signature for Agent Code of Conduct');
      // The pad fits inside the dialog on a 390 px phone: its border's right edge is within the dialog's and the screen's.
      // The pad fits inside the dialog's body on a 390 px phone: nothing of it (its border) is cut off at the right, and the body does not scroll sideways.
      const body = viewer.locator('.ant-modal-body');
      const [padBox, bodyBox] = [(await pad.boundingBox())!, (await body.boundingBox())!];
      const bodySideways = await body.evaluate((element) => element.scrollWidth - element.clientWidth);
      expect({ left: padBox.x >= bodyBox.x, right: padBox.x + padBox.width <= bodyBox.x + bodyBox.width, bodySideways }).toEqual({ left: true, right: true, bodySideways: 0 });
      await drawSignature(page, pad);
      await screenshot(page, '33-compliance-signing-phone');
      expect(await page.evaluate(() => (globalThis as unknown as BrowserGlobals).document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await viewer.getByRole('button', { name: 'Save' }).click();
      await dismissNotice(page, 'Document signed successfully');
      // The signed copy: the two pages read, then the certificate.
      await viewer.getByRole('img', { name: 'Agent Code of Conduct, page 1 of 3' }).waitFor({ timeout: 20_000 });
      await viewer.getByRole('button', { name: 'Next' }).click();
      await viewer.getByRole('img', { name: 'Agent Code of Conduct, page 2 of 3' }).waitFor({ timeout: 20_000 });
      await viewer.getByRole('button', { name: 'Next' }).click();
      await viewer.getByRole('img', { name: 'Agent Code of Conduct, page 3 of 3' }).waitFor({ timeout: 20_000 });
      await screenshot(page, '33-compliance-certificate-phone');
      // Back on the list, the row says when it was signed (not when it was published).
      await viewer.getByRole('button', { name: 'Close' }).click();
      await viewer.waitFor({ state: 'hidden' });
      await row.getByText('Completed').waitFor();
      await row.getByText('Signed', { exact: true }).waitFor();
    });
  }, 120_000);

  it('Documents: the office manager fills the unit form from the Documents list; the retailer manager accepts another office\'s in the Accept/Reject modal; the bell counts the messages', async () => {
    await scenario(ui.browser, ui.baseUrl, '34-unit-form-fill', async ({ page }) => {
      await signInToShell(page, 'office.manager@demo.test', '/');
      const bell = page.getByRole('button', { name: /^Messages, \d+ unread$/ });
      await bell.waitFor();
      await fromProfileMenu(page, /^\s*Documents\s*$/, (url) => url.pathname === '/documents');
      const row = page.getByRole('row').filter({ hasText: 'Dallas Office' });
      await row.getByText('In Progress').waitFor();
      await screenshot(page, '34-manager-documents');
      await row.getByRole('link', { name: /Fill form/ }).click();
      await page.waitForURL('**/form/**');
      await page.getByText('Signing as Olivia Ortega').waitFor();
      for (const [label, value] of [['Legal business name', 'Dallas Wireless LLC'], ['Business address', '1 Elm Street, Dallas TX'], ['Tax ID (EIN)', '12-3456789'], ['Contact name', 'Olivia Ortega'], ['Contact phone', '2145550100'], ['Contact email', 'olivia@demo.test']] as const) {
        await page.getByLabel(label, { exact: true }).fill(value);
      }
      await page.getByRole('checkbox', { name: 'I confirm the information above is accurate' }).check();
      await drawSignature(page, page.getByLabel('Signature', { exact: true }));
      await screenshot(page, '34-unit-form-filled');
      await page.getByRole('button', { name: 'Save' }).click();
      // Said on the page itself (a result that stays), not in a popup.
      await page.getByText('Form updated successfully').waitFor({ timeout: 20_000 });
      await page.goto('/documents');
      await page.getByRole('row').filter({ hasText: 'Dallas Office' }).getByText('Completed').waitFor();
      await page.goto('/Transaction');
      await page.getByText('was sent to Dallas Office for you to fill in').first().waitFor();
      await page.getByRole('button', { name: 'Messages, 0 unread' }).waitFor({ timeout: 15_000 });
      await screenshot(page, '34-manager-messages');
    });
    await scenario(ui.browser, ui.baseUrl, '35-unit-form-review', async ({ page }) => {
      await signInToShell(page, 'retailer.manager@demo.test', '/');
      await page.goto('/offices');
      const houston = page.getByRole('row').filter({ hasText: 'Houston Office' });
      await houston.getByRole('button', { name: /Accept\/Reject/ }).click();
      const modal = await opened(page.getByRole('dialog', { name: 'Accept/Reject documents' }));
      await modal.getByRole('link', { name: 'View filled form' }).waitFor();
      await modal.getByRole('button', { name: 'OK' }).click();
      await modal.getByText('Please input is accept!').waitFor();
      await modal.getByRole('radio', { name: 'Reject' }).check();
      await modal.getByRole('button', { name: 'OK' }).click();
      await modal.getByText('Enter reason for rejecting').waitFor();
      await modal.getByRole('radio', { name: 'Accept' }).check();
      await screenshot(page, '35-accept-reject-modal');
      await modal.getByRole('button', { name: 'OK' }).click();
      await dismissNotice(page, 'Form updated successfully');
      await houston.getByText('Accepted').waitFor();
      // Publish Documents on a 1366 px laptop: all seven columns (Retailer shows: the row names one) fit, the last one whole.
      await page.setViewportSize({ width: 1366, height: 768 });
      await page.goto('/publishdocuments');
      const published = page.getByRole('row').filter({ hasText: 'Agent Code of Conduct' });
      await published.waitFor();
      expect((await page.getByRole('columnheader').allInnerTexts()).map((title) => title.trim())).toEqual(['Name', 'Audience', 'Signed', 'Retailer', 'Published By', 'Created At', 'Document']);
      const view = (await published.getByRole('link', { name: 'View Agent Code of Conduct' }).boundingBox())!;
      const table = (await page.locator('.ant-table-content, .ant-table-body').first().boundingBox())!;
      expect({ viewRight: Math.ceil(view.x + view.width) <= Math.floor(table.x + table.width), sideScroll: await page.getByTestId('side-scroll-cue').count() }).toEqual({ viewRight: true, sideScroll: 0 });
      await screenshot(page, '35-publish-documents');
    });
  }, 120_000);
});
