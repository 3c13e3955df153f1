import { ROLE } from '@portal/contracts/platform/roles';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { shownDateTime } from '../../app/format';
import { installBrowserStubs } from '../../app/report/render.test-util';
import { columnTitles } from '../../app/testing/form.test-util';
import { Reply, renderPage, rowOf, stubApi } from '../../app/testing/page.test-util';
import { pick, selectInput } from '../../app/testing/report.test-util';
import EventCatalogPage, { NO_EXAMPLE, NO_MATCH } from './EventCatalogPage';
import { CATALOG, EVENT_TYPES, cloudEvent, eventTypeRow, listed } from './subscriptions.test-util';

beforeAll(installBrowserStubs);
beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

function serve(answer: unknown = listed(CATALOG)) {
  return stubApi(({ path }) => (path === EVENT_TYPES ? answer : {}));
}

/** The types the table shows, in order. */
const typesShown = () => [...document.querySelectorAll('.ant-table-tbody tr.ant-table-row')].map((row) => row.querySelector('td:nth-child(2)')?.textContent);
/** A row's expand button, a details block by its name, a button by its accessible name (cheaper than role queries over a table). */
const expand = (type: string) => fireEvent.click(rowOf(type).querySelector('button.ant-table-row-expand-icon')!);
const block = (details: HTMLElement, name: string) => details.querySelector<HTMLElement>(`section[aria-label="${name}"]`);
const named = (within: HTMLElement, name: string) => within.querySelector<HTMLElement>(`button[aria-label="${name}"]`);
const cells = (type: string) => [...rowOf(type).querySelectorAll('td')].slice(1).map((cell) => cell.textContent);

describe('Event Catalog', { timeout: 30_000 }, () => {
  it('lists every type from the one answer, by type, with counts in en-US and the last time; says how to receive them', async () => {
    const api = serve();
    renderPage(<EventCatalogPage />, [ROLE.RETAILER_MANAGER]);
    await screen.findByText('DeviceReceived');
    expect(screen.getByRole('heading', { name: 'Event Catalog' })).toBeInTheDocument();
    expect(columnTitles()).toEqual(['Type', 'Capability', 'Description', 'Events so far', 'Last']);
    expect(typesShown()).toEqual(['DeviceAssigned', 'DeviceReceived', 'DeviceSold', 'RmaOrderApproved', 'UserAdded']);
    expect(cells('DeviceReceived')).toEqual(['DeviceReceived', 'inventory', 'A device was received into an office', '12,345', shownDateTime('2025-03-02T15:00:00.000Z')]);
    expect(cells('UserAdded')).toEqual(['UserAdded', 'admin', 'A user was added', '0', '—']);
    expect(screen.getByText('5 event types')).toBeInTheDocument();
    // Asked once, unpaged.
    expect(api.requests.map((request) => [request.method, request.path, request.query.toString()])).toEqual([['GET', EVENT_TYPES, '']]);

    const how = screen.getByRole('alert');
    expect(how).toHaveTextContent('GET /api/integration/v1/events?after=<cursor>');
    expect(how).toHaveTextContent('x-api-key');
    expect(how).toHaveTextContent('/api/integration/v1/events/stream');
    expect(within(how).getByRole('link', { name: 'Webhooks' })).toHaveAttribute('href', '/integrations/webhooks');
    const asyncApi = within(how).getByRole('link', { name: 'the AsyncAPI document' });
    expect(asyncApi).toHaveAttribute('href', '/api/docs/asyncapi.json');
    expect(asyncApi).toHaveAttribute('target', '_blank');
    expect(asyncApi).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('filters by type name and by capability in the browser, and sorts by events', async () => {
    const api = serve();
    renderPage(<EventCatalogPage />, [ROLE.SUPER_ADMIN]);
    await screen.findByText('DeviceReceived');

    fireEvent.change(screen.getByPlaceholderText('Event type'), { target: { value: 'device' } });
    await waitFor(() => expect(typesShown()).toEqual(['DeviceAssigned', 'DeviceReceived', 'DeviceSold']));
    fireEvent.change(screen.getByPlaceholderText('Event type'), { target: { value: 'SOLD' } });
    await waitFor(() => expect(typesShown()).toEqual(['DeviceSold']));
    fireEvent.change(screen.getByPlaceholderText('Event type'), { target: { value: '' } });
    await waitFor(() => expect(typesShown()).toHaveLength(5));

    const capability = selectInput('Capability');
    await pick(capability, 'rma');
    await waitFor(() => expect(typesShown()).toEqual(['RmaOrderApproved']));
    fireEvent.change(screen.getByPlaceholderText('Event type'), { target: { value: 'device' } });
    await waitFor(() => expect(screen.getByText(NO_MATCH)).toBeInTheDocument());
    fireEvent.change(screen.getByPlaceholderText('Event type'), { target: { value: '' } });
    await pick(capability, 'inventory');
    await waitFor(() => expect(typesShown()).toEqual(['DeviceAssigned', 'DeviceReceived', 'DeviceSold']));

    fireEvent.click([...document.querySelectorAll('.ant-table-thead th')].find((cell) => cell.textContent === 'Events so far')!);
    await waitFor(() => expect(typesShown()).toEqual(['DeviceSold', 'DeviceAssigned', 'DeviceReceived']));
    // Nothing more asked of the server.
    expect(api.requests).toHaveLength(1);
  });

  it('opens a row to the JSON Schema of its data and its latest event, each copyable; a type without one says so', async () => {
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    serve();
    renderPage(<EventCatalogPage />, [ROLE.AUDITOR]);
    await screen.findByText('DeviceReceived');

    expand('DeviceReceived');
    const details = await screen.findByTestId('details-DeviceReceived');
    const schema = block(details, 'Schema of data')!;
    expect(JSON.parse(schema.querySelector('pre')!.textContent!)).toEqual(CATALOG[0]!.schema);
    const example = block(details, 'Example')!;
    expect(JSON.parse(example.querySelector('pre')!.textContent!)).toEqual(cloudEvent());
    expect(example.querySelector('pre')!.textContent).toContain('\n  "specversion": "1.0"');

    fireEvent.click(named(example, 'Copy example')!);
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(JSON.stringify(cloudEvent(), null, 2)));
    fireEvent.click(named(schema, 'Copy schema of data')!);
    await waitFor(() => expect(writeText).toHaveBeenLastCalledWith(JSON.stringify(CATALOG[0]!.schema, null, 2)));

    expand('UserAdded');
    const none = await screen.findByTestId('details-UserAdded');
    expect(within(none).getByText(NO_EXAMPLE)).toBeInTheDocument();
    expect(block(none, 'Schema of data')).not.toBeNull();
    expect(named(none, 'Copy example')).toBeNull();
  });

  it('shows 25 types to a page', async () => {
    serve(listed(Array.from({ length: 30 }, (_unused, index) => eventTypeRow(`Type${String(index).padStart(2, '0')}`))));
    renderPage(<EventCatalogPage />, [ROLE.RETAILER_MANAGER]);
    await screen.findByText('Type00');
    expect(typesShown()).toHaveLength(25);
    expect(screen.getByText('30 event types')).toBeInTheDocument();
  });

  it("shows the server's sentence when the catalog cannot be read", async () => {
    serve(new Reply(500, { error: 'Internal Server Error', message: 'The event store did not answer' }));
    renderPage(<EventCatalogPage />, [ROLE.RETAILER_MANAGER]);
    expect(await screen.findByText('The event store did not answer')).toBeInTheDocument();
  });
});
