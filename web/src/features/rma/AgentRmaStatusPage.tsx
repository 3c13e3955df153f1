import type { RmaDeviceStatusRow } from '@portal/contracts/rma/rma.views';
import { Form, Input, Select } from 'antd';
import type { ColumnsType } from 'antd/es/table/interface';
import { route } from '../../app/api-client';
import ReportPage from '../../app/report/ReportPage';
import ScreenButton from './ScreenButton';
import { RMA_DEVICE_LIFE_STATUS_OPTIONS } from './rma-choices';
import { rmaDeviceColumns } from './rma-columns';

/**
 * IMEI, status, manager name, office number, Reason 1, Reason 2, Comments, created date (doc 2
 * §2); then the RMA order it went on and that order's status. Status is the device's one status
 * (RMA, RMA Rejected, …), the one the agent's inventory and Initiate RMA show: never the request's
 * answer beside a different order status. It comes second, so a phone shows it beside the IMEI.
 */
const columns: ColumnsType<RmaDeviceStatusRow> = [
  rmaDeviceColumns.imei,
  { title: 'Status', dataIndex: 'status_name', key: 'status_name' },
  rmaDeviceColumns.manager,
  rmaDeviceColumns.officeNumber,
  rmaDeviceColumns.reasonOne,
  rmaDeviceColumns.reasonTwo,
  rmaDeviceColumns.comments,
  rmaDeviceColumns.createdDate,
  rmaDeviceColumns.rmaOrder,
  rmaDeviceColumns.orderStatus,
];

/**
 * The agent's RMA Status (agent-allrmareport, doc 2 §2): the agent's RMA requests with a status
 * filter (the device's statuses an RMA goes through), a keyword and Export Report. RMA Request
 * opens the direct RMA form (agent-rmareport), which has no menu entry.
 */
export default function AgentRmaStatusPage() {
  return (
    <ReportPage<RmaDeviceStatusRow>
      title="RMA Status"
      list={route('GET', '/api/v1/agent/get_rma_device_list')}
      exportRoute={route('GET', '/api/v1/agent/agent_rma_request_status_export')}
      rowKey="id"
      columns={columns}
      filters={
        <>
          <Form.Item name="keyword">
            <Input placeholder="Search by IMEI" allowClear />
          </Form.Item>
          <Form.Item name="device_status">
            <Select aria-label="Status" placeholder="Status" allowClear style={{ width: 200 }} options={RMA_DEVICE_LIFE_STATUS_OPTIONS} />
          </Form.Item>
        </>
      }
      actions={<ScreenButton to="/agent-rmareport">RMA Request</ScreenButton>}
    />
  );
}
