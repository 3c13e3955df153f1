import { Form, Input, Select } from 'antd';
import { route } from '../../app/api-client';
import { officeOption } from '../../app/format';
import TypeaheadSelect from '../../app/report/TypeaheadSelect';
import { RMA_DEVICE_STATUS_OPTIONS, RMA_ORDER_STATUS_OPTIONS } from './rma-choices';

const offices = route('GET', '/api/v1/reference/offices');
const iboMarkets = route('GET', '/api/v1/reference/ibo_marketers');

/**
 * The filters of the manager's RMA device lists (doc 2 §7: keyword and office_id): a keyword (an
 * IMEI or an agent's name) and an office type-ahead (2 characters, the spec's default and Submit
 * RMA's; 4 on Approve RMA).
 */
export default function RmaDeviceFilters({ officeMinChars }: { officeMinChars?: number }) {
  return (
    <>
      <Form.Item name="keyword">
        <Input placeholder="Search by IMEI or agent" allowClear style={{ width: 240 }} />
      </Form.Item>
      <Form.Item name="office_id">
        <TypeaheadSelect aria-label="Office" route={offices} minChars={officeMinChars} toOption={officeOption} placeholder="Office" />
      </Form.Item>
    </>
  );
}

/** The RMA device status filter (Pending, Approved, Rejected): the RMA device Status report. */
export function RmaDeviceStatusFilter() {
  return (
    <Form.Item name="status">
      <Select aria-label="RMA Status" placeholder="RMA Status" allowClear style={{ width: 160 }} options={RMA_DEVICE_STATUS_OPTIONS} />
    </Form.Item>
  );
}

/**
 * The filters of RMA Status (doc 2 §2, §7 get_rma_orders_list): the order status, the IBO
 * marketer (`ibo_marketer_id`; shown to role 12 only, doc 2 §6: the page says), a keyword and the
 * RMA number (`rma_id`). The IBO/Market select is the reports' one (doc 1 §6): the IBOs/markets in
 * the caller's scope, filtered as typed.
 */
export function RmaOrderFilters({ chooseIboMarket }: { chooseIboMarket: boolean }) {
  return (
    <>
      <Form.Item name="status">
        <Select aria-label="Status" placeholder="Status" allowClear style={{ width: 160 }} options={RMA_ORDER_STATUS_OPTIONS} />
      </Form.Item>
      {chooseIboMarket && (
        <Form.Item name="ibo_marketer_id">
          <TypeaheadSelect aria-label="IBO / Market" route={iboMarkets} search="client" placeholder="IBO / Market" />
        </Form.Item>
      )}
      <Form.Item name="keyword">
        <Input placeholder="Search by office or submitter" allowClear style={{ width: 240 }} />
      </Form.Item>
      <Form.Item name="rma_id">
        <Input placeholder="RMA Number" allowClear maxLength={20} style={{ width: 160 }} />
      </Form.Item>
    </>
  );
}
