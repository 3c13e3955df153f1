import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { installBrowserStubs } from '../report/render.test-util';
import DeviceFinder, { finderLink } from './DeviceFinder';

/** The camera's reader stood in for (jsdom has no WebAssembly): each look at the picture reads the next frame's codes. */
const frames = vi.hoisted(() => ({ codes: [] as string[][], reads: 0 }));
vi.mock('./barcode-reader', () => ({
  openBarcodeReader: async () => ({
    read: async () => frames.codes[Math.min(frames.reads++, frames.codes.length - 1)] ?? [],
  }),
}));

beforeAll(installBrowserStubs);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

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
    const box = screen.getByRole('searchbox', { name: 'Find a device by IMEI or carton' });
    fireEvent.change(box, { target: { value: ' 3569 3803 ' } });
    // Its button is named apart from a screen's own Search button.
    fireEvent.click(screen.getByRole('button', { name: 'Find device' }));
    expect(screen.getByLabelText('location')).toHaveTextContent('/InventoryDetailedReport?imei=35693803&log=open');
    expect(screen.queryByRole('button', { name: /^search$/i })).toBeNull();
  });

  it('opens the report on a scanned carton number (a label scanned by a USB scanner: the code and Enter, control characters around it)', () => {
    renderFinder();
    const box = screen.getByRole('searchbox', { name: 'Find a device by IMEI or carton' });
    fireEvent.change(box, { target: { value: 'CT001230\r' } });
    fireEvent.keyDown(box, { key: 'Enter', code: 'Enter', keyCode: 13 });
    expect(screen.getByLabelText('location')).toHaveTextContent('/InventoryDetailedReport?carton=CT001230');
    expect(finderLink('BR-RMA/2#1')).toBe('/InventoryDetailedReport?carton=BR-RMA%2F2%231');
    expect(finderLink('356938035643809')).toBe('/InventoryDetailedReport?imei=356938035643809&log=open');
  });

  it('refuses what is neither 4 to 20 digits nor a carton number, saying so, and stays put', async () => {
    renderFinder();
    const box = screen.getByRole('searchbox', { name: 'Find a device by IMEI or carton' });
    for (const typed of ['12', 'ü-carton', 'C'.repeat(61)]) {
      fireEvent.change(box, { target: { value: typed } });
      fireEvent.keyDown(box, { key: 'Enter', code: 'Enter', keyCode: 13 });
      expect(await screen.findByRole('tooltip')).toHaveTextContent('Type or scan an IMEI (at least its last 4 digits) or a carton number');
      expect(screen.getByLabelText('location')).toHaveTextContent('/dashboard');
    }
  });

  it('reads a label with the camera: a code that is neither IMEI nor carton is said in the camera window, the next good one opens its report and turns the camera off', async () => {
    const track = { stop: vi.fn() };
    const stream = { getTracks: () => [track] } as unknown as MediaStream;
    vi.stubGlobal('navigator', Object.assign(Object.create(navigator) as Navigator, { mediaDevices: { getUserMedia: async () => stream }, vibrate: vi.fn() }));
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    vi.spyOn(HTMLMediaElement.prototype, 'readyState', 'get').mockReturnValue(HTMLMediaElement.HAVE_ENOUGH_DATA);
    frames.codes = [[], ['ü-label'], ['ü-label'], ['CT001230'], ['CT001230']];
    frames.reads = 0;
    renderFinder();
    fireEvent.click(screen.getByRole('button', { name: 'Find a device with the camera' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText("ü-label is neither an IMEI nor a carton number: scan a device's or a carton's label", {}, { timeout: 3_000 })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('location')).toHaveTextContent('/InventoryDetailedReport?carton=CT001230'), { timeout: 3_000 });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(track.stop).toHaveBeenCalled();
  });
});
