import { ROLE } from '@portal/contracts/platform/roles';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { installBrowserStubs } from '../report/render.test-util';
import { renderReport } from '../testing/report.test-util';
import ImeiLink from './ImeiLink';

beforeAll(installBrowserStubs);
beforeEach(() => localStorage.clear());
afterEach(cleanup);

const IMEI = '356938035643809';

function Where() {
  const location = useLocation();
  const cameFrom = (location.state as { cameFrom?: string } | null)?.cameFrom;
  return <output aria-label="location">{`${location.pathname}${location.search} from ${cameFrom ?? 'nowhere'}`}</output>;
}

const renderLink = (roles: number[], imei: string | null = IMEI) =>
  renderReport(
    <Routes>
      <Route
        path="*"
        element={
          <>
            <ImeiLink imei={imei} />
            <Where />
          </>
        }
      />
    </Routes>,
    { roles, url: '/InventoryDetailedReport?status=4' },
  );

describe('ImeiLink', () => {
  it.each([ROLE.SUPER_ADMIN, ROLE.RETAILER_MANAGER, ROLE.AUDITOR])('links role %i to the device timeline, saying where it came from', (role) => {
    renderLink([role]);
    const link = screen.getByRole('link', { name: IMEI });
    expect(link).toHaveAttribute('href', `/audit/device?imei=${IMEI}`);
    fireEvent.click(link);
    expect(screen.getByLabelText('location')).toHaveTextContent(`/audit/device?imei=${IMEI} from /InventoryDetailedReport?status=4`);
  });

  it.each([ROLE.OFFICE_MANAGER, ROLE.IBO_MANAGER, ROLE.AGENT])('shows role %i the IMEI as plain text', (role) => {
    renderLink([role]);
    expect(screen.getByText(IMEI)).toBeInTheDocument();
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('a manager who is also an agent follows the manager role', () => {
    renderLink([ROLE.RETAILER_MANAGER, ROLE.AGENT]);
    expect(screen.getByRole('link', { name: IMEI })).toBeInTheDocument();
  });

  it('shows a dash when there is no IMEI', () => {
    renderLink([ROLE.AUDITOR], null);
    expect(screen.getByText('—')).toBeInTheDocument();
    expect(screen.queryByRole('link')).toBeNull();
  });
});
