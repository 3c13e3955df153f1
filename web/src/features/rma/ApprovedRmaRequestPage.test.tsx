import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { installBrowserStubs } from '../../app/report/render.test-util';
import { lastNotice, paged, renderPage } from '../../app/testing/page.test-util';
import ApprovedRmaRequestPage from './ApprovedRmaRequestPage';
import { Where, rmaDevice, where } from './rma.test-util';
import { buttonOf, columnTitles } from '../../app/testing/form.test-util';

beforeAll(() => {
  installBrowserStubs();
  URL.createObjectURL = () => 'blob:photo';
  URL.revokeObjectURL = () => undefined;
});
beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

const LIST = '/api/v1/manager/get_approved_rma_device_list_v2';

describe('Approved RMA Request', { timeout: 30_000 }, () => {
  it('lists IMEI, Agent Name, Reason, Image, Date; View Image opens the photo; Initiate RMA opens Create RMA', async () => {
    const photo = new Blob(['png'], { type: 'image/png' });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        if (url.startsWith('/api/v1/manager/rma_device_image/')) return { ok: true, status: 200, blob: async () => photo } as Response;
        const body = JSON.stringify(url.startsWith(LIST) ? paged([rmaDevice('r-1', '356938035643809', { status: 2, device_image_url: '/api/v1/manager/rma_device_image/r-1' })]) : {});
        return { ok: true, status: 200, text: async () => body } as Response;
      }),
    );
    renderPage(
      <>
        <ApprovedRmaRequestPage />
        <Where />
      </>,
    );
    await screen.findByText('356938035643809');
    expect(columnTitles()).toEqual(['IMEI', 'Agent Name', 'Reason', 'Image', 'Date']);
    fireEvent.click(screen.getByLabelText('View Image of IMEI 356938035643809'));
    expect(await screen.findByAltText('Device image of IMEI 356938035643809')).toHaveAttribute('src', 'blob:photo');
    await waitFor(() => expect(screen.getByText('Device image, IMEI 356938035643809')).toBeInTheDocument());

    fireEvent.click(buttonOf('Initiate RMA'));
    await waitFor(() => expect(where()).toBe('/createrma {"cameFrom":"/"}'));
  });

  it('Add Image, on a request without a photo only, opens the viewer with no photo yet; a sent image reloads the list and shows', async () => {
    const photo = new Blob(['png'], { type: 'image/png' });
    const calls: string[] = [];
    const uploads: FormData[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        calls.push(`${init.method} ${url.split('?')[0]}`);
        if (url.startsWith('/api/v1/manager/rma_device_image/')) return { ok: true, status: 200, blob: async () => photo } as Response;
        if (init.method === 'POST') uploads.push(init.body as FormData);
        const answer =
          init.method === 'POST'
            ? { message: 'Image uploaded successfully' }
            : url.startsWith(LIST)
              ? paged([rmaDevice('r-1', '356938035643809', { status: 2, device_image_url: '/api/v1/manager/rma_device_image/r-1' }), rmaDevice('r-2', '356938035643817', { status: 2 })])
              : {};
        const body = JSON.stringify(answer);
        return { ok: true, status: init.method === 'POST' ? 201 : 200, text: async () => body } as Response;
      }),
    );
    renderPage(<ApprovedRmaRequestPage />);
    await screen.findByText('356938035643809');
    expect(screen.queryByLabelText('Add Image of IMEI 356938035643809')).toBeNull();
    expect(screen.queryByLabelText('View Image of IMEI 356938035643817')).toBeNull();
    fireEvent.click(screen.getByLabelText('Add Image of IMEI 356938035643817'));
    expect(await screen.findByText('No photo yet for this RMA device.')).toBeInTheDocument();
    const listCalls = calls.filter((call) => call === `GET ${LIST}`).length;

    fireEvent.change(document.querySelector('input[type=file]')!, { target: { files: [new File(['png'], 'front.png', { type: 'image/png' })] } });
    await waitFor(() => expect(lastNotice()).toEqual({ title: 'Hooray !', content: 'Image uploaded successfully' }));
    expect(uploads.map((upload) => [upload.get('rma_device_id'), (upload.get('device_image') as File).name])).toEqual([['r-2', 'front.png']]);
    expect(await screen.findByAltText('Device image of IMEI 356938035643817')).toHaveAttribute('src', 'blob:photo');
    await waitFor(() => expect(calls.filter((call) => call === `GET ${LIST}`).length).toBeGreaterThan(listCalls));
    expect(calls).toContain('POST /api/v1/manager/upload_rma_device_image');
  });
});
