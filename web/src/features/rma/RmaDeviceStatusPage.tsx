import type { RmaDeviceStatusRow } from '@portal/contracts/rma/rma.views';
import { route } from '../../app/api-client';
import ReportPage from '../../app/report/ReportPage';
import { rmaDeviceStatusColumns } from './rma-columns';
import RmaDeviceFilters, { RmaDeviceStatusFilter } from './rma-filters';

/**
 * The RMA device Status report (rmarequeststatus, doc 2 §2 "There is also an RMA device Status
 * report", §3 "RMA device"): every RMA device in scope with its device's age, inventory status and
 * carton, its manager and agent, its RMA status and reasons, and the order it went on; status,
 * office and keyword filters; Export Report.
 */
export default function RmaDeviceStatusPage() {
  return (
    <ReportPage<RmaDeviceStatusRow>
      title="RMA Device Status"
      list={route('GET', '/api/v1/manager/rma_device_status_report')}
      exportRoute={route('GET', '/api/v1/manager/rma_device_status_report_export')}
      rowKey="id"
      columns={rmaDeviceStatusColumns}
      filters={
        <>
          <RmaDeviceStatusFilter />
          <RmaDeviceFilters />
        </>
      }
    />
  );
}
