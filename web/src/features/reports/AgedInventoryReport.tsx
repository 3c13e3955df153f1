import type { ApiRoute } from '@portal/contracts/platform/api-route';
import { AGING_BANDS } from '@portal/contracts/inventory/inventory.codes';
import { AGED_PERIODS, type AgedPeriod } from '@portal/contracts/reports/reports.constants';
import type { AgedRow } from '@portal/contracts/reports/reports.views';
import { Form, Segmented } from 'antd';
import type { ColumnsType } from 'antd/es/table/interface';
import { type ReactNode, useState } from 'react';
import { drillDown } from '../../app/report/drill-down';
import { runExport } from '../../app/report/export';
import ReportPage from '../../app/report/ReportPage';
import CountCards from '../../app/widgets/CountCards';
import { officeLabel, shownDeviceType } from '../../app/format';
import { useFleetAsOf } from './FleetAsOf';

/** The holder fields of an aged row (doc 1 §3: Agent_name / office_manager_name / ibo_name / office_name and their ids). */
type HolderName = 'Agent_name' | 'office_manager_name' | 'ibo_name' | 'office_name';
type HolderId = 'agent_id' | 'office_manager_id' | 'ibo_marketer_id' | 'office_id';

export interface AgedInventoryReportProps {
  title: string;
  /** GET aged_inventory_summary_reports/{kind} and its export. */
  list: ApiRoute;
  exportRoute: ApiRoute;
  /** GET aged/{kind}/:id/:bucket/:Product_Type: the devices behind one cell. */
  drillRoute: ApiRoute;
  /** The holder's column; `withOffice` adds the holder's office beside it (agents of one name told apart). */
  holder: { title: string; name: HolderName; id: HolderId; withOffice?: boolean };
  /** The holder selector (a Form.Item). */
  filter: ReactNode;
}

const bandTitle = (label: string) => `${label} Days`;

/** Doc 1 §2.13 period toggle (default 'pre'): our reading, the age counted from the allocation (pre) or from the assignment to the agent (post). */
const PERIOD_OPTIONS: { value: AgedPeriod; label: string }[] = AGED_PERIODS.map((period) => ({ value: period, label: period === 'pre' ? 'Allocation (pre)' : 'Assignment (post)' }));

/**
 * Aged Inventory by Agent, Manager, IBO/Market and Office (doc 1 §2.13): five band cards from
 * `grand_totals`; the holder selector with Search, Clear and Export Report; the period toggle;
 * a table of holder, Device Type, the five bands and the total, whose non-zero band cells
 * download their devices (GET aged/{kind}/{id}/{bucket}/{Product_Type}, through the export pipeline).
 * Roles 1, 12 and 15 may read it as of a past date (`useFleetAsOf`).
 */
export default function AgedInventoryReport({ title, list, exportRoute, drillRoute, holder, filter }: AgedInventoryReportProps) {
  const [period, setPeriod] = useState<AgedPeriod>('pre');
  const asOf = useFleetAsOf();
  // The table, its export and its band downloads all count as of the same moment and period.
  const fixedQuery = { period, ...asOf.fixedQuery };
  const columns: ColumnsType<AgedRow> = [
    { title: holder.title, dataIndex: holder.name, key: holder.name, sorter: true },
    ...(holder.withOffice ? [{ title: 'Office', dataIndex: 'office_name', key: 'office_name', sorter: true, render: (_name: string | null, row: AgedRow) => officeLabel(row) }] : []),
    { title: 'Device Type', dataIndex: 'Product_Type', key: 'Product_Type', sorter: true, render: shownDeviceType },
    ...AGING_BANDS.map((band) => ({
      title: bandTitle(band.label),
      dataIndex: band.reportKey,
      key: band.reportKey,
      sorter: true,
      render: drillDown<AgedRow>(band.reportKey, (row) =>
        void runExport(drillRoute, { params: { id: row[holder.id] ?? '', bucket: band.reportKey, Product_Type: row.Product_Type }, query: fixedQuery }),
      ),
    })),
    { title: 'Total', dataIndex: 'total', key: 'total', sorter: true },
  ];
  return (
    <ReportPage<AgedRow>
      title={title}
      list={list}
      exportRoute={exportRoute}
      rowKey={(row) => `${row[holder.id] ?? ''}|${row.Product_Type}`}
      columns={columns}
      fixedQuery={fixedQuery}
      filters={
        <>
          {filter}
          <Form.Item label="Age from">
            <Segmented<AgedPeriod> options={PERIOD_OPTIONS} value={period} onChange={setPeriod} />
          </Form.Item>
        </>
      }
      summary={(answer, loading) => {
        const totals = answer?.grand_totals;
        return (
          <>
            {asOf.control}
            <CountCards cards={AGING_BANDS.map((band) => ({ title: bandTitle(band.label), value: totals ? Number(totals[band.reportKey] ?? 0) : undefined }))} loading={loading} />
          </>
        );
      }}
    />
  );
}
