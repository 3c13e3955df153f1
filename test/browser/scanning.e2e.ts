import path from 'node:path';
import { demoDeviceId } from '../../services/src/demo/demo-devices.seed';
import { launchBrowser, opened, scenario, screenshot, signInToShell } from '../support/browser';
import { call } from '../support/demo';
import { fakeCameraArgs, writeBarcodeVideo } from '../support/fake-camera';
import { waitFor } from '../support/processes';
import { assignToAgent, bluebonnetKey, consoleInTheBrowser, dallasTokens, managerAccepts, openPartialAcceptOf, shipToDallas, sidewaysOverflow } from './support/console';

/**
 * Scanning in a real browser whose camera plays a video of a Code 128 label: the agent scans an
 * IMEI on Partial Accept (the device is accepted, the other goes back), and the office manager's
 * header finder opens the device's log from the same label on a phone.
 */
describe('console in the browser: scanning', () => {
  const ui = consoleInTheBrowser();

  it('scan to act: the agent points the camera at a Code 128 IMEI on Partial Accept; the device is accepted, the other goes back', async () => {
    // A job of two devices waiting for the agent, through the API.
    const [scanned, returned] = [0, 1].map((index) => demoDeviceId(950_000 + index, 'PHONE')) as [string, string];
    const jobId = await shipToDallas(ui, await bluebonnetKey(ui.db, 'browser camera test'), [scanned, returned], () => 'BR-CAM');
    const { manager, agent } = await dallasTokens(ui.baseUrl);
    await managerAccepts(ui.baseUrl, manager, jobId, ['BR-CAM']);
    await assignToAgent(ui, manager, ['BR-CAM']);

    // The phone's camera: Chromium plays a video of the first IMEI's Code 128 barcode.
    const video = path.join(ui.dataDir, 'imei-barcode.y4m');
    await writeBarcodeVideo(video, scanned);
    const cameraBrowser = await launchBrowser(fakeCameraArgs(video));
    try {
      await scenario(cameraBrowser, ui.baseUrl, '20-camera-scan-partial-accept', async ({ context, page }) => {
        await context.grantPermissions(['camera']);
        await signInToShell(page, 'agent@demo.test', '/agent-dashboard');
        // The agent may have other jobs waiting: open the Partial Accept that lists the two devices.
        const dialog = await openPartialAcceptOf(page, scanned);
        await dialog.getByRole('button', { name: 'Scan IMEIs with the camera' }).click();
        const camera = await opened(page.getByRole('dialog').filter({ hasText: 'Scan with the camera' }));
        await camera.getByText('Hold a barcode in the frame').waitFor({ timeout: 30_000 });
        // Read from the picture (the WebAssembly reader: Chromium on Linux has no BarcodeDetector).
        await camera.getByRole('list', { name: 'Codes read by the camera' }).getByText(scanned).waitFor({ timeout: 30_000 });
        await screenshot(page, '20-camera-scan-reading');
        await camera.getByRole('button', { name: 'Done' }).click();
        await camera.waitFor({ state: 'hidden' });
        const scannedCodes = dialog.getByRole('list', { name: 'Scan IMEIs: scanned codes' });
        await scannedCodes.getByRole('listitem').filter({ hasText: scanned }).getByText('Picked').waitFor();
        expect(await dialog.getByRole('checkbox', { name: new RegExp(`^${scanned}`) }).isChecked()).toBe(true);
        expect(await dialog.getByRole('checkbox', { name: new RegExp(`^${returned}`) }).isChecked()).toBe(false);
        await screenshot(page, '20-camera-scan-picked');
        await dialog.getByRole('button', { name: 'Submit' }).click();
        await dialog.waitFor({ state: 'hidden' });
      });
      // The office manager, on a phone, points the header finder's camera at the same label: the
      // device's log opens, and the header with its camera button still fits the screen.
      await scenario(cameraBrowser, ui.baseUrl, '20-camera-find-device-phone', async ({ context, page }) => {
        await context.grantPermissions(['camera']);
        await page.setViewportSize({ width: 390, height: 844 });
        await signInToShell(page, 'office.manager@demo.test', '/');
        expect(await sidewaysOverflow(page)).toBe(0);
        await screenshot(page, '20-camera-find-device-phone-header');
        await page.getByRole('button', { name: 'Find a device with the camera' }).click();
        await page.getByRole('dialog').filter({ hasText: 'Scan with the camera' }).waitFor();
        await page.waitForURL((url) => url.pathname === '/InventoryDetailedReport' && url.searchParams.get('imei') === scanned, { timeout: 30_000 });
        await page.getByRole('dialog').filter({ hasText: 'Scan with the camera' }).waitFor({ state: 'hidden' });
        await page.getByText(`Device Log: ${scanned}`).waitFor({ timeout: 20_000 });
        await screenshot(page, '20-camera-find-device-phone');
      });
    } finally {
      await cameraBrowser.close();
    }
    // The scanned device is the agent's; the other went back to the manager.
    const held = async (imei: string) => JSON.stringify((await call(ui.baseUrl, 'GET', `/api/v1/agent/agentinventorylistv1?keyword=${imei}`, { token: agent })).body).includes(imei);
    await waitFor(() => held(scanned), (found) => found, 20_000, 'the scanned device in the agent inventory');
    expect(await held(returned)).toBe(false);
  }, 240_000);
});
