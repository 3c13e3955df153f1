import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { installBrowserStubs } from '../report/render.test-util';
import { cameraProblem } from './CameraScanner';
import ScanInput from './ScanInput';

/**
 * The camera window around its two browser edges (jsdom has neither a camera nor WebAssembly):
 * `getUserMedia` and the reader are stood in for here; the real camera, the real reader and a
 * real Code 128 picture are exercised in Chromium (test/browser/scanning.e2e.ts, "scan to act").
 */
const frames = vi.hoisted(() => ({ codes: [] as string[][], reads: 0 }));
vi.mock('./barcode-reader', () => ({
  openBarcodeReader: async () => ({
    read: async () => frames.codes[Math.min(frames.reads++, frames.codes.length - 1)] ?? [],
  }),
}));

const track = { stop: vi.fn() };
const stream = { getTracks: () => [track] } as unknown as MediaStream;

beforeAll(installBrowserStubs);
beforeEach(() => {
  frames.codes = [];
  frames.reads = 0;
  track.stop.mockClear();
  // A video that has a picture once playing.
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
  vi.spyOn(HTMLMediaElement.prototype, 'readyState', 'get').mockReturnValue(HTMLMediaElement.HAVE_ENOUGH_DATA);
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function stubCamera(getUserMedia: () => Promise<MediaStream>) {
  vi.stubGlobal('navigator', Object.assign(Object.create(navigator) as Navigator, { mediaDevices: { getUserMedia }, vibrate: vi.fn() }));
}

function renderScanner(accepted: readonly string[]) {
  const picked: string[][] = [];
  render(<ScanInput label="Devices" resolve={(code) => (accepted.includes(code) ? { imeis: [code] } : { refused: `IMEI ${code} is not in this job` })} onChange={(imeis) => picked.push(imeis)} />);
  fireEvent.click(screen.getByRole('button', { name: 'Devices with the camera' }));
  return { dialog: () => screen.getByRole('dialog'), lastPicked: () => picked.at(-1) ?? [] };
}

describe('the camera scanner', () => {
  it('hands each new code in view to the list once, however many frames show it, and turns the camera off on Done', async () => {
    stubCamera(async () => stream);
    frames.codes = [[], ['356938035643809'], ['356938035643809'], ['356938035643809', '490154203237518'], ['490154203237518']];
    const { dialog, lastPicked } = renderScanner(['356938035643809']);
    await waitFor(() => expect(within(dialog()).getByRole('list', { name: 'Codes read by the camera' }).querySelectorAll('li')).toHaveLength(2), { timeout: 3_000 });
    expect(within(dialog()).getByText('Hold a barcode in the frame. Each new code beeps and joins the list.')).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Devices: scanned codes' });
    await waitFor(() => expect(within(list).getByText('IMEI 490154203237518 is not in this job')).toBeInTheDocument());
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(within(list).queryByText(/kept once/)).toBeNull();
    expect(lastPicked()).toEqual(['356938035643809']);
    expect(navigator.vibrate).toHaveBeenCalledTimes(2);

    await act(async () => {
      fireEvent.click(within(dialog()).getByRole('button', { name: 'Done' }));
    });
    expect(track.stop).toHaveBeenCalled();
  });

  it('says in words why the camera could not open', async () => {
    stubCamera(async () => {
      throw new DOMException('Permission denied', 'NotAllowedError');
    });
    const { dialog } = renderScanner([]);
    expect(await within(dialog()).findByText('The camera was not allowed: allow it in the browser for this site, or use a USB scanner.')).toBeInTheDocument();
    expect(cameraProblem(new DOMException('none', 'NotFoundError'))).toBe('No camera was found on this device: use a USB scanner or type the codes.');
    expect(cameraProblem(new Error('boom'))).toBe('The camera could not be opened: boom');
  });
});
