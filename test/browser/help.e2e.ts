import { announcementsDialog, dismissNotice, opened, scenario, screenshot, signInToShell } from '../support/browser';
import { waitFor } from '../support/processes';
import { consoleInTheBrowser } from './support/console';

/**
 * The help centre in a real browser: the FAQ searched, a training PDF opened by its signed link, a
 * training video played and sought, and an announcement published by a retailer manager that
 * prompts the agent at their next sign-in.
 */
describe('console in the browser: help centre', () => {
  const ui = consoleInTheBrowser();

  it('Help: an office manager searches the FAQ, opens a training PDF and plays the video; a retailer manager publishes an announcement that prompts the agent', async () => {
    await scenario(ui.browser, ui.baseUrl, '27-help-faq-training', async ({ context, page }) => {
      await signInToShell(page, 'office.manager@demo.test', '/');
      await page.goto('/faq');
      const search = page.getByPlaceholder('What we can help you with?');
      await search.waitFor();
      await page.locator('.ant-collapse-item').nth(27).waitFor();
      await search.fill('shipping label');
      // The answer mentions it, the question does not: the list narrows to the RMA answers.
      await page.getByText('Where do I follow my RMA orders?').waitFor();
      await waitFor(() => page.locator('.ant-collapse-item').count(), (count) => count > 0 && count < 28, 5_000, 'the FAQ to narrow');
      await page.getByText('Where do I follow my RMA orders?').click();
      await page.getByText('The label appears once the order is approved').waitFor();
      await screenshot(page, '27-help-faq-search');
      // The login answer is HTML (sanitised): its list and its link render as such.
      await search.fill('sign in');
      await page.getByText('How do I sign in to the portal?').click();
      await page.locator('.faq-answer li').first().waitFor();
      expect(await page.locator('.faq-answer a[href="/page-forgot-password"]').count()).toBe(1);

      await page.goto('/trainingdocs');
      const guide = page.getByRole('link', { name: 'Receiving and assigning inventory' });
      await guide.waitFor();
      expect(await page.getByText('IBO Manager', { exact: true }).count()).toBe(0);
      expect(await guide.getAttribute('target')).toBe('_blank');
      await screenshot(page, '27-help-training-documents');
      const [pdfTab] = await Promise.all([context.waitForEvent('page'), guide.click()]);
      await pdfTab.waitForURL((url) => url.pathname.startsWith('/api/v1/training/files/'));
      // The tab's own link, asked again without the bearer token: the signature is the credential.
      const pdf = await context.request.get(pdfTab.url());
      expect([pdf.status(), pdf.headers()['content-type'], (await pdf.body()).subarray(0, 5).toString('latin1')]).toEqual([200, 'application/pdf', '%PDF-']);
      await pdfTab.close();

      await page.goto('/trainingvideos');
      await page.getByRole('button', { name: 'A tour of the portal' }).click();
      const player = await opened(page.getByRole('dialog').filter({ hasText: 'A tour of the portal' }));
      const video = player.locator('video');
      await video.waitFor();
      // It plays: time moves on; then it can seek (the file answers ranges) and the dialog closes it.
      await waitFor(() => video.evaluate((element) => (element as unknown as { currentTime: number }).currentTime), (time) => time > 0.3, 30_000, 'the video to play');
      await screenshot(page, '27-help-training-video');
      await video.evaluate((element) => {
        (element as unknown as { currentTime: number }).currentTime = 8;
      });
      await waitFor(() => video.evaluate((element) => (element as unknown as { currentTime: number }).currentTime), (time) => time >= 8, 30_000, 'the video to seek');
      await player.getByRole('button', { name: 'Close' }).click();
      await waitFor(() => page.locator('video').count(), (count) => count === 0, 10_000, 'the player to close');

      // A video that cannot load (its file gone: 404) says so instead of sitting at 0:00; Try again fetches a fresh link and plays.
      const videoFiles = (url: URL) => url.pathname.startsWith('/api/v1/training/files/');
      await page.route(videoFiles, (route) => route.fulfill({ status: 404, contentType: 'application/json', body: '{"error":"Not Found","message":"No such file"}' }));
      await page.getByRole('button', { name: 'A tour of the portal' }).click();
      const failing = await opened(page.getByRole('dialog').filter({ hasText: 'A tour of the portal' }));
      await failing.getByText('This video cannot be played').waitFor({ timeout: 30_000 });
      await failing.getByText(/its file is missing, its link has expired/).waitFor();
      await screenshot(page, '27-help-training-video-cannot-play');
      await page.unroute(videoFiles);
      await failing.getByRole('button', { name: 'Try again' }).click();
      const retried = failing.locator('video');
      await waitFor(() => retried.evaluate((element) => (element as unknown as { currentTime: number }).currentTime), (time) => time > 0.3, 30_000, 'the video to play after Try again');
      expect(await failing.getByText('This video cannot be played').count()).toBe(0);
      await failing.getByRole('button', { name: 'Close' }).click();
    });

    await scenario(ui.browser, ui.baseUrl, '28-help-publish-announcement', async ({ page }) => {
      await signInToShell(page, 'retailer.manager@demo.test', '/');
      await page.goto('/announcement');
      await page.getByRole('button', { name: 'Publish Announcement' }).click();
      const drawer = await opened(page.locator('.ant-drawer').filter({ hasText: 'Publish Announcement' }));
      await drawer.getByRole('button', { name: 'Publish' }).click();
      await drawer.getByText('Please input message').waitFor();
      await drawer.getByPlaceholder('Message').fill('Agents: the new scanners arrive on Monday; bring your old one to the office.');
      await drawer.getByRole('checkbox', { name: 'Agent' }).check();
      await screenshot(page, '28-help-publish-drawer');
      await drawer.getByRole('button', { name: 'Publish' }).click();
      await dismissNotice(page, 'Announcement published successfully');
      await page.getByRole('row').filter({ hasText: 'the new scanners arrive on Monday' }).waitFor();
    });

    await scenario(ui.browser, ui.baseUrl, '29-help-agent-prompted', async ({ page }) => {
      await signInToShell(page, 'agent@demo.test', '/agent-dashboard', {
        beforeDismiss: async () => {
          await announcementsDialog(page).getByText('the new scanners arrive on Monday').waitFor();
          await screenshot(page, '29-help-agent-important-announcements');
        },
      });
    });
  }, 120_000);
});
