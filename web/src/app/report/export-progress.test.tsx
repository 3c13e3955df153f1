import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { followExport } from './export-progress';
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
    expect(await screen.findByText('disk full')).toBeTruthy();
  });
});
