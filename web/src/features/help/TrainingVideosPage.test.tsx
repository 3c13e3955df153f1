import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { installBrowserStubs } from '../../app/report/render.test-util';
import { renderPage, stubApi } from '../../app/testing/page.test-util';
import { VIDEOS, VIDEO_TREE } from './help.test-util';
import TrainingVideosPage from './TrainingVideosPage';

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
});
