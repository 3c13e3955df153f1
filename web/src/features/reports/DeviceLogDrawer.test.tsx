import type { DeviceLogRow } from '@portal/contracts/inventory/inventory.views';
import { ROLE } from '@portal/contracts/platform/roles';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { installBrowserStubs } from '../../app/report/render.test-util';
import { renderPage, stubApi } from '../../app/testing/page.test-util';
import DeviceLogDrawer from './DeviceLogDrawer';

beforeAll(installBrowserStubs);
beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

const IMEI = '356938035643809';
const LOG: DeviceLogRow[] = [{ imei: IMEI, short_description: 'Received by Austin South', created_at: '2025-03-02T15:00:00.000Z', status: 2, type: 'received', updated_at: '2025-03-02T15:00:00.000Z' }];

const openLog = async (roles: number[]) => {
  stubApi(({ path }) => (path === `/api/v1/device_log/${IMEI}` ? { items: LOG } : {}));
  renderPage(<DeviceLogDrawer imei={IMEI} onClose={() => undefined} />, roles);
  await screen.findByText('Received by Austin South');
  return document.querySelector<HTMLElement>('.ant-drawer')!;
};

describe('the device log drawer', () => {
  it("links a retailer manager to the device's timeline, from the top and from the IMEI", async () => {
    const drawer = await openLog([ROLE.RETAILER_MANAGER]);
    expect(within(drawer).getByRole('link', { name: 'Open the device timeline' })).toHaveAttribute('href', `/audit/device?imei=${IMEI}`);
    expect(within(drawer).getByRole('link', { name: IMEI })).toHaveAttribute('href', `/audit/device?imei=${IMEI}`);
  });

  it('shows an office manager the log without a timeline link', async () => {
    const drawer = await openLog([ROLE.OFFICE_MANAGER]);
    expect(within(drawer).queryByText('Open the device timeline')).toBeNull();
    expect(within(drawer).queryByRole('link')).toBeNull();
    expect(within(drawer).getByText(IMEI, { selector: 'td, td *' })).toBeInTheDocument();
  });
});
