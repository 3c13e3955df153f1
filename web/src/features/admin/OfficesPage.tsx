import type { OfficeOption } from '@portal/contracts/inventory/inventory.views';
import { Button, Form, Input, Select, Space } from 'antd';
import type { ColumnsType } from 'antd/es/table/interface';
import { useMemo, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { can } from '../../app/access';
import { route } from '../../app/api-client';
import { officeLabel, officeOption, shownText } from '../../app/format';
import ReportPage from '../../app/report/ReportPage';
import TypeaheadSelect from '../../app/report/TypeaheadSelect';
import { useSession } from '../../app/session-context';
import type { OfficeRow } from '@portal/contracts/admin/admin.views';
import { SEND_INVITE_OPTIONS, type UnitStatus, unitsView } from './unit-choices';
import { chainColumns, createdColumn, peopleColumn, statusColumn, useStatusToggle } from './unit-columns';
import { useUnitDocumentActions } from './UnitDocumentActions';

const list = route('GET', '/api/v1/offices');
const action = route('POST', '/api/v1/offices/action/:id');
const ibos = route('GET', '/api/v1/reference/ibo_marketers');
const offices = route('GET', '/api/v1/reference/offices');

/**
 * The Office list (/offices, doc 3 §2, §4, §7 Offices): the offices in the caller's scope.
 * Filters: IBOs/Markets (role 12 and 1), Office (type-ahead from 2 characters), Send Invite
 * (Yes 1 / No 0: `lifeline_status`), Keyword, and the Status column's filter. Columns: Master,
 * Distributor, Retailer (super role only), IBOs/Markets, Office, IBOs/Manager, Office Manager,
 * Office Add-on Manager, Created Date, Status, Action — Edit (→ /editoffice with the office) and
 * Activate / Deactivate after a confirmation; the super role neither edits nor acts on offices,
 * so it has no Action column (doc 3 §6). About 1800 px wide: the table scrolls sideways.
 * Form (the form sent to the office: its status, and Accept/Reject once completed) sits before
 * Action. Search, Clear, Refresh, Export Report, Add Office, and Send Document while rows with no
 * form are selected (UnitDocumentActions).
 */
export default function OfficesPage() {
  const { user } = useSession();
  const viewer = useMemo(() => user?.role_id ?? [], [user]);
  const navigate = useNavigate();
  const location = useLocation();
  const cameFrom = `${location.pathname}${location.search}`;
  const [status, setStatus] = useState<UnitStatus>();
  const toggle = useStatusToggle('office', action, [list, offices]);
  const documents = useUnitDocumentActions<OfficeRow>({ kind: 'office', list, nameOf: officeLabel });

  const columns: ColumnsType<OfficeRow> = [
    ...(unitsView.seesChain(viewer) ? chainColumns<OfficeRow>(false) : []),
    { title: 'IBOs/Markets', dataIndex: 'ibo_marketer_name', key: 'ibo_marketer_name', width: 180, sorter: true, render: (value: unknown) => shownText(value) },
    { title: 'Office', dataIndex: 'name', key: 'name', width: 200, sorter: true, render: (_value, row) => officeLabel(row) },
    peopleColumn<OfficeRow>('IBOs/Manager', 'ibo_managers', (row) => row.get_ibo_manager_info, 200),
    peopleColumn<OfficeRow>('Office Manager', 'managers', (row) => row.get_manager_info, 200),
    peopleColumn<OfficeRow>('Office Add-on Manager', 'supervisors', (row) => row.get_supervisor_info, 220),
    createdColumn<OfficeRow>('Created Date'),
    statusColumn<OfficeRow>(status, setStatus),
    documents.formColumn,
    ...(unitsView.actsOnOffices(viewer)
      ? [
          {
            title: 'Action',
            key: 'action',
            width: 190,
            fixed: 'right' as const,
            render: (_value: unknown, row: OfficeRow) => (
              <Space>
                <Link to="/editoffice" state={{ office: row, cameFrom }} aria-label={`Edit ${officeLabel(row)}`}>
                  Edit
                </Link>
                {toggle(row, officeLabel(row))}
              </Space>
            ),
          },
        ]
      : []),
  ];

  return (
    <>
      <ReportPage<OfficeRow>
        title="Offices"
        list={list}
        exportRoute={route('GET', '/api/v1/office_export')}
        rowKey="id"
        refreshable
        tableWidth={1800}
        onClear={() => setStatus(undefined)}
        columns={columns}
        identifyingColumn="name"
        fixedQuery={status === undefined ? undefined : { status }}
        selection={documents.selection}
        filters={
          <>
            {can.filterOfficesByIboMarket(viewer) && (
              <Form.Item name="ibo_marketer_id">
                <TypeaheadSelect aria-label="IBOs/Markets" route={ibos} search="client" placeholder="IBOs/Markets" />
              </Form.Item>
            )}
            <Form.Item name="office_id">
              <TypeaheadSelect<OfficeOption> aria-label="Office" route={offices} toOption={officeOption} placeholder="Office" />
            </Form.Item>
            <Form.Item name="lifeline_status">
              <Select aria-label="Send Invite" placeholder="Send Invite" allowClear style={{ width: 140 }} options={SEND_INVITE_OPTIONS} />
            </Form.Item>
            <Form.Item name="search_text">
              <Input placeholder="Keyword" allowClear />
            </Form.Item>
          </>
        }
        actions={
          <>
            {unitsView.addsOffices(viewer) && (
              <Button type="primary" onClick={() => navigate('/addoffice', { state: { cameFrom } })}>
                Add Office
              </Button>
            )}
            {documents.sendButton}
          </>
        }
      />
      {documents.reviewModal}
    </>
  );
}
