import type { AGENT_SORT_KEYS } from '@portal/contracts/onboarding/onboarding.schemas';
import type { AgentSummaryReportRow } from '@portal/contracts/onboarding/onboarding.views';
import { Space, Tag } from 'antd';
import type { ColumnType } from 'antd/es/table/interface';
import { shownDate, shownText } from '../../app/format';

type AgentColumn = ColumnType<AgentSummaryReportRow>;
type SortKey = (typeof AGENT_SORT_KEYS)[number];

/** The agent status shown green (doc 3 §2, §4: status 1); every other orange, with its status_text. */
export const AGENT_ACTIVE = 1;
export const agentStatusColor = (status: number): string => (status === AGENT_ACTIVE ? 'green' : 'orange');

/** The onboarding files an agent's row links to. */
const DOCUMENT_LINKS = [
  { field: 'photo_copy_url', label: 'Photo copy' },
  { field: 'government_document_url', label: 'Government document' },
  { field: 'candidate_signed_bgc_url', label: 'Background check consent' },
  { field: 'retailer_agent_agreement_url', label: 'Retailer agent agreement' },
] as const satisfies readonly { field: keyof AgentSummaryReportRow; label: string }[];

/** A column the server sorts: its key goes as `sort_key` (contracts' AGENT_SORT_KEYS), by ReportPage's `sortParam`. */
const sortedBy = (key: SortKey) => ({ key, sorter: true });

/** A plain text column of one field of the row. */
const text = (title: string, field: keyof AgentSummaryReportRow & string, width: number, sort?: SortKey): AgentColumn => ({
  title,
  dataIndex: field,
  key: field,
  width,
  ...(sort && sortedBy(sort)),
  render: (value: unknown) => shownText(value),
});

/** The columns of the Agent Summary (doc 3 §3 agent summary row), but the actions; the IBO/Market column is for role 12. */
export const agentColumns = {
  radId: text('RAD ID', 'rad', 110),
  iboMarket: text('IBO/Market', 'user_ibo_market_name', 180),
  office: text('Office', 'office_number', 120, 'office_number'),
  firstName: text('First Name', 'first_name', 140, 'first_name'),
  middleName: text('Middle Name', 'middle_name', 130),
  lastName: text('Last Name', 'last_name', 140, 'last_name'),
  mobile: text('Mobile Number', 'mobile_number', 140),
  email: text('E-mail', 'email', 240, 'email'),
  etcCode: text('ETC Code', 'excess_code', 130),
  address: text('Address', 'address', 240),
  city: text('City', 'city', 130),
  state: text('State', 'state', 80),
  zip: text('ZIP', 'zip', 90),
  lastActivation: { title: 'Last Activation', dataIndex: 'last_activation_date', key: 'last_activation_date', width: 140, render: (day: string | null) => shownDate(day) },
  updatedAt: { title: 'Updated At', dataIndex: 'updated_at', width: 130, ...sortedBy('updated_at'), render: (at: string) => shownDate(at) },
  createdAt: { title: 'Created At', dataIndex: 'created_at', width: 130, ...sortedBy('created_at'), render: (at: string) => shownDate(at) },
  // Nothing is lost on the way to an agent (docs/ONBOARDING.md): the candidate's files, by their signed links.
  documents: {
    title: 'Onboarding Documents',
    key: 'documents',
    width: 220,
    render: (_value: unknown, row) => {
      const links = DOCUMENT_LINKS.filter(({ field }) => row[field]);
      if (links.length === 0) return '—';
      return (
        <Space orientation="vertical" size={0}>
          {links.map(({ field, label }) => (
            <a key={field} href={row[field]!} target="_blank" rel="noopener noreferrer">
              {label}
            </a>
          ))}
        </Space>
      );
    },
  },
  status: {
    title: 'Status',
    dataIndex: 'status_text',
    width: 120,
    ...sortedBy('status'),
    render: (_text: string, row) => <Tag color={agentStatusColor(row.status)}>{row.status_text}</Tag>,
  },
} satisfies Record<string, AgentColumn>;
