import { agentStatuses } from '@portal/contracts/admin/admin.codes';
import type { OfficeOption } from '@portal/contracts/inventory/inventory.views';
import { AGENT_REDIRECT_KEYS, type AgentRedirectKey, ONBOARDING_MESSAGES } from '@portal/contracts/onboarding/onboarding.schemas';
import { Form, type FormRule, Input, Select, Tag } from 'antd';
import { officeOption } from '../../app/format';
import DateRangeFilter from '../../app/report/DateRangeFilter';
import { type ReportRequest, nonEmptyValues } from '../../app/report/ReportPage';
import TypeaheadSelect from '../../app/report/TypeaheadSelect';
import { AGENT_BAND_NAMES, AGENT_ROUTES } from './agent-routes';

const START = 'date_range_start';
const END = 'date_range_end';
/** The form item that says the created dates go together; not a query parameter. */
const BOTH_DATES = 'created_dates';

/** Status: Active (1) or Inactive (0), contracts' agentStatuses. */
export const AGENT_STATUS_OPTIONS = agentStatuses.map((status) => ({ value: status.id, label: status.name }));
/** ETC Code (`telgoo_status`, ours): 1 the agent has an ETC code, 0 none. */
export const ETC_CODE_OPTIONS = [
  { value: 1, label: 'Has ETC code' },
  { value: 0, label: 'No ETC code' },
];

/** Created-from and created-to: both or neither (doc 3 §5, the same rule as the onboarding filter). */
const bothDatesOrNeither: FormRule = ({ getFieldValue }) => ({
  validator: async () => {
    if (!getFieldValue(START) !== !getFieldValue(END)) throw new Error(ONBOARDING_MESSAGES.bothDates);
  },
});

/** Holds no value of its own: its item shows the both-dates message beside the pickers. */
const NoControl = () => null;

const isRedirectKey = (value: string): value is AgentRedirectKey => (AGENT_REDIRECT_KEYS as readonly string[]).includes(value);

/** The dashboard slice a link opened the report with (`redirect_key`): a tag that can be dropped. */
function SliceTag({ value, onChange }: { value?: string; onChange?: (value: string | undefined) => void }) {
  if (!value) return null;
  return (
    <Tag closable color="blue" onClose={() => onChange?.(undefined)} style={{ marginTop: 5 }}>
      Dashboard: {isRedirectKey(value) ? AGENT_BAND_NAMES[value] : value}
    </Tag>
  );
}

/** The filters a link opens the report with (the dashboard pie's slices: `?redirect_key=active_agent`); a key the server does not know is left out. */
export function agentLinkValues(search: URLSearchParams): Record<string, unknown> | undefined {
  const key = search.get('redirect_key')?.trim();
  return key && isRedirectKey(key) ? { redirect_key: key } : undefined;
}

/** The form's values as the report's query: the both-dates item left out, the empty ones too. */
export function agentRequest(values: Record<string, unknown>): ReportRequest {
  return nonEmptyValues(Object.fromEntries(Object.entries(values).filter(([name]) => name !== BOTH_DATES)));
}

/**
 * The Agent Summary's filters (doc 3 §2, §7): Keyword, Status, ETC Code (`telgoo_status`), Created
 * From / To (MM-DD-YYYY, no future day, both or neither), Office (type-ahead), IBO/Market (role
 * 12), and the dashboard slice it was opened from, when it was (`redirect_key`, a tag that can be
 * dropped).
 */
export default function AgentFilters({ retailerLevel, fromSlice }: { retailerLevel: boolean; fromSlice: boolean }) {
  return (
    <>
      <Form.Item name="keyword">
        <Input placeholder="Keyword" allowClear />
      </Form.Item>
      <Form.Item name="status">
        <Select aria-label="Status" placeholder="Status" allowClear style={{ minWidth: 130 }} options={AGENT_STATUS_OPTIONS} />
      </Form.Item>
      <Form.Item name="telgoo_status">
        <Select aria-label="ETC Code" placeholder="ETC Code" allowClear style={{ minWidth: 150 }} options={ETC_CODE_OPTIONS} />
      </Form.Item>
      <DateRangeFilter startPlaceholder="Created From" endPlaceholder="Created To" />
      <Form.Item name={BOTH_DATES} dependencies={[START, END]} rules={[bothDatesOrNeither]}>
        <NoControl />
      </Form.Item>
      <Form.Item name="office_id">
        <TypeaheadSelect<OfficeOption> aria-label="Office" route={AGENT_ROUTES.offices} toOption={officeOption} placeholder="Office" />
      </Form.Item>
      {retailerLevel && (
        <Form.Item name="ibo_marketer_id">
          <TypeaheadSelect aria-label="IBO/Market" route={AGENT_ROUTES.iboMarkets} search="client" placeholder="IBO/Market" />
        </Form.Item>
      )}
      {fromSlice && (
        <Form.Item name="redirect_key">
          <SliceTag />
        </Form.Item>
      )}
    </>
  );
}
