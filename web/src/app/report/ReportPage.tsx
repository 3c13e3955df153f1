import type { ApiRoute } from '@portal/contracts/platform/api-route';
import { PAGE_SIZE, PAGE_SIZE_CHOICES } from '@portal/contracts/reference/reference-lists';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { DownOutlined } from '@ant-design/icons';
import { Button, Card, Dropdown, Form, Grid, Space, Table, Typography } from 'antd';
import type { ColumnType, ColumnsType, SorterResult, TableRowSelection } from 'antd/es/table/interface';
import { type Key, type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import type { Listed } from '@portal/contracts/platform/page';
import { call, queryKey } from '../api-client';
import { reloadLists } from '../command';
import { useSideScrollCue } from '../widgets/SideScrollCue';
import { runExport } from './export';
import { type PageSelections, type ReportSelection, allPicked, loadPageSelections, savePageSelections } from './selection';
import { useInertMeasureRows } from './inert-measure-rows';

/** A paged list answer as the spec shapes it (contracts' Listed: `items.data`, `items.total`, `items.current_page`), with a report's grand totals. */
export interface PagedAnswer<Row> extends Listed<Row> {
  readonly grand_totals?: Record<string, unknown>;
}

export type ReportQuery = Record<string, string | number | undefined>;

/** What one search asks: the query parameters, and a body for a `searchList` that takes one (Legacy Data's query builder). */
export interface ReportRequest {
  query: ReportQuery;
  body?: unknown;
}

/** The default reading of the filter form: its non-empty values, as query parameters. */
export function nonEmptyValues(values: Record<string, unknown>): ReportRequest {
  return { query: Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined && value !== null && value !== '')) as ReportQuery };
}

export type { ReportSelection } from './selection';

export interface ReportPageProps<Row> {
  title: string;
  list: ApiRoute;
  columns: ColumnsType<Row>;
  /** A row's key: a field, or a function when no one field is unique (a holder and a device type). */
  rowKey: (keyof Row & string) | ((row: Row) => Key);
  /** Filter fields (antd Form.Items, DateRangeFilter, TypeaheadSelect); their values become query parameters. */
  filters?: ReactNode;
  /** The spec's export call for this list: same filters; answers { download, message, url }. */
  exportRoute?: ApiRoute;
  /** The opening page size (default the spec's 10); the user may choose another of PAGE_SIZE_CHOICES, sent as `results` and remembered per list. */
  pageSize?: number;
  /** Row selection, remembered per page (in the browser) or across pages; see `ReportSelection`. */
  selection?: ReportSelection<Row>;
  /** The screen's own buttons beside Search, Clear and Export Report (e.g. Assign once rows are selected). */
  actions?: ReactNode;
  /** The filters' opening values: shown in the form and sent with the first call (e.g. statuses from the link followed). Clear returns to them. */
  initialValues?: Record<string, unknown>;
  /** Form values → the call (default `nonEmptyValues`): e.g. pickers' MM-DD-YYYY as YYYY-MM-DD, checkbox lists comma-joined, a body. */
  toRequest?: (values: Record<string, unknown>) => ReportRequest;
  /** The route Search and Clear call, with the request's body (Legacy Data: GET for the first page, POST to search); default `list`. */
  searchList?: ApiRoute;
  /** Query parameters outside the form, sent with every call and the export (e.g. a period toggle); a change shows page 1. */
  fixedQuery?: ReportQuery;
  /** Shown above the filters, from the latest answer (e.g. total cards of `grand_totals`); `loading` until the first answer or failure. */
  summary?: (answer: PagedAnswer<Row> | undefined, loading: boolean) => ReactNode;
  /** The title carries the total: "Legacy Data (1234)". */
  titleTotal?: boolean;
  /**
   * The column that says which row is which (IMEI, a name), by key: shown first and kept on the
   * left while the others scroll sideways. Default: the first column. `false`: none (a table
   * narrow enough never to scroll).
   */
  identifyingColumn?: string | false;
  /** Told each new answer (e.g. to open the one device a link asked for). */
  onAnswer?: (answer: PagedAnswer<Row>) => void;
  /**
   * A totals row under the rows (e.g. a summary's `grand_totals`), from the latest answer: each
   * column's cell by the column's key (the others empty); none when it answers undefined.
   */
  totalsRow?: (answer: PagedAnswer<Row>) => Partial<Record<string, ReactNode>> | undefined;
  /** The spec's table width in pixels (e.g. Users 2500, Offices 1800): the table scrolls sideways within it. Default: as wide as its columns. */
  tableWidth?: number;
  /** A Refresh button beside Search and Clear: asks the server again with the same filters, page and sort (lists others change, e.g. administration). */
  refreshable?: boolean;
  /** Clear also resets what the screen keeps outside the form (e.g. a column's status filter). */
  onClear?: () => void;
  /**
   * Where the answer holds the page: `items` (default, contracts' Listed: `items.data`,
   * `items.total`) or `data` (`data.data`, `data.total`: the Onboarding Summary, doc 3 §7). The
   * screen's callbacks (`summary`, `onAnswer`, `totalsRow`) see it under `items` either way.
   */
  answerKey?: 'items' | 'data';
  /** The query parameter a sorted column's key goes in (default `sort_by`; the Onboarding Summary says `sort_key`); the direction is `sort`. */
  sortParam?: string;
}

/** The total as shown: said to be an estimate when the server answered one (`items.estimated`). */
const totalText = (total: number, estimated: boolean | undefined) => (estimated ? `${total} in all (estimated)` : `${total} in all`);

/** The identifying column first and fixed on the left (the rest scroll beside it); the others as given. */
function withIdentifyingColumnFirst<Row>(columns: ColumnsType<Row>, key: string | false | undefined): ColumnsType<Row> {
  if (key === false || columns.length === 0) return columns;
  const index = key === undefined ? 0 : columns.findIndex((column) => column.key === key);
  if (index < 0) return columns;
  const identifying = { ...columns[index]!, fixed: 'left' as const };
  return [identifying, ...columns.filter((_column, at) => at !== index)];
}

/**
 * On a phone a column pinned right (a row's actions, ~250 px of buttons) leaves the rest of the
 * table no room to scroll in: there it scrolls with the others, after them.
 */
function unpinnedRightOnPhone<Row>(columns: ColumnsType<Row>, phone: boolean): ColumnsType<Row> {
  return phone ? columns.map((column) => (column.fixed === 'right' ? { ...column, fixed: undefined } : column)) : columns;
}

/** The page size this browser chose for a list, if it is still one on offer. */
function rememberedSize(key: string): number | undefined {
  const stored = Number(localStorage.getItem(key));
  return (PAGE_SIZE_CHOICES as readonly number[]).includes(stored) ? stored : undefined;
}
function rememberSize(key: string, size: number) {
  localStorage.setItem(key, String(size));
}

/** The answer with its page under `items`, wherever the server put it (`answerKey`). */
function pageUnderItems<Row>(raw: PagedAnswer<Row>, answerKey: 'items' | 'data'): PagedAnswer<Row> {
  if (answerKey === 'items') return raw;
  const page = (raw as unknown as { data: PagedAnswer<Row>['items'] }).data;
  return { ...raw, items: page };
}

/** The key of the one selection kept when it is remembered across pages. */
const ALL_PAGES = 'all';

/**
 * The one report pattern (DESIGN.md §8): filters, a server-side paged and sortable table
 * (`page`, `results`, `sort_by` or the screen's `sortParam`, `sort` ASC|DESC), row selection, and the Export Report button
 * that follows the export answer (download 0 → the message as a success notice; otherwise open
 * the url in a new tab). Drill-down cells: `drillDown` in ./drill-down. A screen may also give
 * opening filter values, its own reading of the form (`toRequest`: dates, lists, a body for a
 * POST `searchList`), parameters outside the form (`fixedQuery`), and a `summary` above the
 * filters. A total the server only estimated (`items.estimated`) is shown as such.
 */
export default function ReportPage<Row extends object>({
  title,
  list,
  columns,
  rowKey,
  filters,
  exportRoute,
  pageSize = PAGE_SIZE,
  selection,
  actions,
  initialValues,
  toRequest = nonEmptyValues,
  searchList,
  fixedQuery,
  summary,
  titleTotal,
  onAnswer,
  identifyingColumn,
  totalsRow,
  tableWidth,
  refreshable,
  onClear,
  answerKey = 'items',
  sortParam = 'sort_by',
}: ReportPageProps<Row>) {
  const client = useQueryClient();
  const phone = Grid.useBreakpoint().sm === false;
  const shownColumns = useMemo(() => unpinnedRightOnPhone(withIdentifyingColumnFirst(columns, identifyingColumn), phone), [columns, identifyingColumn, phone]);
  const [form] = Form.useForm<ReportQuery>();
  const [request, setRequest] = useState<ReportRequest>(() => (initialValues ? toRequest(initialValues) : { query: {} }));
  const [searched, setSearched] = useState(false);
  // The page belongs to the fixed query it was chosen under: another one (a new period) starts at page 1.
  const fixedKey = JSON.stringify(fixedQuery ?? {});
  const [pageOf, setPageOf] = useState({ page: 1, fixedKey });
  const page = pageOf.fixedKey === fixedKey ? pageOf.page : 1;
  const setPage = (next: number) => setPageOf({ page: next, fixedKey });
  const [sort, setSort] = useState<Record<string, string>>({});
  const sizeKey = `page-size ${list.method} ${list.path}`;
  const [size, setSize] = useState(() => rememberedSize(sizeKey) ?? pageSize);
  const [exporting, setExporting] = useState(false);
  const filterValues = { ...request.query, ...fixedQuery };
  const query = { ...filterValues, ...sort, page, results: size };
  const listRoute = searched && searchList ? searchList : list;
  const body = listRoute === searchList ? request.body : undefined;

  const answer = useQuery({
    queryKey: body === undefined ? queryKey(listRoute, { query }) : [...queryKey(listRoute, { query }), body],
    queryFn: () => call<PagedAnswer<Row>>(listRoute, { query, body }).then((raw) => pageUnderItems(raw, answerKey)),
    placeholderData: keepPreviousData,
  });
  // A refused or failed search keeps the last answer on screen (its rows, count and totals) beside the error.
  const lastAnswer = useRef<PagedAnswer<Row> | undefined>(undefined);
  if (answer.data) lastAnswer.current = answer.data;
  const shown = answer.data ?? (answer.isError ? lastAnswer.current : undefined);
  const onAnswerRef = useRef(onAnswer);
  onAnswerRef.current = onAnswer;
  const answered = answer.isPlaceholderData ? undefined : answer.data;
  useEffect(() => {
    if (answered) onAnswerRef.current?.(answered);
  }, [answered]);
  const rows = shown?.items.data ?? [];
  const keyOf = (row: Row): Key => (typeof rowKey === 'function' ? rowKey(row) : (row[rowKey] as Key));

  const remember = selection?.remember;
  const storageKey = selection?.storageKey ?? `${list.method} ${list.path}`;
  const [picked, setPicked] = useState<PageSelections<Row>>(() => (remember === 'per-page' ? loadPageSelections<Row>(storageKey) : {}));
  const onSelectionChange = useRef(selection?.onChange);
  onSelectionChange.current = selection?.onChange;

  const changeSelection = (next: PageSelections<Row>) => {
    setPicked(next);
    if (remember === 'per-page') savePageSelections(storageKey, next);
    const all = allPicked(next);
    onSelectionChange.current?.(all.keys, all.rows);
  };

  // A selection restored from the browser is the screen's selection from the start.
  useEffect(() => {
    const restored = allPicked(picked);
    if (restored.keys.length > 0) onSelectionChange.current?.(restored.keys, restored.rows);
    // Only once, for what was restored.
  }, []);

  const resetKey = selection?.resetKey;
  const lastResetKey = useRef(resetKey);
  useEffect(() => {
    if (Object.is(lastResetKey.current, resetKey)) return;
    lastResetKey.current = resetKey;
    changeSelection({});
    // changeSelection is rebuilt every render; the reset follows resetKey only.
  }, [resetKey]);

  const tableKeys = picked[remember === 'per-page' ? String(page) : ALL_PAGES]?.keys ?? [];
  const elsewhere = new Set<Key>(selection?.pickedElsewhere ?? []);
  const rowSelection: TableRowSelection<Row> | undefined = remember && {
    // The checkboxes stay beside the identifying column when the table scrolls sideways.
    fixed: shownColumns[0]?.fixed ? true : undefined,
    selectedRowKeys: elsewhere.size === 0 ? tableKeys : [...new Set([...tableKeys, ...elsewhere])],
    preserveSelectedRowKeys: remember === 'across-pages',
    ...((selection?.selectable || elsewhere.size > 0) && {
      getCheckboxProps: (row: Row) =>
        elsewhere.has(keyOf(row)) ? { disabled: true, title: selection?.pickedElsewhereNote } : { disabled: selection?.selectable ? !selection.selectable(row) : false },
    }),
    onChange: (allKeys: Key[], allRows: Row[]) => {
      // What is picked elsewhere stays there: the table keeps only what it picked itself.
      const ownKeys = new Set(tableKeys);
      const own = (key: Key) => !elsewhere.has(key) || ownKeys.has(key);
      const keys = allKeys.filter(own);
      // antd gives no row for a kept key it has not shown (picked elsewhere, on another page).
      const selectedRows = allRows.filter((row): row is Row => row !== undefined && own(keyOf(row)));
      if (remember === 'per-page') {
        changeSelection({ ...picked, [String(page)]: { keys, rows: selectedRows } });
        return;
      }
      // Across pages antd keeps the keys of other pages; their rows come from what was picked before.
      const known = new Map<Key, Row>();
      for (const row of picked[ALL_PAGES]?.rows ?? []) known.set(keyOf(row), row);
      for (const row of rows) known.set(keyOf(row), row);
      changeSelection({ [ALL_PAGES]: { keys, rows: keys.map((key) => known.get(key)).filter((row): row is Row => row !== undefined) } });
    },
  };

  const applyFilters = (values: Record<string, unknown>) => {
    setRequest(toRequest(values));
    setSearched(true);
    setPage(1);
    // Other filters list other rows: a selection made under the old ones no longer applies.
    if (remember && allPicked(picked).keys.length > 0) changeSelection({});
  };

  const exportReport = async (format: 'csv' | 'xlsx') => {
    if (!exportRoute) return;
    setExporting(true);
    try {
      await runExport(exportRoute, { query: { ...filterValues, ...sort, format }, ...(exportRoute.method !== 'GET' && request.body !== undefined && { body: request.body }) });
    } finally {
      setExporting(false);
    }
  };

  // CSV on the button (the spec's Export Report); Excel from its menu.
  const exportButton = exportRoute && (
    <Space.Compact>
      <Button loading={exporting} onClick={() => void exportReport('csv')}>
        Export Report
      </Button>
      <Dropdown
        disabled={exporting}
        menu={{
          items: [
            { key: 'csv', label: 'CSV (.csv)' },
            { key: 'xlsx', label: 'Excel (.xlsx)' },
          ],
          onClick: ({ key }) => void exportReport(key === 'xlsx' ? 'xlsx' : 'csv'),
        }}
      >
        <Button icon={<DownOutlined />} aria-label="Export format" />
      </Dropdown>
    </Space.Compact>
  );

  const refreshButton = refreshable && <Button onClick={() => reloadLists(client, [listRoute])}>Refresh</Button>;

  const sideScroll = useSideScrollCue([rows, shownColumns]);
  useInertMeasureRows(sideScroll.holder);
  const total = shown?.items.total;
  const estimated = shown?.items.estimated;
  const totals = totalsRow && shown && rows.length > 0 ? totalsRow(shown) : undefined;
  const selectionCells = rowSelection ? 1 : 0;
  const summaryRow = totals
    ? () => (
        <Table.Summary>
          <Table.Summary.Row data-testid="totals-row">
            {rowSelection && <Table.Summary.Cell index={0} />}
            {shownColumns.map((column, index) => (
              <Table.Summary.Cell key={String(column.key ?? index)} index={index + selectionCells} align={(column as ColumnType<Row>).align}>
                {totals[String(column.key)]}
              </Table.Summary.Cell>
            ))}
          </Table.Summary.Row>
        </Table.Summary>
      )
    : undefined;
  return (
    <Card styles={phone ? { body: { padding: 12 } } : undefined}>
      <Typography.Title level={3}>{titleTotal && total !== undefined ? `${title} (${estimated ? `${total}, estimated` : total})` : title}</Typography.Title>
      {summary?.(shown, answer.isPending)}
      {filters ? (
        <Form form={form} name="filters" layout="inline" initialValues={initialValues} style={{ marginBottom: 16, marginTop: summary ? 16 : 0, rowGap: 8 }} onFinish={applyFilters}>
          {filters}
          <Space wrap>
            <Button type="primary" htmlType="submit">
              Search
            </Button>
            <Button
              onClick={() => {
                form.resetFields();
                onClear?.();
                applyFilters(initialValues ?? {});
              }}
            >
              Clear
            </Button>
            {refreshButton}
            {exportButton}
            {actions}
          </Space>
        </Form>
      ) : (
        (refreshButton || exportButton || actions) && (
          <Space wrap style={{ marginBottom: 16 }}>
            {refreshButton}
            {exportButton}
            {actions}
          </Space>
        )
      )}
      {answer.isError && <Typography.Text type="danger">{answer.error.message}</Typography.Text>}
      {sideScroll.cue}
      <div ref={sideScroll.holder}>
        <Table<Row>
          rowKey={rowKey}
          columns={shownColumns}
          dataSource={rows}
          loading={answer.isFetching}
          rowSelection={rowSelection}
          summary={summaryRow}
          scroll={{ x: tableWidth ?? 'max-content' }}
          pagination={{
            current: page,
            pageSize: size,
            total: total ?? 0,
            showSizeChanger: true,
            pageSizeOptions: PAGE_SIZE_CHOICES.map(String),
            locale: { items_per_page: 'rows / page' },
            showTotal: (shown) => totalText(shown, estimated),
          }}
          onChange={(pagination, _filters, sorter) => {
            const single = (Array.isArray(sorter) ? sorter[0] : sorter) as SorterResult<Row> | undefined;
            const field = single?.order ? String(single.columnKey ?? single.field) : undefined;
            setSort(field ? { [sortParam]: field, sort: single?.order === 'descend' ? 'DESC' : 'ASC' } : {});
            const nextSize = pagination.pageSize ?? size;
            if (nextSize !== size) {
              // Pages of another size hold other rows: start again at the first, and drop a per-page selection.
              setSize(nextSize);
              rememberSize(sizeKey, nextSize);
              setPage(1);
              if (remember === 'per-page' && allPicked(picked).keys.length > 0) changeSelection({});
              return;
            }
            setPage(pagination.current ?? 1);
          }}
        />
      </div>
    </Card>
  );
}
