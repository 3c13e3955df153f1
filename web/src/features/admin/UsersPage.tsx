import type { UserListSortKey } from '@portal/contracts/admin/admin.schemas';
import type { UserListAnswer, UserRow } from '@portal/contracts/admin/admin.views';
import type { OfficeOption } from '@portal/contracts/inventory/inventory.views';
import { useQuery } from '@tanstack/react-query';
import { Button, Form, Input, Select, Space, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table/interface';
import { useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { call, queryKey, route } from '../../app/api-client';
import { officeLabel, officeOption, shownDate, shownText } from '../../app/format';
import ReportPage, { type ReportRequest, nonEmptyValues } from '../../app/report/ReportPage';
import TypeaheadSelect from '../../app/report/TypeaheadSelect';
import { useSession } from '../../app/session-context';
import OfficeTransferDrawer from './OfficeTransferDrawer';
import { STATUS_OPTIONS, hiddenFilterRoles, usersView } from './user-choices';

const list = route('GET', '/api/v1/users');
const roles = route('GET', '/api/v1/roles');
const ibos = route('GET', '/api/v1/reference/ibo_marketers');
const offices = route('GET', '/api/v1/reference/offices');

/** The multi-selects (Role, Status) go as comma lists (`role=11,14`), the rest as they are. */
function toRequest(values: Record<string, unknown>): ReportRequest {
  const joined = Object.fromEntries(Object.entries(values).map(([name, value]) => [name, Array.isArray(value) ? value.join(',') : value]));
  return nonEmptyValues(joined);
}

/** A text column that sorts on the server by its field (USER_LIST_SORT_KEYS). */
const text = (title: string, key: UserListSortKey & keyof UserRow, width: number) => ({
  title,
  dataIndex: key,
  key,
  width,
  sorter: true,
  render: (value: unknown) => shownText(value),
});

/** The Role filter's choices: the roles list less the roles this viewer's filter hides (doc 3 §6). */
function useRoleFilterOptions(viewer: readonly number[]) {
  const answer = useQuery({ queryKey: queryKey(roles), queryFn: () => call<{ data: { id: number; name: string }[] }>(roles), staleTime: 300_000 });
  return useMemo(() => {
    const hidden = hiddenFilterRoles(viewer);
    return (answer.data?.data ?? []).filter((role) => !hidden.includes(role.id)).map((role) => ({ value: role.id, label: role.name }));
  }, [answer.data, viewer]);
}

/**
 * The Users list (/employee, doc 3 §2, §7 Users): the users in the caller's scope, the total in
 * the title. Filters: Role and Status (multi-selects, sent as comma lists), IBO (retailer
 * managers), Office (type-ahead from 2 characters), Keyword; Search, Clear, Refresh, Export
 * Report (user_export), Add User (retailer managers). Most columns sort on the server. Each row
 * has Edit (→ /editemployee with the user) and, for an agent, Transfer (Agent Office Transfer).
 */
export default function UsersPage() {
  const { user } = useSession();
  const viewer = useMemo(() => user?.role_id ?? [], [user]);
  const retailerLevel = usersView.retailerLevel(viewer);
  const roleOptions = useRoleFilterOptions(viewer);
  const navigate = useNavigate();
  const location = useLocation();
  const cameFrom = `${location.pathname}${location.search}`;
  const [transferring, setTransferring] = useState<UserRow>();

  const columns: ColumnsType<UserRow> = [
    ...(retailerLevel ? [text('IBOs/Markets', 'user_ibo_market_name', 180)] : []),
    { title: 'Office', key: 'office_number' satisfies UserListSortKey, width: 180, sorter: true, render: (_value, row) => officeLabel(row) },
    text('First Name', 'first_name', 140),
    text('Middle Name', 'middle_name', 130),
    text('Last Name', 'last_name', 140),
    text('Phone Number', 'mobile_number', 140),
    text('E-mail', 'email', 240),
    {
      title: 'Role',
      key: 'role',
      width: 220,
      render: (_value, row) => (row.role_info.length ? row.role_info.map((role) => <Tag key={role.role_id}>{role.role_name}</Tag>) : '—'),
    },
    text('ETC Code', 'excess_code', 120),
    text('Rad ID', 'rad', 110),
    text('Address', 'address', 240),
    text('City', 'city', 140),
    text('State', 'state', 80),
    text('ZIP', 'zip', 90),
    { title: 'Status', dataIndex: 'status', key: 'status', width: 110, sorter: true, render: (status: number, row) => <Tag color={status === 1 ? 'green' : 'orange'}>{row.status_text}</Tag> },
    { title: 'Updated At', dataIndex: 'updated_at', key: 'updated_at', width: 130, sorter: true, render: (at: string) => shownDate(at) },
    { title: 'Created at', dataIndex: 'created_at', key: 'created_at', width: 130, sorter: true, render: (at: string) => shownDate(at) },
    {
      title: 'Action',
      key: 'action',
      width: 170,
      fixed: 'right',
      render: (_value, row) => {
        const name = [row.first_name, row.last_name].join(' ');
        return (
          <Space>
            <Button size="small" aria-label={`Edit ${name}`} onClick={() => navigate('/editemployee', { state: { employee: row, cameFrom } })}>
              Edit
            </Button>
            {usersView.isAgent(row) && (
              <Button size="small" aria-label={`Transfer ${name}`} onClick={() => setTransferring(row)}>
                Transfer
              </Button>
            )}
          </Space>
        );
      },
    },
  ];

  return (
    <>
      <ReportPage<UserRow>
        title="Users"
        titleTotal
        list={list}
        exportRoute={route('GET', '/api/v1/user_export')}
        rowKey="id"
        refreshable
        tableWidth={2500}
        columns={columns}
        identifyingColumn="email"
        toRequest={toRequest}
        summary={(answer) => {
          const lastRun = (answer as UserListAnswer | undefined)?.last_run_date;
          return lastRun ? <Typography.Text type="secondary">Updated {shownDate(lastRun)}</Typography.Text> : null;
        }}
        filters={
          <>
            <Form.Item name="role">
              <Select aria-label="Role" mode="multiple" placeholder="Role" allowClear style={{ minWidth: 180 }} options={roleOptions} optionFilterProp="label" />
            </Form.Item>
            <Form.Item name="status">
              <Select aria-label="Status" mode="multiple" placeholder="Status" allowClear style={{ minWidth: 150 }} options={STATUS_OPTIONS} />
            </Form.Item>
            {retailerLevel && (
              <Form.Item name="ibo_marketer_id">
                <TypeaheadSelect aria-label="IBO" route={ibos} search="client" placeholder="IBO" />
              </Form.Item>
            )}
            <Form.Item name="office_id">
              <TypeaheadSelect<OfficeOption> aria-label="Office" route={offices} toOption={officeOption} placeholder="Office" />
            </Form.Item>
            <Form.Item name="search_text">
              <Input placeholder="Keyword" allowClear />
            </Form.Item>
          </>
        }
        actions={
          <>
            {retailerLevel && (
              <Button type="primary" onClick={() => navigate('/addemployee', { state: { cameFrom } })}>
                Add User
              </Button>
            )}
          </>
        }
      />
      {transferring && <OfficeTransferDrawer agent={transferring} reload={[list]} onClose={() => setTransferring(undefined)} />}
    </>
  );
}
