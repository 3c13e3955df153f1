import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Form, Input } from 'antd';
import type { ColumnsType } from 'antd/es/table/interface';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { route } from '../api-client';
import { drillDown } from './drill-down';
import { installBrowserStubs, mockFetch, renderWithClient, requestedQuery, windowWidth } from './render.test-util';
import ReportPage from './ReportPage';
import { openOptions, option } from '../testing/report.test-util';

beforeAll(installBrowserStubs);
beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  document.body.innerHTML = '';
});

interface Row {
  id: string;
  name: string;
  instock: number;
}

const list = route('GET', '/api/v1/offices');
const exportRoute = route('GET', '/api/v1/office_export');
const columns: ColumnsType<Row> = [
  { title: 'Office Name', dataIndex: 'name', key: 'name', sorter: true },
  { title: 'In Stock', dataIndex: 'instock', key: 'instock' },
];

/** 25 rows, served 10 a page as the list's `items`; exports answer `exportAnswer`. */
function serve(exportAnswer: unknown = { download: 1, url: 'https://files.example/offices.xlsx' }) {
  return mockFetch((url) => {
    if (url.startsWith(exportRoute.path)) return exportAnswer;
    const query = new URLSearchParams(url.split('?')[1]);
    const page = Number(query.get('page') ?? 1);
    const size = Number(query.get('results') ?? 10);
    const data = Array.from({ length: 25 }, (_, i) => ({ id: `o-${i + 1}`, name: `Office ${i + 1}`, instock: i % 2 })).slice((page - 1) * size, page * size);
    return { items: { data, total: 25, current_page: page } };
  });
}

const listCalls = (fetchMock: ReturnType<typeof mockFetch>) =>
  fetchMock.mock.calls.map(([url], call) => ({ url: String(url), call })).filter(({ url }) => url.startsWith(`${list.path}?`));
const lastListQuery = (fetchMock: ReturnType<typeof mockFetch>) => requestedQuery(fetchMock, listCalls(fetchMock).at(-1)!.call);

describe('ReportPage', { timeout: 20_000 }, () => {
  it.each([
    [1366, true],
    [390, false],
  ])('at %i px the actions column is pinned right: %s (on a phone it scrolls with the others, leaving them room)', async (width, pinned) => {
    serve();
    windowWidth(width);
    const withActions: ColumnsType<Row> = [...columns, { title: 'Action', key: 'action', fixed: 'right', render: () => 'Edit' }];
    renderWithClient(<ReportPage<Row> title="Offices" list={list} columns={withActions} rowKey="id" />);
    await screen.findByText('Office 1');
    expect(screen.getByRole('columnheader', { name: 'Action' }).className.includes('ant-table-cell-fix')).toBe(pinned);
  });

  it('asks the server for the page, the page size and the sort', async () => {
    const fetchMock = serve();
    renderWithClient(<ReportPage<Row> title="Offices" list={list} columns={columns} rowKey="id" />);
    await screen.findByText('Office 1');
    expect(Object.fromEntries(lastListQuery(fetchMock))).toEqual({ page: '1', results: '10' });

    const nameHeader = () => screen.getByRole('columnheader', { name: 'Office Name' });
    fireEvent.click(nameHeader());
    await waitFor(() => expect(lastListQuery(fetchMock).get('sort')).toBe('ASC'));
    expect(lastListQuery(fetchMock).get('sort_by')).toBe('name');

    fireEvent.click(nameHeader());
    await waitFor(() => expect(lastListQuery(fetchMock).get('sort')).toBe('DESC'));

    fireEvent.click(screen.getByTitle('2'));
    await screen.findByText('Office 11');
    expect(Object.fromEntries(lastListQuery(fetchMock))).toEqual({ page: '2', results: '10', sort_by: 'name', sort: 'DESC' });
  });

  it("reads the page under `data` when told (answerKey 'data'), and sends the sort under the screen's parameter (sortParam)", async () => {
    const fetchMock = mockFetch((url) => {
      const page = Number(new URLSearchParams(url.split('?')[1]).get('page') ?? 1);
      const data = Array.from({ length: 12 }, (_, i) => ({ id: `o-${i + 1}`, name: `Office ${i + 1}`, instock: i })).slice((page - 1) * 10, page * 10);
      return { data: { data, total: 12, current_page: page } };
    });
    const onAnswer = vi.fn();
    renderWithClient(<ReportPage<Row> title="Offices" titleTotal list={list} columns={columns} rowKey="id" answerKey="data" sortParam="sort_key" onAnswer={onAnswer} />);
    await screen.findByText('Office 1');
    expect(screen.getByText('Offices (12)')).toBeInTheDocument();
    expect(screen.getByText('12 in all')).toBeInTheDocument();
    // The screen's callbacks see the page under `items`, whichever key the server used.
    expect(onAnswer).toHaveBeenCalledWith(expect.objectContaining({ items: expect.objectContaining({ total: 12, current_page: 1 }) }));

    fireEvent.click(screen.getByRole('columnheader', { name: 'Office Name' }));
    await waitFor(() => expect(lastListQuery(fetchMock).get('sort')).toBe('ASC'));
    expect(Object.fromEntries(lastListQuery(fetchMock))).toEqual({ sort_key: 'name', sort: 'ASC', page: '1', results: '10' });
    fireEvent.click(screen.getByTitle('2'));
    await screen.findByText('Office 11');
  });

  it('offers page sizes 10, 25, 50 and 100: the choice is sent as `results` from page 1 and remembered for the list', async () => {
    const fetchMock = serve();
    const view = renderWithClient(<ReportPage<Row> title="Offices" list={list} columns={columns} rowKey="id" />);
    await screen.findByText('Office 1');
    fireEvent.click(screen.getByTitle('2'));
    await screen.findByText('Office 11');
    const sizer = document.querySelector<HTMLElement>('.ant-pagination-options .ant-select input')!;
    expect(await openOptions(sizer, '100 rows / page')).toEqual(['10 rows / page', '25 rows / page', '50 rows / page', '100 rows / page']);
    fireEvent.click(await option(sizer, '25 rows / page'));
    await screen.findByText('Office 25');
    expect(Object.fromEntries(lastListQuery(fetchMock))).toEqual({ page: '1', results: '25' });

    view.unmount();
    renderWithClient(<ReportPage<Row> title="Offices" list={list} columns={columns} rowKey="id" />);
    await screen.findByText('Office 25');
    expect(Object.fromEntries(lastListQuery(fetchMock))).toEqual({ page: '1', results: '25' });
  });

  it('sends the filters from page 1 on Search, and drops them on Clear', async () => {
    const fetchMock = serve();
    renderWithClient(
      <ReportPage<Row>
        title="Offices"
        list={list}
        columns={columns}
        rowKey="id"
        filters={
          <Form.Item name="search_text">
            <Input placeholder="Search" />
          </Form.Item>
        }
      />,
    );
    await screen.findByText('Office 1');
    fireEvent.click(screen.getByTitle('3'));
    await screen.findByText('Office 21');
    fireEvent.change(screen.getByPlaceholderText('Search'), { target: { value: 'north' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(lastListQuery(fetchMock).get('search_text')).toBe('north'));
    expect(lastListQuery(fetchMock).get('page')).toBe('1');
    fireEvent.click(screen.getByRole('button', { name: 'Clear' }));
    await waitFor(() => expect(lastListQuery(fetchMock).has('search_text')).toBe(false));
  });

  it('Refresh asks the server again with the same filters and page; Clear also tells the screen (onClear) to reset what it keeps outside the form', async () => {
    const fetchMock = serve();
    const onClear = vi.fn();
    renderWithClient(
      <ReportPage<Row>
        title="Offices"
        list={list}
        columns={columns}
        rowKey="id"
        refreshable
        onClear={onClear}
        tableWidth={1800}
        filters={
          <Form.Item name="search_text">
            <Input placeholder="Search" />
          </Form.Item>
        }
      />,
    );
    await screen.findByText('Office 1');
    expect(document.querySelector<HTMLElement>('.ant-table-content table')!.style.width).toBe('1800px');
    fireEvent.click(screen.getByTitle('2'));
    await screen.findByText('Office 11');
    const before = listCalls(fetchMock).length;
    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(listCalls(fetchMock).length).toBe(before + 1));
    expect(lastListQuery(fetchMock).get('page')).toBe('2');
    expect(onClear).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Clear' }));
    expect(onClear).toHaveBeenCalledTimes(1);
  });

  it('Export Report says a ready file is ready, with its link, and sends the screen\'s filters and sort', async () => {
    const fetchMock = serve({ download: 1, url: 'https://files.example/offices.xlsx' });
    renderWithClient(<ReportPage<Row> title="Offices" list={list} exportRoute={exportRoute} columns={columns} rowKey="id" />);
    await screen.findByText('Office 1');
    fireEvent.click(screen.getByRole('columnheader', { name: 'Office Name' }));
    await waitFor(() => expect(lastListQuery(fetchMock).get('sort')).toBe('ASC'));
    fireEvent.click(screen.getByRole('button', { name: 'Export Report' }));
    expect(await screen.findByText('Your file is ready')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Download' })).toHaveAttribute('href', 'https://files.example/offices.xlsx');
    const exportCalls = () => fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.startsWith(exportRoute.path));
    expect(exportCalls().map((url) => Object.fromEntries(new URL(url, 'http://x').searchParams))).toEqual([{ sort_by: 'name', sort: 'ASC', format: 'csv' }]);

    // The format menu beside the button: Excel asks for format=xlsx.
    fireEvent.mouseEnter(screen.getByRole('button', { name: 'Export format' }));
    fireEvent.click(await screen.findByText('Excel (.xlsx)'));
    await waitFor(() => expect(exportCalls()).toHaveLength(2));
    expect(new URL(exportCalls()[1]!, 'http://x').searchParams.get('format')).toBe('xlsx');
  });

  it('Export Report shows the message as a success notice when download is 0', async () => {
    serve({ download: 0, message: 'The report will be mailed to you.' });
    renderWithClient(<ReportPage<Row> title="Offices" list={list} exportRoute={exportRoute} columns={columns} rowKey="id" />);
    await screen.findByText('Office 1');
    fireEvent.click(screen.getByRole('button', { name: 'Export Report' }));
    expect(await screen.findByText('The report will be mailed to you.')).toBeInTheDocument();
    expect(document.querySelector('.ant-modal-confirm-title')?.textContent).toBe('Hooray !');
    expect(screen.queryByText('Your file is ready')).toBeNull();
  });

  it('remembers the selection of each page in the browser and reports every selected row', async () => {
    serve();
    const onChange = vi.fn();
    const view = renderWithClient(<ReportPage<Row> title="Offices" list={list} columns={columns} rowKey="id" selection={{ remember: 'per-page', onChange }} />);
    const checkbox = (name: string) => within(screen.getByText(name).closest('tr')!).getByRole('checkbox') as HTMLInputElement;

    fireEvent.click(checkbox(await screen.findByText('Office 2').then(() => 'Office 2')));
    fireEvent.click(screen.getByTitle('2'));
    fireEvent.click(checkbox(await screen.findByText('Office 13').then(() => 'Office 13')));
    expect(onChange).toHaveBeenLastCalledWith(['o-2', 'o-13'], [expect.objectContaining({ id: 'o-2' }), expect.objectContaining({ id: 'o-13' })]);

    fireEvent.click(screen.getByTitle('1'));
    await screen.findByText('Office 1');
    expect(checkbox('Office 2').checked).toBe(true);
    expect(checkbox('Office 1').checked).toBe(false);

    // Stored on the device: a new visit starts with the same selection.
    view.unmount();
    const again = vi.fn();
    renderWithClient(<ReportPage<Row> title="Offices" list={list} columns={columns} rowKey="id" selection={{ remember: 'per-page', onChange: again }} />);
    await screen.findByText('Office 1');
    expect(checkbox('Office 2').checked).toBe(true);
    expect(again).toHaveBeenCalledWith(['o-2', 'o-13'], [expect.objectContaining({ id: 'o-2' }), expect.objectContaining({ id: 'o-13' })]);
  });

  it('keeps one selection across pages when asked to, without storing it', async () => {
    serve();
    const onChange = vi.fn();
    renderWithClient(<ReportPage<Row> title="Offices" list={list} columns={columns} rowKey="id" selection={{ remember: 'across-pages', onChange }} />);
    const checkbox = (name: string) => within(screen.getByText(name).closest('tr')!).getByRole('checkbox') as HTMLInputElement;
    await screen.findByText('Office 3');
    fireEvent.click(checkbox('Office 3'));
    fireEvent.click(screen.getByTitle('2'));
    await screen.findByText('Office 14');
    fireEvent.click(checkbox('Office 14'));
    expect(onChange).toHaveBeenLastCalledWith(['o-3', 'o-14'], [expect.objectContaining({ id: 'o-3' }), expect.objectContaining({ id: 'o-14' })]);
    expect(localStorage.length).toBe(0);
  });

  it('drill-down cells: a non-zero count is a link that runs its action, zero is plain text', async () => {
    serve();
    const drill = vi.fn();
    const drillColumns: ColumnsType<Row> = [columns[0]!, { ...columns[1]!, render: drillDown<Row>('instock', drill) }];
    renderWithClient(<ReportPage<Row> title="Offices" list={list} columns={drillColumns} rowKey="id" />);
    const countCell = (name: string) => screen.getByText(name).closest('tr')!.querySelectorAll('td')[1]!;
    await screen.findByText('Office 2');
    expect(countCell('Office 1').querySelector('a')).toBeNull();
    expect(countCell('Office 1').textContent).toBe('0');
    fireEvent.click(within(countCell('Office 2')).getByText('1'));
    expect(drill).toHaveBeenCalledWith(expect.objectContaining({ id: 'o-2' }));
  });
});
