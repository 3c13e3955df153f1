import type { ONBOARDING_SORT_KEYS } from '@portal/contracts/onboarding/onboarding.schemas';
import { type CandidateRow, type OnboardingSummaryColumnKey, onboardingSummaryColumns } from '@portal/contracts/onboarding/onboarding.views';
import { inviteExpiryText } from '@portal/contracts/onboarding/onboarding.stages';
import { Tag, Typography } from 'antd';
import type { ColumnType } from 'antd/es/table/interface';
import { SCREEN_ROLES, holdsAny } from '../../app/access';
import { officeLabel, shownDate, shownText } from '../../app/format';
import { stageColor } from './onboarding-choices';

type CandidateColumn = ColumnType<CandidateRow>;
type SortKey = (typeof ONBOARDING_SORT_KEYS)[number];

/** A column the server sorts: its key goes as `sort_key` (contracts' ONBOARDING_SORT_KEYS), by ReportPage's `sortParam`. */
const sortedBy = (key: SortKey) => ({ key, sorter: true });

/** A plain text column of one field of the row (its title from contracts' column list). */
const text = (field: keyof CandidateRow & string, width: number, sort?: SortKey): Omit<CandidateColumn, 'title'> => ({
  dataIndex: field,
  key: field,
  width,
  ...(sort && sortedBy(sort)),
  render: (value: unknown) => shownText(value),
});

/** The status tag, and under it the RAD PII issues a failed RAD ID link found. */
function StatusCell({ row }: { row: CandidateRow }) {
  return (
    <>
      <Tag color={stageColor(row.status)}>{row.status_name}</Tag>
      {row.rad_pii_issue_names.length > 0 && (
        <Typography.Text type="danger" style={{ display: 'block', fontSize: 12 }}>
          {row.rad_pii_issue_names.map((issue) => issue.name).join(', ')}
        </Typography.Text>
      )}
    </>
  );
}

const street = (row: CandidateRow) => [row.street_address1, row.street_address2].filter(Boolean).join(', ') || '—';

/**
 * Each column of the Onboarding Summary by contracts' key (ONBOARDING_SUMMARY_COLUMNS gives their
 * titles and order, which the export follows too). The first ones are as narrow as their contents
 * allow: at 1366 px the e-mail and five more stay in view beside the Actions menu.
 */
const COLUMNS: Record<OnboardingSummaryColumnKey, Omit<CandidateColumn, 'title'>> = {
  email: text('email', 220, 'email'),
  first_name: text('first_name', 120, 'first_name'),
  middle_name: text('middle_name', 110),
  last_name: text('last_name', 120, 'last_name'),
  mobile_number: text('mobile_number', 120),
  ibo_market_name: text('ibo_market_name', 150),
  office: { dataIndex: 'office_name', width: 200, ...sortedBy('office_name'), render: (_name: string, row) => officeLabel(row) },
  role: text('role_name', 150),
  status: { dataIndex: 'status_name', width: 200, ...sortedBy('status'), render: (_name: string, row) => <StatusCell row={row} /> },
  onboarding_source: text('onboarding_source_name', 160),
  field_enrollment: { dataIndex: 'will_add_enrollments', key: 'will_add_enrollments', width: 130, render: (value: number) => (value === 1 ? 'Yes' : 'No') },
  rad_id: text('rad_id', 110),
  etc_code: text('telgoo_id', 120),
  masked_ssn_number: text('masked_ssn_number', 130),
  address: { key: 'address', width: 260, render: (_value: unknown, row) => street(row) },
  city: text('city', 140),
  state: text('state', 80),
  zip: text('zip', 90),
  shirt_size: text('shirt_size', 100),
  course_one: text('course_one', 110),
  course_two: text('course_two', 110),
  course_three: text('course_three', 110),
  course_four: text('course_four', 110),
  course_five: text('course_five', 110),
  course_six: text('course_six', 110),
  course_seven: text('course_seven', 110),
  course_eight: text('course_eight', 110),
  course_nine: text('course_nine', 110),
  course_ten: text('course_ten', 110),
  // What is true of the invite: its last day while it can expire, "Expired …" once it has, nothing once the profile is complete.
  invite_expires: { key: 'invite_expires_at', width: 160, render: (_value: unknown, row) => inviteExpiryText(row, shownDate) ?? '—' },
  updated_by: { key: 'updated_by_name', width: 160, render: (_value: unknown, row) => shownText(row.updated_by_name ?? row.last_updated_by_name) },
  updated_at: { dataIndex: 'updated_at', width: 130, ...sortedBy('updated_at'), render: (at: string) => shownDate(at) },
  created_at: { dataIndex: 'created_at', width: 130, ...sortedBy('created_at'), render: (at: string) => shownDate(at) },
};

/**
 * The columns of the Onboarding Summary a reader sees (doc 3 §2, §3 candidate row), in contracts'
 * order and words — the IBOs/Markets column with `iboMarket` (role 12) —, but the actions.
 */
export const candidateColumns = (iboMarket: boolean): CandidateColumn[] =>
  onboardingSummaryColumns(iboMarket).map((column) => ({ key: column.key, ...COLUMNS[column.key], title: column.title }) as CandidateColumn);

/** Edit Candidate (/editagent) is for roles 11 and 12 (doc 3 §2; role 1 reaches what they do): the roles its route opens to. */
export const editsCandidates = (viewer: readonly number[]) => holdsAny(viewer, SCREEN_ROLES.iboAndRetailerManagers);
