import type { RmaDeviceRow } from '@portal/contracts/rma/rma.views';
import type { ColumnsType } from 'antd/es/table/interface';
import { useState } from 'react';
import { route } from '../../app/api-client';
import ReportPage from '../../app/report/ReportPage';
import RmaImageViewer from './RmaImageViewer';
import ScreenButton from './ScreenButton';
import { imageColumn, rmaDeviceColumns } from './rma-columns';
import RmaDeviceFilters from './rma-filters';

const list = route('GET', '/api/v1/manager/get_approved_rma_device_list_v2');

/**
 * Approved RMA Request (rmarequest, doc 2 §2): the agents' RMA requests the manager accepted:
 * IMEI, Agent Name, Reason, Image (View Image opens the viewer; Add Image, on a request without a
 * photo, opens it to send one), Date; Export Report; Initiate RMA opens the Create RMA form
 * (which returns here).
 */
export default function ApprovedRmaRequestPage() {
  const [viewing, setViewing] = useState<RmaDeviceRow>();
  const columns: ColumnsType<RmaDeviceRow> = [rmaDeviceColumns.imei, rmaDeviceColumns.agent, rmaDeviceColumns.reason, imageColumn(setViewing), rmaDeviceColumns.date];

  return (
    <>
      <ReportPage<RmaDeviceRow>
        title="Approved RMA Request"
        list={list}
        exportRoute={route('GET', '/api/v1/manager/approved_rma_device_list_export_v2')}
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
