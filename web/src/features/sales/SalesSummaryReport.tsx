import type { ApiRoute } from '@portal/contracts/platform/api-route';
import { SALES_PERIODS, SALES_PERIOD_NAMES, SALES_PERIOD_TITLES, type SalesCounts } from '@portal/contracts/sales/sales.periods';
import type { ColumnsType } from 'antd/es/table/interface';
import { type ReactNode, useMemo } from 'react';
import { type CountDownload, downloadCount } from '../../app/report/drill-down';
import ReportPage from '../../app/report/ReportPage';

export interface SalesSummaryReportProps<Row extends SalesCounts> {
  title: string;
  /** GET sales_by_agents, sales_summary_reports/{office|manager|ibo_marketer}. */
  list: ApiRoute;
  exportRoute: ApiRoute;
  rowKey: keyof Row & string;
  /** The holder's columns (agent and office, office, manager, IBO/market); the first is named in the totals row. */
  holder: ColumnsType<Row>;
  /** GET /api/v1/sales/{agent|office|manager|ibo}/:id/:period: the breakdown a count downloads, by the row's id. */
  breakdown: CountDownload<Row>;
  /** The holder selector (a Form.Item). */
  filter: ReactNode;
}

const GRAND_TOTAL = 'Grand Total';

/**
 * Sales By Agents, By Offices, By Managers, By IBOs/Markets (doc 2 §2 Sales summaries): the
 * holder selector with Search, Clear and Export Report; a paged table sorted on the server of the
 * holder and its activations Today, WTD, MTD, 7 Days and 30 Days (contracts' sales periods: row
 * keys and titles), whose non-zero counts download their activations (doc 2 §7: the period's path
 * word); and the grand totals of every holder the filter keeps under the rows.
 */
export default function SalesSummaryReport<Row extends SalesCounts>({ title, list, exportRoute, rowKey, holder, breakdown, filter }: SalesSummaryReportProps<Row>) {
  const columns = useMemo<ColumnsType<Row>>(
    () => [
      ...holder,
      ...SALES_PERIODS.map((period) => {
        const { row, path } = SALES_PERIOD_NAMES[period];
        return { title: SALES_PERIOD_TITLES[period], dataIndex: row, key: row, sorter: true, align: 'right' as const, render: downloadCount<Row>(row, breakdown, { period: path }) };
      }),
    ],
    [holder, breakdown],
  );
  const nameKey = String(holder[0]?.key ?? '');
  return (
    <ReportPage<Row>
      title={title}
      list={list}
      exportRoute={exportRoute}
      rowKey={rowKey}
      columns={columns}
      filters={filter}
      identifyingColumn={nameKey || undefined}
      totalsRow={(answer) => {
        const totals = answer.grand_totals as Partial<SalesCounts> | undefined;
        if (!totals) return undefined;
        return {
          [nameKey]: <strong>{GRAND_TOTAL}</strong>,
          ...Object.fromEntries(SALES_PERIODS.map((period) => [SALES_PERIOD_NAMES[period].row, <strong key={period}>{Number(totals[SALES_PERIOD_NAMES[period].row] ?? 0)}</strong>])),
        };
      }}
    />
  );
}
