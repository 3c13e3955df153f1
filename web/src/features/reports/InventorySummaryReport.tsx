import type { ApiRoute } from '@portal/contracts/platform/api-route';
import type { InventoryCountType } from '@portal/contracts/reports/reports.constants';
import type { InventorySummaryCounts } from '@portal/contracts/reports/reports.views';
import type { ColumnsType } from 'antd/es/table/interface';
import type { ReactNode } from 'react';
import { drillDown } from '../../app/report/drill-down';
import { runExport } from '../../app/report/export';
import ReportPage from '../../app/report/ReportPage';
import CountCards from '../../app/widgets/CountCards';

/** A count column; with a `type`, a non-zero count downloads its devices (doc 1 §7 "download by count"). */
export interface CountColumn<Row> {
  field: keyof Row & string;
  title: string;
  type?: InventoryCountType;
}

/** A total card, from the answer's `grand_totals`. */
export interface TotalCard {
  field: string;
  title: string;
}

export interface InventorySummaryReportProps<Row> {
  title: string;
  list: ApiRoute;
  exportRoute: ApiRoute;
  rowKey: keyof Row & string;
  /** The holder's columns (manager, IBO/market, agent and office, office). */
  holder: ColumnsType<Row>;
  counts: readonly CountColumn<Row>[];
  /** GET /api/v1/inventory/{kind}/{id}/{type}: the route, its id parameter's name and the row's id. */
  drill: { route: ApiRoute; idParam: string; idOf: (row: Row) => string };
  cards: readonly TotalCard[];
  /** The holder selector (a Form.Item). */
  filter: ReactNode;
}

/** The counts of the by-managers and by-IBOs reports (doc 1 §2.10 columns, §3 summary row); every non-zero one downloads its devices. */
export const ALL_COUNTS: readonly CountColumn<InventorySummaryCounts>[] = [
  { field: 'in_stock', title: 'In-Stock', type: 'instock' },
  { field: 'sold_30_days', title: 'Sold (Last 30 days)', type: 'sold' },
  { field: 'manager_pending', title: 'Manager Pending', type: 'manager_pending' },
  { field: 'manager_assigned', title: 'Manager Received', type: 'manager_received' },
  { field: 'agent_pending', title: 'Agent Pending', type: 'agent_pending' },
  { field: 'agent_transfer', title: 'Agent Transfer', type: 'agent_transfer' },
  { field: 'agent_assigned', title: 'Agent Received', type: 'agent_received' },
];

/** The total cards of the by-managers, by-IBOs and by-offices reports (doc 1 §2.10, §3 grand_totals). */
export const STOCK_CARDS: readonly TotalCard[] = [
  { field: 'in_stock', title: 'In stock' },
  { field: 'manager_pending', title: 'Manager Pending' },
  { field: 'sold_30_days', title: 'Sold' },
];

/**
 * Inventory By Managers, By IBOs/Markets, By Agents, By Offices (doc 1 §2.10): total cards from
 * `grand_totals`, the holder selector with Search and Clear, a sortable paged table whose
 * non-zero counts download their devices, and Export Report.
 */
export default function InventorySummaryReport<Row extends object>({ title, list, exportRoute, rowKey, holder, counts, drill, cards, filter }: InventorySummaryReportProps<Row>) {
  const columns: ColumnsType<Row> = [
    ...holder,
    ...counts.map((count) => ({
      title: count.title,
      dataIndex: count.field,
      key: count.field,
      sorter: true,
      render: count.type ? drillDown<Row>(count.field, (row) => void runExport(drill.route, { params: { [drill.idParam]: drill.idOf(row), type: count.type! } })) : undefined,
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
      summary={(answer, loading) => {
        const totals = answer?.grand_totals;
        return <CountCards cards={cards.map((card) => ({ title: card.title, value: totals ? Number(totals[card.field] ?? 0) : undefined }))} loading={loading} />;
      }}
    />
  );
}
