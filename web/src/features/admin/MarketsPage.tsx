import type { MarketRow } from '@portal/contracts/admin/admin.views';
import { Button, Form, Input, Space } from 'antd';
import type { ColumnsType } from 'antd/es/table/interface';
import { useMemo, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { route } from '../../app/api-client';
import ReportPage from '../../app/report/ReportPage';
import TypeaheadSelect from '../../app/report/TypeaheadSelect';
import { useSession } from '../../app/session-context';
import ActionButton from '../../app/widgets/ActionButton';
import { UNIT_MESSAGES, type UnitStatus, unitsView } from './unit-choices';
import { chainColumns, createdColumn, peopleColumn, statusColumn, useStatusToggle } from './unit-columns';
import { useUnitDocumentActions } from './UnitDocumentActions';

const list = route('GET', '/api/v1/ibo_marketers');
const action = route('POST', '/api/v1/ibo_marketers/action/:id');
const ibos = route('GET', '/api/v1/reference/ibo_marketers');
/** A market's status and name show in the lookups the other screens read. */
const alsoChanged = [ibos];

/**
 * The IBO/Market list (/marketers, doc 3 §2, §4, §7 IBOs/Markets): role 12 and the super role.
 * Filters: IBO/Market, keyword, and the Status column's filter (Active 1, Inactive 0). Columns:
 * Master, Distributor, Retailer (super role only), IBOs/Markets (its name opens Edit IBO/Market),
 * Manager tags, Created At, Status, Form (the form sent to the market: its status, and
 * Accept/Reject once completed), Action — Edit, which the spec keeps disabled, and Activate /
 * Deactivate after a confirmation. Search, Clear, Refresh, Export Report, Add IBO/Market, and Send
 * Document while rows with no form are selected (UnitDocumentActions).
 */
export default function MarketsPage() {
  const { user } = useSession();
  const viewer = useMemo(() => user?.role_id ?? [], [user]);
  const navigate = useNavigate();
  const location = useLocation();
  const cameFrom = `${location.pathname}${location.search}`;
  const [status, setStatus] = useState<UnitStatus>();
  const toggle = useStatusToggle('market', action, [list, ...alsoChanged]);
  const documents = useUnitDocumentActions<MarketRow>({ kind: 'ibo_marketer', list, nameOf: (row) => row.name });

  const columns: ColumnsType<MarketRow> = [
    ...(unitsView.seesChain(viewer) ? chainColumns<MarketRow>(true) : []),
    {
      title: 'IBOs/Markets',
      dataIndex: 'name',
      key: 'name',
      width: 200,
      sorter: true,
      render: (name: string, row) => (
        <Link to="/editmarketers" state={{ market: row, cameFrom }}>
          {name}
        </Link>
      ),
    },
    peopleColumn<MarketRow>('Manager', 'managers', (row) => row.get_manager_info, 240),
    createdColumn<MarketRow>('Created At'),
    statusColumn<MarketRow>(status, setStatus),
    documents.formColumn,
    {
      title: 'Action',
      key: 'action',
      width: 190,
      fixed: 'right',
      render: (_value, row) => (
        <Space>
          <ActionButton size="small" aria-label={`Edit ${row.name}`} blockedBecause={UNIT_MESSAGES.marketEditBlocked}>
            Edit
          </ActionButton>
          {toggle(row, row.name)}
        </Space>
      ),
    },
  ];

  return (
    <>
      <ReportPage<MarketRow>
        title="IBOs/Markets"
        list={list}
        exportRoute={route('GET', '/api/v1/ibo_market_export')}
        rowKey="id"
        refreshable
        onClear={() => setStatus(undefined)}
        columns={columns}
        identifyingColumn="name"
        fixedQuery={status === undefined ? undefined : { status }}
        selection={documents.selection}
        filters={
          <>
            {unitsView.picksMarket(viewer) && (
              <Form.Item name="ibo_marketer_id">
                <TypeaheadSelect aria-label="IBO/Market" route={ibos} search="client" placeholder="IBO/Market" />
              </Form.Item>
            )}
            <Form.Item name="search_text">
              <Input placeholder="Keyword" allowClear />
            </Form.Item>
          </>
        }
        actions={
          <>
            {unitsView.addsMarkets(viewer) && (
              <Button type="primary" onClick={() => navigate('/addmarketers', { state: { cameFrom } })}>
                Add IBO/Market
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
