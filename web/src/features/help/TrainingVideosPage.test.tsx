import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { installBrowserStubs } from '../../app/report/render.test-util';
import { renderPage, stubApi } from '../../app/testing/page.test-util';
import { VIDEOS, VIDEO_TREE } from './help.test-util';
import TrainingVideosPage, { VIDEO_TEXTS, videoProblem } from './TrainingVideosPage';

beforeAll(installBrowserStubs);
beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

describe('Training Videos', { timeout: 30_000 }, () => {
  it('plays a video in a closable player that goes away on close; a link to another site opens in a new tab', async () => {
    const api = stubApi(({ path }) => (path === VIDEOS ? { data: VIDEO_TREE } : {}));
    renderPage(<TrainingVideosPage />);
    expect(await screen.findByText('Agent')).toBeInTheDocument();
    expect(api.queries(VIDEOS)).toEqual([{}]);
    expect(screen.getByRole('link', { name: 'Channel tour' })).toHaveAttribute('target', '_blank');
    expect(document.querySelector('video')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Activating a device' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.querySelector('.ant-modal-title')?.textContent).toBe('Activating a device');
    const player = dialog.querySelector('video')!;
    expect(player.getAttribute('src')).toBe('/api/v1/training/files/v-1?expires=1&signature=s');
    expect(player.controls).toBe(true);
    expect(player.autoplay).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(document.querySelector('video')).toBeNull());
  });

  it('says so when a video cannot be played (not a player at 0:00); Try again asks for a fresh link and plays that', async () => {
    let served = 0;
    const api = stubApi(({ path }) => {
      if (path !== VIDEOS) return {};
      served += 1;
      // The second answer: a fresh signed link for the same video.
      return { data: served === 1 ? VIDEO_TREE : [{ ...VIDEO_TREE[0]!, items: [{ ...VIDEO_TREE[0]!.items[0]!, url: '/api/v1/training/files/v-1?expires=2&signature=t' }] }] };
    });
    renderPage(<TrainingVideosPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Activating a device' }));
    const dialog = await screen.findByRole('dialog');
    const player = dialog.querySelector('video')!;
    // The browser gives up on the file: MEDIA_ERR_SRC_NOT_SUPPORTED (a 404, an expired link, a format it cannot play).
    Object.defineProperty(player, 'error', { value: { code: 4 }, configurable: true });
    fireEvent.error(player);
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent(VIDEO_TEXTS.title);
    expect(alert).toHaveTextContent(VIDEO_TEXTS.unavailable);

    fireEvent.click(within(alert).getByRole('button', { name: VIDEO_TEXTS.retry }));
    await waitFor(() => expect(dialog.querySelector('video')?.getAttribute('src')).toBe('/api/v1/training/files/v-1?expires=2&signature=t'));
    expect(within(dialog).queryByRole('alert')).toBeNull();
    expect(api.queries(VIDEOS)).toEqual([{}, {}]);
  });

  it('names the network and the decoding failures apart', () => {
    expect(videoProblem(2)).toBe(VIDEO_TEXTS.network);
    expect(videoProblem(3)).toBe(VIDEO_TEXTS.decode);
    expect(videoProblem(4)).toBe(VIDEO_TEXTS.unavailable);
    expect(videoProblem(undefined)).toBe(VIDEO_TEXTS.unavailable);
  });
});
