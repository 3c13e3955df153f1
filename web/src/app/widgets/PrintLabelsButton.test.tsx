import { ROLE } from '@portal/contracts/platform/roles';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { installBrowserStubs } from '../report/render.test-util';
import { renderPage } from '../testing/page.test-util';
import PrintLabelsButton from './PrintLabelsButton';

const PDF = new Blob(['%PDF-1.7'], { type: 'application/pdf' });
const IMEIS = ['356938035643809', '356938035643817'];
/** What the page saved: each link clicked, its target and file name. */
const saved: { href: string; download: string }[] = [];
let urls = 0;

beforeAll(() => {
  installBrowserStubs();
  // jsdom has no object URLs, and a clicked link would try to navigate.
  URL.createObjectURL = () => `blob:labels-${++urls}`;
  URL.revokeObjectURL = () => undefined;
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ href: this.getAttribute('href') ?? '', download: this.download });
  });
});
afterAll(() => {
  Reflect.deleteProperty(URL, 'createObjectURL');
  Reflect.deleteProperty(URL, 'revokeObjectURL');
  vi.restoreAllMocks();
});
beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
  saved.length = 0;
});

interface Sent {
  method: string;
  url: string;
  body: unknown;
  headers: Record<string, string>;
}

/** Stubs fetch: the PDF's bytes, or a refusal in the server's one error shape. */
function serve(answer: 'pdf' | { status: number; body: unknown } = 'pdf') {
  const sent: Sent[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      sent.push({ method: init.method ?? 'GET', url, body: JSON.parse(String(init.body)), headers: init.headers as Record<string, string> });
      if (answer === 'pdf') return { ok: true, status: 200, blob: async () => PDF } as Response;
      const text = JSON.stringify(answer.body);
      return { ok: false, status: answer.status, text: async () => text } as Response;
    }),
  );
  return sent;
}

const dialog = () => screen.getByRole('dialog');

describe('PrintLabelsButton', () => {
  it('asks the layout, posts the IMEIs with it, saves the PDF and remembers the choice', async () => {
    const sent = serve();
    renderPage(<PrintLabelsButton kind="device" items={IMEIS} />);

    fireEvent.click(screen.getByRole('button', { name: /Print labels/ }));
    expect(within(dialog()).getByText(/2 device labels\./)).toBeInTheDocument();
    // A4 sheets unless this browser chose otherwise.
    expect(within(dialog()).getByRole('radio', { name: /A4 sheet: 24 labels a sheet/ })).toBeChecked();
    fireEvent.click(within(dialog()).getByRole('radio', { name: /4 × 6 in label/ }));
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Download PDF' }));

    await waitFor(() => expect(saved).toEqual([{ href: 'blob:labels-1', download: 'device-labels-4x6.pdf' }]));
    expect(sent).toEqual([{ method: 'POST', url: '/api/v1/manager/device_labels', body: { imeis: IMEIS, layout: '4x6' }, headers: expect.objectContaining({ authorization: 'Bearer token-1' }) }]);
    expect(localStorage.getItem('labels-layout')).toBe('4x6');
    expect(await screen.findByText('2 labels downloaded')).toBeInTheDocument();

    // The next print starts from the layout chosen last.
    fireEvent.click(screen.getByRole('button', { name: /Print labels/ }));
    expect(within(dialog()).getByRole('radio', { name: /4 × 6 in label/ })).toBeChecked();
  });

  it('finds the cartons when asked (a receive job\'s), and posts their numbers', async () => {
    const sent = serve();
    const cartonsOfJob = vi.fn(async () => ['CTN-A', 'CTN-B']);
    renderPage(<PrintLabelsButton kind="carton" items={cartonsOfJob} />);

    fireEvent.click(screen.getByRole('button', { name: /Print labels/ }));
    expect(within(dialog()).getByText(/A label for every carton of this job\./)).toBeInTheDocument();
    expect(cartonsOfJob).not.toHaveBeenCalled();
    fireEvent.click(within(dialog()).getByRole('radio', { name: /62 mm roll: one 62 × 100 mm label/ }));
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Download PDF' }));

    await waitFor(() => expect(saved).toEqual([{ href: 'blob:labels-2', download: 'carton-labels-62mm.pdf' }]));
    expect(sent.map(({ url, body }) => ({ url, body }))).toEqual([{ url: '/api/v1/manager/carton_labels', body: { carton_numbers: ['CTN-A', 'CTN-B'], layout: '62mm' } }]);
  });

  it('shows a refusal in the server\'s words and stays open for another try', async () => {
    serve({ status: 404, body: { error: 'Not Found', message: 'IMEI 356938035643809 is not in your inventory.' } });
    renderPage(<PrintLabelsButton kind="device" items={IMEIS.slice(0, 1)} />);

    fireEvent.click(screen.getByRole('button', { name: /Print labels/ }));
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Download PDF' }));

    expect(await within(dialog()).findByText('IMEI 356938035643809 is not in your inventory.')).toBeInTheDocument();
    expect(within(dialog()).getByText('Oops')).toBeInTheDocument();
    expect(saved).toEqual([]);
    expect(localStorage.getItem('labels-layout')).toBeNull();
  });

  it('says why it cannot print nothing, or more than 1,000 labels at once', () => {
    renderPage(
      <>
        <PrintLabelsButton kind="device" items={[]} emptyReason="Select the devices to label." />
        <PrintLabelsButton kind="carton" items={Array.from({ length: 1001 }, (_, i) => `CTN-${i}`)}>
          Carton labels
        </PrintLabelsButton>
      </>,
    );
    expect(screen.getByRole('button', { name: /Print labels/ })).toBeDisabled();
    expect(screen.getByText('Select the devices to label.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Carton labels/ })).toBeDisabled();
    expect(screen.getByText('At most 1,000 labels at once: select fewer cartons.')).toBeInTheDocument();
  });

  it.each([ROLE.AUDITOR, ROLE.AGENT])('is not there for role %i, which may not print labels', (role) => {
    renderPage(<PrintLabelsButton kind="device" items={IMEIS} />, [role]);
    expect(screen.queryByRole('button', { name: /Print labels/ })).toBeNull();
  });
});
