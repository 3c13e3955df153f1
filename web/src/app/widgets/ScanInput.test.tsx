import { withLuhnCheckDigit } from '@portal/contracts/inventory/inventory.schemas';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { installBrowserStubs } from '../report/render.test-util';
import ScanInput, { type ScanResolution, checkDigitFlag, normalizeScan } from './ScanInput';

beforeAll(installBrowserStubs);
afterEach(cleanup);

const imeiNumber = (n: number) => withLuhnCheckDigit(`35693803${String(n).padStart(6, '0')}`);

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Types `code` as a keyboard-wedge scanner does: one character every 5 ms, then Enter. */
async function scanAsWedge(box: HTMLElement, code: string): Promise<void> {
  for (let length = 1; length <= code.length; length++) {
    fireEvent.change(box, { target: { value: code.slice(0, length) } });
    await pause(5);
  }
  fireEvent.keyDown(box, { key: 'Enter', code: 'Enter', keyCode: 13 });
  fireEvent.keyUp(box, { key: 'Enter', code: 'Enter', keyCode: 13 });
  await pause(5);
}

function renderScan(resolve: (code: string) => ScanResolution | Promise<ScanResolution>) {
  const picked: string[][] = [];
  render(<ScanInput label="Devices" resolve={resolve} onChange={(imeis) => picked.push(imeis)} />);
  return { box: screen.getByRole('textbox', { name: 'Devices' }), list: screen.getByRole('list', { name: 'Devices: scanned codes' }), lastPicked: () => picked.at(-1) ?? [] };
}

describe('the scan input', () => {
  it('lands a burst of 50 codes typed by a USB scanner (5 ms a character, Enter after each) as 50 entries', { timeout: 60_000 }, async () => {
    const { box, list, lastPicked } = renderScan(async (code) => ({ imeis: [code] }));
    const codes = Array.from({ length: 50 }, (_, index) => imeiNumber(index));
    for (const code of codes) await scanAsWedge(box, code);
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(50));
    await waitFor(() => expect(lastPicked()).toEqual(codes));
    expect(box).toHaveValue('');
    expect(screen.getByText('50 devices picked from 50 codes')).toBeInTheDocument();
  });

  it('keeps refusals in view with their reason, expands a carton, and keeps a repeated code once with a note', async () => {
    const job = new Set([imeiNumber(1), imeiNumber(2)]);
    const cartons: Record<string, string[]> = { 'CTN-2026-000001': [imeiNumber(3), imeiNumber(4), imeiNumber(5)] };
    const { box, list, lastPicked } = renderScan((code) => {
      if (cartons[code]) return { imeis: cartons[code] };
      return job.has(code) ? { imeis: [code] } : { refused: `IMEI ${code} is not in this job` };
    });
    for (const code of [imeiNumber(1), imeiNumber(9), 'CTN-2026-000001', imeiNumber(1), ` ${imeiNumber(2)}\r`]) {
      fireEvent.change(box, { target: { value: code } });
      fireEvent.keyDown(box, { key: 'Enter', code: 'Enter', keyCode: 13 });
    }
    expect(await screen.findByText(`IMEI ${imeiNumber(9)} is not in this job`)).toBeInTheDocument();
    expect(await screen.findByText('3 devices')).toBeInTheDocument();
    expect(screen.getByText('scanned 2 times, kept once')).toBeInTheDocument();
    expect(within(list).getAllByRole('listitem')).toHaveLength(4);
    await waitFor(() => expect(lastPicked()).toEqual([imeiNumber(1), imeiNumber(3), imeiNumber(4), imeiNumber(5), imeiNumber(2)]));

    // Taking a code off the list takes its devices out of the pick.
    fireEvent.click(screen.getByRole('button', { name: 'Remove CTN-2026-000001' }));
    await waitFor(() => expect(lastPicked()).toEqual([imeiNumber(1), imeiNumber(2)]));

    // A refused code scanned again is checked again: what the screen allows may have changed.
    job.add(imeiNumber(9));
    fireEvent.change(box, { target: { value: imeiNumber(9) } });
    fireEvent.keyDown(box, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(lastPicked()).toEqual([imeiNumber(1), imeiNumber(9), imeiNumber(2)]));
    expect(screen.queryByText(`IMEI ${imeiNumber(9)} is not in this job`)).toBeNull();
    expect(within(list).getAllByRole('listitem')).toHaveLength(3);
  });

  it('flags an IMEI whose check digit does not match, and still picks it', async () => {
    const good = imeiNumber(7);
    const wrong = `${good.slice(0, 14)}${(Number(good[14]) + 1) % 10}`;
    const { box, lastPicked } = renderScan((code) => ({ imeis: [code] }));
    fireEvent.change(box, { target: { value: wrong } });
    fireEvent.keyDown(box, { key: 'Enter', code: 'Enter', keyCode: 13 });
    expect(await screen.findByText(`IMEI ${wrong}: its check digit does not match`)).toBeInTheDocument();
    await waitFor(() => expect(lastPicked()).toEqual([wrong]));
    expect(checkDigitFlag(good)).toBeUndefined();
    expect(checkDigitFlag('CTN-2026-000001')).toBeUndefined();
  });

  it('takes a pasted list line by line, and strips what scanners add around a code', async () => {
    const { box, lastPicked } = renderScan((code) => ({ imeis: [code] }));
    fireEvent.paste(box, { clipboardData: { getData: () => `${imeiNumber(1)}\r\n${imeiNumber(2)}\n\n${imeiNumber(3)}\n` } });
    await waitFor(() => expect(lastPicked()).toEqual([imeiNumber(1), imeiNumber(2), imeiNumber(3)]));
    expect(screen.getAllByText('Picked')).toHaveLength(3);
    expect(normalizeScan(`\u001d 3569 3803\t`)).toBe('35693803');
  });
});
