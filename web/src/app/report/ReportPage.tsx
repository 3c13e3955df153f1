import type { ApiRoute } from '@portal/contracts/platform/api-route';
import { PAGE_SIZE } from '@portal/contracts/reference/reference-lists';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { DownOutlined } from '@ant-design/icons';
import { Button, Card, Dropdown, Form, Space, Table, Typography } from 'antd';
import type { ColumnsType, SorterResult, TableRowSelection } from 'antd/es/table/interface';
import { type Key, type ReactNode, useEffect, useRef, useState } from 'react';
import { call, queryKey } from '../api-client';
import { runExport } from './export';
import { type PageSelections, type ReportSelection, allPicked, loadPageSelections, savePageSelections } from './selection';

/** A paged list answer as the spec shapes it: `items.data`, `items.total`, `items.current_page`. */
export interface PagedAnswer<Row> {
  items: { data: Row[]; total: number; current_page: number; estimated?: boolean };
  grand_totals?: Record<string, unknown>;
}

export type ReportQuery = Record<string, string | number | undefined>;

export type { ReportSelection } from './selection';

export interface ReportPageProps<Row> {
  title: string;
  list: ApiRoute;
  columns: ColumnsType<Row>;
  rowKey: keyof Row & string;
  /** Filter fields (antd Form.Items, DateRangeFilter, TypeaheadSelect); their values become query parameters. */
  filters?: ReactNode;
  /** The spec's export call for this list: same filters; answers { download, message, url }. */
  exportRoute?: ApiRoute;
  pageSize?: number;
  /** Row selection, remembered per page (in the browser) or across pages; see `ReportSelection`. */
  selection?: ReportSelection<Row>;
  /** The screen's own buttons beside Search, Clear and Export Report (e.g. Assign once rows are selected). */
  actions?: ReactNode;
}

/** The key of the one selection kept when it is remembered across pages. */
const ALL_PAGES = 'all';

/**
 * The one report pattern (DESIGN.md §8): filters, a server-side paged and sortable table
 * (`page`, `results`, `sort_by`, `sort` ASC|DESC), row selection, and the Export Report button
 * that follows the export answer (download 0 → the message as a success notice; otherwise open
 * the url in a new tab). Drill-down cells: `drillDown` in ./drill-down.
 */
export default function ReportPage<Row extends object>({ title, list, columns, rowKey, filters, exportRoute, pageSize = PAGE_SIZE, selection, actions }: ReportPageProps<Row>) {
  const [form] = Form.useForm<ReportQuery>();
  const [filterValues, setFilterValues] = useState<ReportQuery>({});
  const [page, setPage] = useState(1);
  const [sort, setSort] = useState<{ sort_by?: string; sort?: 'ASC' | 'DESC' }>({});
  const [exporting, setExporting] = useState(false);
  const query = { ...filterValues, ...sort, page, results: pageSize };

  const answer = useQuery({
    queryKey: queryKey(list, { query }),
    queryFn: () => call<PagedAnswer<Row>>(list, { query }),
    placeholderData: keepPreviousData,
  });
  const rows = answer.data?.items.data ?? [];

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

  const rowSelection: TableRowSelection<Row> | undefined = remember && {
    selectedRowKeys: picked[remember === 'per-page' ? String(page) : ALL_PAGES]?.keys ?? [],
    preserveSelectedRowKeys: remember === 'across-pages',
    ...(selection?.selectable && { getCheckboxProps: (row: Row) => ({ disabled: !selection.selectable!(row) }) }),
    onChange: (keys: Key[], selectedRows: Row[]) => {
      if (remember === 'per-page') {
        changeSelection({ ...picked, [String(page)]: { keys, rows: selectedRows } });
        return;
      }
      // Across pages antd keeps the keys of other pages; their rows come from what was picked before.
      const known = new Map<Key, Row>();
      for (const row of picked[ALL_PAGES]?.rows ?? []) known.set(row[rowKey] as Key, row);
      for (const row of rows) known.set(row[rowKey] as Key, row);
      changeSelection({ [ALL_PAGES]: { keys, rows: keys.map((key) => known.get(key)).filter((row): row is Row => row !== undefined) } });
    },
  };

  const applyFilters = (values: ReportQuery) => {
    setFilterValues(values);
    setPage(1);
    // Other filters list other rows: a selection made under the old ones no longer applies.
    if (remember && allPicked(picked).keys.length > 0) changeSelection({});
  };

  const exportReport = async (format: 'csv' | 'xlsx') => {
    if (!exportRoute) return;
    setExporting(true);
    try {
      await runExport(exportRoute, { query: { ...filterValues, ...sort, format } });
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

  return (
    <Card>
      <Typography.Title level={3}>{title}</Typography.Title>
      {filters ? (
        <Form
          form={form}
          layout="inline"
          style={{ marginBottom: 16, rowGap: 8 }}
          onFinish={(values) => applyFilters(Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined && value !== null && value !== '')))}
        >
          {filters}
          <Space wrap>
            <Button type="primary" htmlType="submit">
              Search
            </Button>
            <Button
              onClick={() => {
                form.resetFields();
                applyFilters({});
              }}
            >
              Clear
            </Button>
            {exportButton}
            {actions}
          </Space>
        </Form>
      ) : (
        (exportButton || actions) && (
          <Space wrap style={{ marginBottom: 16 }}>
            {exportButton}
            {actions}
          </Space>
        )
      )}
      {answer.isError && <Typography.Text type="danger">{answer.error.message}</Typography.Text>}
      <Table<Row>
        rowKey={rowKey}
        columns={columns}
        dataSource={rows}
        loading={answer.isFetching}
        rowSelection={rowSelection}
        scroll={{ x: 'max-content' }}
        pagination={{ current: page, pageSize, total: answer.data?.items.total ?? 0, showSizeChanger: false, showTotal: (total) => `${total} in all` }}
        onChange={(pagination, _filters, sorter) => {
          const single = (Array.isArray(sorter) ? sorter[0] : sorter) as SorterResult<Row> | undefined;
          const field = single?.order ? String(single.columnKey ?? single.field) : undefined;
          setSort(field ? { sort_by: field, sort: single?.order === 'descend' ? 'DESC' : 'ASC' } : {});
          setPage(pagination.current ?? 1);
        }}
      />
    </Card>
  );
}
