import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { MemoryRouter } from 'react-router-dom';
import { installBrowserStubs, renderWithClient } from '../../app/report/render.test-util';
import { SessionProvider } from '../../app/session-context';
import DeviceImagePage from './DeviceImagePage';
import { IMAGE_MESSAGES, MAX_IMAGE_BYTES, imageProblem } from '../../app/upload';
import { Reply, lastNotice, renderPage, signIn, stubApi } from '../../app/testing/page.test-util';
import { ROLE } from '@portal/contracts/platform/roles';

beforeAll(installBrowserStubs);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

const pick = (file: File) => fireEvent.change(document.querySelector('input[type=file]')!, { target: { files: [file] } });

describe('Device image upload', { timeout: 20_000 }, () => {
  it('refuses what is not one image of at most 50,000,000 bytes', () => {
    expect(imageProblem({ name: 'a.pdf', type: 'application/pdf', size: 10 })).toBe(IMAGE_MESSAGES.notImage);
    expect(imageProblem({ name: 'a.png', type: 'image/png', size: MAX_IMAGE_BYTES + 1 })).toBe(IMAGE_MESSAGES.tooLarge);
    expect(imageProblem({ name: 'a.png', type: 'image/png', size: MAX_IMAGE_BYTES })).toBeUndefined();
  });

  it('asks for a valid IMEI and an image, and refuses a file that is not an image', async () => {
    const api = stubApi(() => ({}));
    renderPage(<DeviceImagePage />, [ROLE.AGENT]);
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Please enter valid IMEI')).toBeInTheDocument();
    expect(screen.getByText('Please upload an image')).toBeInTheDocument();
    fireEvent.change(screen.getByPlaceholderText('IMEI'), { target: { value: '35693A' } });
    pick(new File(['%PDF'], 'notes.pdf', { type: 'application/pdf' }));
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Only image files can be uploaded')).toBeInTheDocument();
    expect(screen.getByText('Please enter valid IMEI')).toBeInTheDocument();
    expect(api.requests).toHaveLength(0);
  });

  it('sends the IMEI and the image as multipart with the bearer token, then shows the message', async () => {
    const api = stubApi(() => ({ message: 'Image saved for IMEI 356938035643809' }));
    renderPage(<DeviceImagePage />, [ROLE.AGENT]);
    fireEvent.change(screen.getByPlaceholderText('IMEI'), { target: { value: '356938035643809' } });
    pick(new File(['png'], 'front.png', { type: 'image/png' }));
    await screen.findByText('front.png');
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(lastNotice()).toEqual({ title: 'Hooray !', content: 'Image saved for IMEI 356938035643809' }));
    const sent = api.requests[0]!;
    expect([sent.method, sent.path, sent.headers.authorization]).toEqual(['POST', '/api/v1/manager/device_image', 'Bearer token-1']);
    expect((sent.body as FormData).get('imei')).toBe('356938035643809');
    expect(((sent.body as FormData).get('file') as File).name).toBe('front.png');
  });

  it('fills in the IMEI a device row opened it with (issue 42), and sends it', async () => {
    const api = stubApi(() => ({ message: 'Image saved for IMEI 356938035643809' }));
    signIn([ROLE.AGENT]);
    renderWithClient(
      <MemoryRouter initialEntries={['/agent-IMEI?imei=356938035643809']}>
        <SessionProvider>
          <DeviceImagePage />
        </SessionProvider>
      </MemoryRouter>,
    );
    expect(screen.getByPlaceholderText('IMEI')).toHaveValue('356938035643809');
    pick(new File(['png'], 'front.png', { type: 'image/png' }));
    await screen.findByText('front.png');
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(api.requests).toHaveLength(1));
    expect((api.requests[0]!.body as FormData).get('imei')).toBe('356938035643809');
  });

  it('shows a refusal in an Oops popup', async () => {
    stubApi(() => new Reply(404, { error: 'Not Found', message: 'IMEI 356938035643809 is not in your inventory.' }));
    renderPage(<DeviceImagePage />, [ROLE.AGENT]);
    fireEvent.change(screen.getByPlaceholderText('IMEI'), { target: { value: '356938035643809' } });
    pick(new File(['png'], 'front.png', { type: 'image/png' }));
    await screen.findByText('front.png');
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(lastNotice()).toEqual({ title: 'Oops', content: 'IMEI 356938035643809 is not in your inventory.' }));
  });
});
