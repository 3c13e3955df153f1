import { Form, Input, Select, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table/interface';
import dayjs from 'dayjs';
import { route } from '../../app/api-client';
import { formatDate } from '../../app/report/date-rules';
import ReportPage from '../../app/report/ReportPage';
import TypeaheadSelect from '../../app/report/TypeaheadSelect';
import { can } from '../../app/access';
import { useSession } from '../../app/session-context';

interface OfficeRow {
  id: string;
  name: string;
  office_number: string;
  state_short_name: string;
  ibo_marketer_name: string;
  status: number;
  get_manager_info: { user_id: string; name: string }[];
  get_supervisor_info: { user_id: string; name: string }[];
  retailer_name: string;
  created_at: string;
}

const names = (people: { name: string }[]) => people.map((person) => person.name).join(', ') || '—';

const columns: ColumnsType<OfficeRow> = [
  { title: 'Office Name', dataIndex: 'name', key: 'name', sorter: true },
  { title: 'Office Number', dataIndex: 'office_number', key: 'office_number', sorter: true },
  { title: 'State', dataIndex: 'state_short_name', key: 'state_short_name', sorter: true },
  { title: 'IBO/Market', dataIndex: 'ibo_marketer_name', key: 'ibo_marketer_name', sorter: true },
  { title: 'Managers', key: 'managers', render: (_value, row) => names(row.get_manager_info) },
  { title: 'Add-on Managers', key: 'supervisors', render: (_value, row) => names(row.get_supervisor_info) },
  { title: 'Retailer', dataIndex: 'retailer_name', key: 'retailer_name' },
  { title: 'Status', dataIndex: 'status', key: 'status', sorter: true, render: (status: number) => (status === 1 ? <Tag color="green">Active</Tag> : <Tag>Inactive</Tag>) },
  { title: 'Created At', dataIndex: 'created_at', key: 'created_at', sorter: true, render: (at: string) => formatDate(dayjs(at)) },
];

/** Roles that pick an IBO/Market (doc 3 §6: role 12; role 1 reaches what role 12 does, DESIGN.md §11). */

/**
 * The Office list (doc 3 Office list): offices in the caller's scope, through the report pattern.
 * Filters are the list's own query parameters (officeListQuery): `search_text`, `status`,
 * `ibo_marketer_id` (IBO/Market select: its reference list takes no term, so it is searched in
 * the browser) and `office_id` (office type-ahead on GET /api/v1/reference/offices?term=).
 */
export default function OfficesPage() {
  const { user } = useSession();
  const picksIbo = can.filterOfficesByIboMarket(user?.role_id ?? []);
  return (
    <ReportPage<OfficeRow>
      title="Offices"
      list={route('GET', '/api/v1/offices')}
      exportRoute={route('GET', '/api/v1/office_export')}
      rowKey="id"
      columns={columns}
      filters={
        <>
          {picksIbo && (
            <Form.Item name="ibo_marketer_id">
              <TypeaheadSelect route={route('GET', '/api/v1/reference/ibo_marketers')} search="client" placeholder="IBOs/Markets" />
            </Form.Item>
          )}
          <Form.Item name="office_id">
            <TypeaheadSelect route={route('GET', '/api/v1/reference/offices')} placeholder="Office" />
          </Form.Item>
          <Form.Item name="search_text">
            <Input placeholder="Search" allowClear />
          </Form.Item>
          <Form.Item name="status">
            <Select placeholder="Status" allowClear style={{ width: 140 }} options={[{ value: 1, label: 'Active' }, { value: 0, label: 'Inactive' }]} />
          </Form.Item>
        </>
      }
    />
  );
}
