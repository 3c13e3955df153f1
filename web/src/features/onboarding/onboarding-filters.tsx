import type { OfficeOption } from '@portal/contracts/inventory/inventory.views';
import { ONBOARDING_MESSAGES } from '@portal/contracts/onboarding/onboarding.schemas';
import { Form, type FormRule, Input, Select, Tag } from 'antd';
import { officeOption } from '../../app/format';
import DateRangeFilter from '../../app/report/DateRangeFilter';
import { type ReportRequest, nonEmptyValues } from '../../app/report/ReportPage';
import TypeaheadSelect from '../../app/report/TypeaheadSelect';
import { CANDIDATE_ROUTES } from './candidate-routes';
import { ROLE_FILTER_OPTIONS, SOURCE_OPTIONS, STATUS_OPTIONS, redirectKeyName } from './onboarding-choices';

const START = 'date_range_start';
const END = 'date_range_end';
/** The form item that says the created dates go together; not a query parameter. */
const BOTH_DATES = 'created_dates';

/** Created-from and created-to: both or neither (doc 3 §5 Onboarding filter). */
const bothDatesOrNeither: FormRule = ({ getFieldValue }) => ({
  validator: async () => {
    if (!getFieldValue(START) !== !getFieldValue(END)) throw new Error(ONBOARDING_MESSAGES.bothDates);
  },
});

/** Holds no value of its own: its item shows the both-dates message beside the pickers. */
const NoControl = () => null;

/** A filter a dashboard link opened the report with and no field shows (`redirect_key`, `rad_pii_issue`): a tag that can be dropped. */
function LinkTag({ value, onChange, describe }: { value?: string; onChange?: (value: string | undefined) => void; describe: (value: string) => string }) {
  if (!value) return null;
  return (
    <Tag closable color="blue" onClose={() => onChange?.(undefined)} style={{ marginTop: 5 }}>
      Dashboard: {describe(value)}
    </Tag>
  );
}

/** The link filters no field shows, and how their tags name them. */
export const LINK_FILTERS = {
  redirect_key: redirectKeyName,
  rad_pii_issue: () => 'RAD Link Failed',
} as const;
export type LinkFilter = keyof typeof LINK_FILTERS;

/** The form's values as the summary's query: the multi-select comma-joined (`status=1,13`), the both-dates item left out. */
export function summaryRequest(values: Record<string, unknown>): ReportRequest {
  const query = Object.fromEntries(
    Object.entries(values)
      .filter(([name]) => name !== BOTH_DATES)
      .map(([name, value]) => [name, Array.isArray(value) ? value.join(',') : value]),
  );
  return nonEmptyValues(query);
}

/**
 * The Onboarding Summary's filters (doc 3 §2, §5): Keyword, Status (multi-select), Office
 * (type-ahead), Created From / To (MM-DD-YYYY, no future day, both or neither), Onboarding Source,
 * Role, and Search IBO for role 12; the dashboard entry it was opened from, when it was
 * (`redirect_key`, `rad_pii_issue`: tags that can be dropped).
 */
export default function OnboardingFilters({ retailerLevel, linkFilters }: { retailerLevel: boolean; linkFilters: readonly LinkFilter[] }) {
  return (
    <>
      <Form.Item name="keyword">
        <Input placeholder="Keyword" allowClear />
      </Form.Item>
      <Form.Item name="status">
        <Select aria-label="Status" mode="multiple" placeholder="Status" allowClear style={{ minWidth: 180 }} options={STATUS_OPTIONS} optionFilterProp="label" />
      </Form.Item>
      <Form.Item name="office_id">
        <TypeaheadSelect<OfficeOption> aria-label="Office" route={CANDIDATE_ROUTES.offices} toOption={officeOption} placeholder="Office" />
      </Form.Item>
      <DateRangeFilter startPlaceholder="Created From" endPlaceholder="Created To" />
      <Form.Item name={BOTH_DATES} dependencies={[START, END]} rules={[bothDatesOrNeither]}>
        <NoControl />
      </Form.Item>
      <Form.Item name="onboarding_source">
        <Select aria-label="Onboarding Source" placeholder="Onboarding Source" allowClear style={{ minWidth: 170 }} options={SOURCE_OPTIONS} />
      </Form.Item>
      <Form.Item name="role_id">
        <Select aria-label="Role" placeholder="Role" allowClear style={{ minWidth: 150 }} options={ROLE_FILTER_OPTIONS} />
      </Form.Item>
      {retailerLevel && (
        <Form.Item name="ibo_marketer_id">
          <TypeaheadSelect aria-label="Search IBO" route={CANDIDATE_ROUTES.iboMarkets} search="client" placeholder="Search IBO" />
        </Form.Item>
      )}
      {linkFilters.map((name) => (
        <Form.Item key={name} name={name}>
          <LinkTag describe={LINK_FILTERS[name]} />
        </Form.Item>
      ))}
    </>
  );
}
