import { Form, Input } from 'antd';
import { route } from '../../app/api-client';
import { officeOption } from '../../app/format';
import TypeaheadSelect from '../../app/report/TypeaheadSelect';

const offices = route('GET', '/api/v1/reference/offices');

/**
 * The filters of the manager's RMA device lists (doc 2 §7: keyword and office_id): a keyword (an
 * IMEI or an agent's name) and an office type-ahead (2 characters, the spec's default; 4 on
 * Approve RMA).
 */
export default function RmaDeviceFilters({ officeMinChars }: { officeMinChars?: number }) {
  return (
    <>
      <Form.Item name="keyword">
        <Input placeholder="Search by IMEI or agent" allowClear style={{ width: 240 }} />
      </Form.Item>
      <Form.Item name="office_id">
        <TypeaheadSelect route={offices} minChars={officeMinChars} toOption={officeOption} placeholder="Office" />
      </Form.Item>
    </>
  );
}
