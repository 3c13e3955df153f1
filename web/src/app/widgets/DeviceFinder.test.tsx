import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { installBrowserStubs } from '../report/render.test-util';
import DeviceFinder from './DeviceFinder';

beforeAll(installBrowserStubs);
afterEach(cleanup);

function Where() {
  const location = useLocation();
  return <output aria-label="location">{`${location.pathname}${location.search}`}</output>;
}

const renderFinder = () =>
  render(
    <MemoryRouter initialEntries={['/dashboard']}>
      <DeviceFinder />
      <Routes>
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );

describe('the header device finder', () => {
  it('opens the detailed report on the IMEI digits typed, asking for the device log', () => {
    renderFinder();
    const box = screen.getByRole('searchbox', { name: 'Find a device by IMEI' });
    fireEvent.change(box, { target: { value: ' 3569 3803 ' } });
    // Its button is named apart from a screen's own Search button.
    fireEvent.click(screen.getByRole('button', { name: 'Find device' }));
    expect(screen.getByLabelText('location')).toHaveTextContent('/InventoryDetailedReport?imei=35693803&log=open');
    expect(screen.queryByRole('button', { name: /^search$/i })).toBeNull();
  });

  it('refuses what is not 4 to 20 digits, saying so, and stays put', async () => {
    renderFinder();
    const box = screen.getByRole('searchbox', { name: 'Find a device by IMEI' });
    for (const typed of ['12', 'abcd1234', '123456789012345678901']) {
      fireEvent.change(box, { target: { value: typed } });
      fireEvent.keyDown(box, { key: 'Enter', code: 'Enter', keyCode: 13 });
      expect(await screen.findByRole('tooltip')).toHaveTextContent('Type an IMEI, or at least its last 4 digits');
      expect(screen.getByLabelText('location')).toHaveTextContent('/dashboard');
    }
  });
});
