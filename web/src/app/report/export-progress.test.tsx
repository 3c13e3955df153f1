import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { notification } from 'antd';
import { followExport, showReady } from './export-progress';
import { liveStore } from '../live/live-store';
import { installBrowserStubs } from './render.test-util';

const answer = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

describe('following a long export', () => {
  beforeAll(installBrowserStubs);
  afterEach(() => vi.unstubAllGlobals());

  it('shows the rows written, then a Download link to the signed url', async () => {
    const answers = [
      { status: 'running', rows_written: 5_000, rows_total: 12_000 },
      { status: 'running', rows_written: 5_000, rows_total: 12_000 },
      { status: 'running', rows_written: 5_000, rows_total: 12_000 },
      { status: 'done', rows_written: 12_000, rows_total: 12_000, url: '/api/v1/exports/e1/download?expires=1&signature=abc' },
    ];
    const calls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        calls.push(url);
        return answer(answers.shift());
      }),
    );
    const following = followExport('e1', 300);
    await waitFor(() => expect(screen.getByTestId('export-progress').textContent).toContain('5,000 of 12,000 rows'));
    const done = await following;
    expect(done?.status).toBe('done');
    const download = await screen.findByRole('link', { name: 'Download' });
    expect(download.getAttribute('href')).toBe('/api/v1/exports/e1/download?expires=1&signature=abc');
    expect(calls).toEqual(Array(4).fill('/api/v1/exports/e1'));
  });

  it("says 'Oops' with the error when the export failed", async () => {
    vi.stubGlobal('fetch', vi.fn(async () => answer({ status: 'failed', rows_written: 0, rows_total: 3, error: 'disk full' })));
    await followExport('e2', 10);
    expect((await screen.findAllByText('Oops')).length).toBeGreaterThan(0);
    expect(await screen.findByText('disk full')).toBeInTheDocument();
  });
});

describe('following a long export over the live socket', () => {
  beforeAll(installBrowserStubs);
  afterEach(() => {
    vi.unstubAllGlobals();
    liveStore.reset();
  });

  it('moves the bar with each push and offers the file as soon as the done push arrives, without polling again', async () => {
    liveStore.setConnected(true);
    const calls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        calls.push(url);
        return answer({ status: 'queued', rows_written: 0, rows_total: null });
      }),
    );
    const following = followExport('e3', 10);
    await waitFor(() => expect(calls).toHaveLength(1));
    liveStore.receiveExport({ export_id: 'e3', status: 'running', rows_written: 40_000, rows_total: 200_000 });
    await waitFor(() => expect(screen.getByTestId('export-progress').textContent).toContain('40,000 of 200,000 rows'));
    liveStore.receiveExport({ export_id: 'other', status: 'done', rows_written: 1, rows_total: 1, url: '/elsewhere' });
    liveStore.receiveExport({ export_id: 'e3', status: 'done', rows_written: 200_000, rows_total: 200_000, url: '/api/v1/exports/e3/download?expires=1&signature=x' });
    const done = await following;
    expect(done?.url).toBe('/api/v1/exports/e3/download?expires=1&signature=x');
    await waitFor(() => expect(screen.getAllByRole('link', { name: 'Download' }).some((link) => link.getAttribute('href')?.includes('/e3/'))).toBe(true));
    // Socket up: the safety poll waits 5 s, so the first call was the only one.
    expect(calls).toEqual(['/api/v1/exports/e3']);
  });
});

describe('export notices', () => {
  beforeAll(installBrowserStubs);
  afterEach(() => {
    vi.unstubAllGlobals();
    liveStore.reset();
    notification.destroy();
  });

  it('name their file, and stand in the bottom right corner, never over the header (its bell and user menu are top right)', async () => {
    liveStore.setConnected(true);
    vi.stubGlobal('fetch', vi.fn(async () => answer({ status: 'running', rows_written: 10, rows_total: 40, file_name: 'sales-breakdown-11-28-2026.csv' })));
    const first = followExport('e4', 10);
    await waitFor(() => expect(screen.getByTestId('export-progress').textContent).toContain('sales-breakdown-11-28-2026.csv'));
    showReady('export-e5', '/api/v1/exports/e5/download?expires=1&signature=y', 'detailed-sales-report-11-28-2026.xlsx');
    liveStore.receiveExport({ export_id: 'e4', status: 'done', rows_written: 40, rows_total: 40, url: '/api/v1/exports/e4/download?expires=1&signature=x', file_name: 'sales-breakdown-11-28-2026.csv' });
    await first;
    // Two ready files at once: each says which it is.
    await waitFor(() => expect(screen.getAllByTestId('export-ready').map((notice) => notice.textContent)).toEqual(expect.arrayContaining([expect.stringContaining('sales-breakdown-11-28-2026.csv'), expect.stringContaining('detailed-sales-report-11-28-2026.xlsx')])));
    expect(screen.getAllByTestId('export-ready').every((notice) => notice.closest('.ant-notification-bottomRight') !== null)).toBe(true);
    expect(document.querySelector('.ant-notification-topRight')).toBeNull();
  });
});
