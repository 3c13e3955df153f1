import { PAGE_SIZE, type ApiRoute } from '@portal/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Card, Form, Space, Table, Typography } from 'antd';
import type { ColumnsType, SorterResult } from 'antd/es/table/interface';
import { type ReactNode, useState } from 'react';
import { ApiFailure, call, queryKey } from '../api-client';
import { notice } from '../notice';

/** A paged list answer as the spec shapes it: `items.data`, `items.total`, `items.current_page`. */
export interface PagedAnswer<Row> {
  items: { data: Row[]; total: number; current_page: number; estimated?: boolean };
  grand_totals?: Record<string, unknown>;
}

export type ReportQuery = Record<string, string | number | undefined>;

export interface ReportPageProps<Row> {
  title: string;
  list: ApiRoute;
  columns: ColumnsType<Row>;
  rowKey: keyof Row & string;
  /** Filter fields (antd Form.Items); their values become query parameters. */
  filters?: ReactNode;
  /** The spec's export call for this list: same filters; answers { download, message, url }. */
  exportRoute?: ApiRoute;
  pageSize?: number;
}

/**
 * The one report pattern (DESIGN.md §8): filters, a server-side paged and sortable table, and
 * the Export Report button that follows the export answer (download 0 → the message as a
 * success notice; otherwise open the url in a new tab).
 */
export default function ReportPage<Row extends object>({ title, list, columns, rowKey, filters, exportRoute, pageSize = PAGE_SIZE }: ReportPageProps<Row>) {
  const [form] = Form.useForm<ReportQuery>();
  const [filterValues, setFilterValues] = useState<ReportQuery>({});
  const [page, setPage] = useState(1);
  const [sort, setSort] = useState<{ sort_by?: string; sort?: 'ASC' | 'DESC' }>({});
  const query = { ...filterValues, ...sort, page, results: pageSize };

  const answer = useQuery({
    queryKey: queryKey(list, { query }),
    queryFn: () => call<PagedAnswer<Row>>(list, { query }),
    placeholderData: keepPreviousData,
  });

  const exportReport = async () => {
    if (!exportRoute) return;
    try {
      const result = await call<{ download: number; message?: string; url?: string }>(exportRoute, { query: { ...filterValues, ...sort } });
      if (result.download === 0) notice.success(result.message ?? 'Your report is being prepared.');
      else if (result.url) window.open(result.url, '_blank', 'noopener');
    } catch (failure) {
      notice.toastError(failure instanceof ApiFailure ? failure.message : 'The export failed.');
    }
  };

  return (
    <Card>
      <Typography.Title level={3}>{title}</Typography.Title>
      {filters && (
        <Form
          form={form}
          layout="inline"
          style={{ marginBottom: 16, rowGap: 8 }}
          onFinish={(values) => {
            setFilterValues(Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined && value !== '')));
            setPage(1);
          }}
        >
          {filters}
          <Space>
            <Button type="primary" htmlType="submit">
              Search
            </Button>
            <Button
              onClick={() => {
                form.resetFields();
                setFilterValues({});
                setPage(1);
              }}
            >
              Clear
            </Button>
            {exportRoute && <Button onClick={() => void exportReport()}>Export Report</Button>}
          </Space>
        </Form>
      )}
      {answer.isError && <Typography.Text type="danger">{answer.error.message}</Typography.Text>}
      <Table<Row>
        rowKey={rowKey}
        columns={columns}
        dataSource={answer.data?.items.data ?? []}
        loading={answer.isFetching}
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
