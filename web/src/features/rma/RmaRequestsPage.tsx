import type { ApiRoute } from '@portal/contracts/platform/api-route';
import type { RmaDeviceRow } from '@portal/contracts/rma/rma.views';
import type { ColumnsType } from 'antd/es/table/interface';
import { useState } from 'react';
import ReportPage from '../../app/report/ReportPage';
import RmaImageViewer from './RmaImageViewer';
import ScreenButton from './ScreenButton';
import { imageColumn, rmaDeviceColumns } from './rma-columns';
import RmaDeviceFilters from './rma-filters';

export interface RmaRequestsPageProps {
  readonly title: string;
  readonly list: ApiRoute;
  readonly exportRoute: ApiRoute;
  /** Columns after the shared ones (Pending RMA Request's Accept / Decline). */
  readonly actions?: ColumnsType<RmaDeviceRow>;
}

/**
 * The two RMA request lists (doc 2 §2 Pending RMA Request and Approved RMA Request): IMEI, Agent
 * Name, Reason, Image (View Image opens the viewer; Add Image, on a request without a photo, opens
 * it to send one), Date; keyword and office filters; Export Report; Initiate RMA opens the Create
 * RMA form.
 */
export default function RmaRequestsPage({ title, list, exportRoute, actions = [] }: RmaRequestsPageProps) {
  const [viewing, setViewing] = useState<RmaDeviceRow>();
  const columns: ColumnsType<RmaDeviceRow> = [rmaDeviceColumns.imei, rmaDeviceColumns.agent, rmaDeviceColumns.reason, imageColumn(setViewing), rmaDeviceColumns.date, ...actions];

  return (
    <>
      <ReportPage<RmaDeviceRow>
        title={title}
        list={list}
        exportRoute={exportRoute}
        rowKey="id"
        columns={columns}
        filters={<RmaDeviceFilters />}
        actions={
          <ScreenButton type="primary" to="/createrma">
            Initiate RMA
          </ScreenButton>
        }
      />
      <RmaImageViewer device={viewing} onClose={() => setViewing(undefined)} reload={[list]} />
    </>
  );
}
