import { Form, Input, Select } from 'antd';
import { route } from '../../app/api-client';
import { officeOption } from '../../app/format';
import DateRangeFilter from '../../app/report/DateRangeFilter';
import TypeaheadSelect from '../../app/report/TypeaheadSelect';
import { APPROVAL_STATUS_OPTIONS, ORDER_STATUS_OPTIONS } from './orders-choices';

const offices = route('GET', '/api/v1/reference/offices');

/**
 * The filters of Order Devices (doc 2 §7 get_inventory_request_order_list): the office
 * (type-ahead, 2 characters), status, approval status, a keyword, the created date range (MM-DD-YYYY,
 * no future dates: doc 2 §5) and the order id (`order_id`, an order number such as ORD-000123).
 */
export default function OrderFilters() {
  return (
    <>
      <Form.Item name="office_id">
        <TypeaheadSelect aria-label="Office" route={offices} toOption={officeOption} placeholder="Office" />
      </Form.Item>
      <Form.Item name="status">
        <Select aria-label="Status" placeholder="Status" allowClear style={{ width: 180 }} options={ORDER_STATUS_OPTIONS} />
      </Form.Item>
      <Form.Item name="approval_status">
        <Select aria-label="Approval Status" placeholder="Approval Status" allowClear style={{ width: 200 }} options={APPROVAL_STATUS_OPTIONS} />
      </Form.Item>
      <Form.Item name="keyword">
        <Input placeholder="Search by office, requester or ship-to" allowClear style={{ width: 260 }} />
      </Form.Item>
      <DateRangeFilter />
      <Form.Item name="order_id">
        <Input placeholder="Order ID" allowClear maxLength={30} style={{ width: 160 }} />
      </Form.Item>
    </>
  );
}
