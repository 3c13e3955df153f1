import type { ApiRoute } from '@portal/contracts/platform/api-route';
import { SUMMARY_COUNTS, type SummaryCountField } from '@portal/contracts/reports/reports.constants';
import type { ColumnsType } from 'antd/es/table/interface';
import type { ReactNode } from 'react';
import { type CountDownload, downloadCount } from '../../app/report/drill-down';
import ReportPage from '../../app/report/ReportPage';
import CountCards from '../../app/widgets/CountCards';
import { useFleetAsOf } from './FleetAsOf';

export interface InventorySummaryReportProps<Row> {
  title: string;
  list: ApiRoute;
  exportRoute: ApiRoute;
  rowKey: keyof Row & string;
  /** The holder's columns (manager, IBO/market, agent and office, office). */
  holder: ColumnsType<Row>;
  /** The count columns, by field: their headings (the statuses' one names) and download types are SUMMARY_COUNTS'. */
  counts: readonly (SummaryCountField & keyof Row)[];
  /** GET /api/v1/inventory/{kind}/{id}/{type}: the route, its id parameter's name and the row's id. */
  drill: CountDownload<Row>;
  /** The total cards above the table, from the answer's `grand_totals`, titled as their columns. */
  cards: readonly SummaryCountField[];
  /** The holder selector (a Form.Item). */
  filter: ReactNode;
}

/** The total cards of the by-managers, by-IBOs and by-offices reports (doc 1 §2.10, §3 grand_totals). */
export const STOCK_CARDS = ['in_stock', 'manager_pending', 'sold_30_days'] as const satisfies readonly SummaryCountField[];

/**
 * Inventory By Managers, By IBOs/Markets, By Agents, By Offices (doc 1 §2.10): total cards from
 * `grand_totals`, the holder selector with Search and Clear, a sortable paged table whose
 * non-zero counts download their devices, and Export Report. Roles 1, 12 and 15 may read it all
 * as of a past date (`useFleetAsOf`): cards, table, export and downloads alike.
 */
export default function InventorySummaryReport<Row extends object>({ title, list, exportRoute, rowKey, holder, counts, drill, cards, filter }: InventorySummaryReportProps<Row>) {
  const asOf = useFleetAsOf();
  const columns: ColumnsType<Row> = [
    ...holder,
    ...counts.map((field) => ({
      title: SUMMARY_COUNTS[field].title,
      dataIndex: field,
      key: field,
      sorter: true,
      render: downloadCount<Row>(field, drill, { type: SUMMARY_COUNTS[field].type }, asOf.fixedQuery),
    })),
  ];
  return (
    <ReportPage<Row>
      title={title}
      list={list}
      exportRoute={exportRoute}
      rowKey={rowKey}
      columns={columns}
      filters={filter}
      fixedQuery={asOf.fixedQuery}
      summary={(answer, loading) => {
        const totals = answer?.grand_totals;
        return (
          <>
            {asOf.control}
            <CountCards cards={cards.map((field) => ({ title: SUMMARY_COUNTS[field].title, value: totals ? Number(totals[field] ?? 0) : undefined }))} loading={loading} />
          </>
        );
      }}
    />
  );
}
