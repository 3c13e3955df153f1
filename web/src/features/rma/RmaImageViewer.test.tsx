import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { installBrowserStubs } from '../../app/report/render.test-util';
import { lastNotice, renderPage } from '../../app/testing/page.test-util';
import RmaImageViewer from './RmaImageViewer';

const PHOTO = new Blob(['png'], { type: 'image/png' });
const NEW_PHOTO = new Blob(['new png'], { type: 'image/png' });
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

/** Stubs fetch: the photo's bytes, or a refusal in the server's error shape; an upload answers 201. */
function serve(answers: ('photo' | 'new photo' | 'refused')[], upload: 'accepted' | 'refused' = 'accepted') {
  const calls: { url: string; headers: Record<string, string> }[] = [];
  const uploads: FormData[] = [];
  let photos = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      if (init.method === 'POST') {
        uploads.push(init.body as FormData);
        if (upload === 'refused') {
          const body = JSON.stringify({ error: 'Not Found', message: 'That RMA device was not found.' });
          return { ok: false, status: 404, text: async () => body } as Response;
        }
        const body = JSON.stringify({ message: 'Image uploaded successfully' });
        return { ok: true, status: 201, text: async () => body } as Response;
      }
      calls.push({ url, headers: init.headers as Record<string, string> });
      const answer = answers[photos++];
      if (answer === 'refused') {
        const body = JSON.stringify({ error: 'Not Found', message: 'No photo for this RMA device.' });
        return { ok: false, status: 404, text: async () => body } as Response;
      }
      return { ok: true, status: 200, blob: async () => (answer === 'new photo' ? NEW_PHOTO : PHOTO) } as Response;
    }),
  );
  return { calls, uploads };
}

const device = { id: 'r-1', imei: '356938035643809', device_image_url: '/api/v1/manager/rma_device_image/r-1' };
/** The viewer as a page holds it: open on a device until closed. */
function Closable() {
  const [open, setOpen] = useState(true);
  return <RmaImageViewer device={open ? device : undefined} onClose={() => setOpen(false)} />;
}
const chooseFile = (file: File) => fireEvent.change(document.querySelector('input[type=file]')!, { target: { files: [file] } });

describe('RMA image viewer', { timeout: 20_000 }, () => {
  it('fetches the guarded photo with the bearer token, shows it through an object URL, and revokes the URL on close', async () => {
    const { calls } = serve(['photo']);
    renderPage(<Closable />);
    const image = await screen.findByAltText('Device image of IMEI 356938035643809');
    expect(image).toHaveAttribute('src', 'blob:photo-1');
    expect(calls).toEqual([{ url: '/api/v1/manager/rma_device_image/r-1', headers: { accept: '*/*', authorization: 'Bearer token-1' } }]);
    expect(created).toEqual([PHOTO]);

    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(revoked).toEqual(['blob:photo-1']));
  });

  it('says why a photo cannot be shown, and Try Again! asks once more', async () => {
    const { calls } = serve(['refused', 'photo']);
    renderPage(<RmaImageViewer device={device} onClose={() => undefined} />);
    expect(await screen.findByText('No photo for this RMA device.')).toBeInTheDocument();
    expect(screen.getByText('Oops')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Try Again!' }));
    expect(await screen.findByAltText('Device image of IMEI 356938035643809')).toBeInTheDocument();
    expect(calls).toHaveLength(2);
  });

  it('Replace image posts rma_device_id and device_image as multipart, says so, and shows the new photo', async () => {
    const { calls, uploads } = serve(['photo', 'new photo']);
    renderPage(<RmaImageViewer device={device} onClose={() => undefined} />);
    expect(await screen.findByAltText('Device image of IMEI 356938035643809')).toHaveAttribute('src', 'blob:photo-1');
    expect(document.querySelector('input[type=file]')).toHaveAttribute('accept', 'image/*');
    chooseFile(new File(['new png'], 'front.png', { type: 'image/png' }));
    await waitFor(() => expect(lastNotice()).toEqual({ title: 'Hooray !', content: 'Image uploaded successfully' }));
    expect(uploads).toHaveLength(1);
    expect([...uploads[0]!.keys()]).toEqual(['rma_device_id', 'device_image']);
    expect(uploads[0]!.get('rma_device_id')).toBe('r-1');
    expect((uploads[0]!.get('device_image') as File).name).toBe('front.png');
    await waitFor(() => expect(screen.getByAltText('Device image of IMEI 356938035643809')).toHaveAttribute('src', 'blob:photo-2'));
    expect(calls.map((call) => call.url)).toEqual(['/api/v1/manager/rma_device_image/r-1', '/api/v1/manager/rma_device_image/r-1']);
    expect(created).toEqual([PHOTO, NEW_PHOTO]);
    expect(revoked).toEqual(['blob:photo-1']);
  });

  it('a refused upload shows the server\'s words in an Oops popup and keeps the photo shown', async () => {
    const { calls, uploads } = serve(['photo'], 'refused');
    renderPage(<RmaImageViewer device={device} onClose={() => undefined} />);
    await screen.findByAltText('Device image of IMEI 356938035643809');
    chooseFile(new File(['png'], 'front.png', { type: 'image/png' }));
    await waitFor(() => expect(lastNotice()).toEqual({ title: 'Oops', content: 'That RMA device was not found.' }));
    expect(uploads).toHaveLength(1);
    expect(screen.getByAltText('Device image of IMEI 356938035643809')).toHaveAttribute('src', 'blob:photo-1');
    expect(calls).toHaveLength(1);
  });

  it('a file that is not an image shows why and sends nothing', async () => {
    const { calls, uploads } = serve(['photo']);
    renderPage(<RmaImageViewer device={device} onClose={() => undefined} />);
    await screen.findByAltText('Device image of IMEI 356938035643809');
    chooseFile(new File(['%PDF'], 'notes.pdf', { type: 'application/pdf' }));
    expect(await screen.findByText('Only image files can be uploaded')).toBeInTheDocument();
    expect(uploads).toHaveLength(0);
    expect(calls).toHaveLength(1);
  });

  it('a device without a photo shows "no photo yet", fetches nothing, and Add image sends one, then shows it', async () => {
    const { calls, uploads } = serve(['photo']);
    renderPage(<RmaImageViewer device={{ ...device, device_image_url: null }} onClose={() => undefined} />);
    expect(await screen.findByText('No photo yet for this RMA device.')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
    chooseFile(new File(['png'], 'front.png', { type: 'image/png' }));
    expect(await screen.findByAltText('Device image of IMEI 356938035643809')).toHaveAttribute('src', 'blob:photo-1');
    expect(uploads.map((upload) => upload.get('rma_device_id'))).toEqual(['r-1']);
    expect(calls).toHaveLength(1);
    expect(screen.getByText('Replace image')).toBeInTheDocument();
  });
});
