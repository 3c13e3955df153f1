import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { installBrowserStubs } from '../../app/report/render.test-util';
import { renderPage } from '../../app/testing/page.test-util';
import RmaImageViewer from './RmaImageViewer';

const PHOTO = new Blob(['png'], { type: 'image/png' });
const created: Blob[] = [];
const revoked: string[] = [];

beforeAll(() => {
  installBrowserStubs();
  // jsdom has no object URLs.
  URL.createObjectURL = (blob: Blob) => {
    created.push(blob);
    return `blob:photo-${created.length}`;
  };
  URL.revokeObjectURL = (url: string) => void revoked.push(url);
});
afterAll(() => {
  Reflect.deleteProperty(URL, 'createObjectURL');
  Reflect.deleteProperty(URL, 'revokeObjectURL');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
  created.length = 0;
  revoked.length = 0;
});

/** Stubs fetch: the photo's bytes, or a refusal in the server's error shape. */
function serve(answers: ('photo' | 'refused')[]) {
  const calls: { url: string; headers: Record<string, string> }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      calls.push({ url, headers: init.headers as Record<string, string> });
      if (answers[calls.length - 1] === 'refused') {
        const body = JSON.stringify({ error: 'Not Found', message: 'No photo for this RMA device.' });
        return { ok: false, status: 404, text: async () => body } as Response;
      }
      return { ok: true, status: 200, blob: async () => PHOTO } as Response;
    }),
  );
  return calls;
}

const device = { id: 'r-1', imei: '356938035643809' };

describe('RMA image viewer', { timeout: 20_000 }, () => {
  it('fetches the guarded photo with the bearer token, shows it through an object URL, and revokes the URL on close', async () => {
    const calls = serve(['photo']);
    const { rerender } = renderPage(<RmaImageViewer device={device} onClose={() => undefined} />);
    const image = await screen.findByAltText('Device image of IMEI 356938035643809');
    expect(image).toHaveAttribute('src', 'blob:photo-1');
    expect(calls).toEqual([{ url: '/api/v1/manager/rma_device_image/r-1', headers: { accept: '*/*', authorization: 'Bearer token-1' } }]);
    expect(created).toEqual([PHOTO]);

    rerender(<RmaImageViewer device={undefined} onClose={() => undefined} />);
    await waitFor(() => expect(revoked).toEqual(['blob:photo-1']));
  });

  it('says why a photo cannot be shown, and Try Again! asks once more', async () => {
    const calls = serve(['refused', 'photo']);
    renderPage(<RmaImageViewer device={device} onClose={() => undefined} />);
    expect(await screen.findByText('No photo for this RMA device.')).toBeInTheDocument();
    expect(screen.getByText('Oops')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Try Again!' }));
    expect(await screen.findByAltText('Device image of IMEI 356938035643809')).toBeInTheDocument();
    expect(calls).toHaveLength(2);
  });
});
