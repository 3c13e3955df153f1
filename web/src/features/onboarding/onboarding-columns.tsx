import type { ONBOARDING_SORT_KEYS } from '@portal/contracts/onboarding/onboarding.schemas';
import type { CandidateRow } from '@portal/contracts/onboarding/onboarding.views';
import { STAGE } from '@portal/contracts/onboarding/onboarding.stages';
import { Tag, Typography } from 'antd';
import type { ColumnType } from 'antd/es/table/interface';
import { useLocation, useNavigate } from 'react-router-dom';
import { SCREEN_ROLES, holdsAny } from '../../app/access';
import { officeLabel, shownDate, shownText } from '../../app/format';
import { useSession } from '../../app/session-context';
import ActionButton from '../../app/widgets/ActionButton';
import { candidateName } from './candidate-routes';
import type { EditCandidateState } from './edit-candidate-form';
import { stageColor } from './onboarding-choices';

type CandidateColumn = ColumnType<CandidateRow>;
type SortKey = (typeof ONBOARDING_SORT_KEYS)[number];

/** A column the server sorts: its key goes as `sort_key` (contracts' ONBOARDING_SORT_KEYS), by ReportPage's `sortParam`. */
const sortedBy = (key: SortKey) => ({ key, sorter: true });

/** A plain text column of one field of the row. */
const text = (title: string, field: keyof CandidateRow & string, width: number, sort?: SortKey): CandidateColumn => ({
  title,
  dataIndex: field,
  key: field,
  width,
  ...(sort && sortedBy(sort)),
  render: (value: unknown) => shownText(value),
});

/**
 * The training courses, in the row's order (doc 3 §3: "course_one to course_ten (A01-A05, combo
 * training, A08-A10)"). Ten fields for nine names: A08-A10 are the eighth to tenth, so our reading
 * is that the sixth and seventh are the combo training's two parts.
 */
const COURSES: readonly [keyof CandidateRow & string, string][] = [
  ['course_one', 'A01'],
  ['course_two', 'A02'],
  ['course_three', 'A03'],
  ['course_four', 'A04'],
  ['course_five', 'A05'],
  ['course_six', 'Combo Training (A06)'],
  ['course_seven', 'Combo Training (A07)'],
  ['course_eight', 'A08'],
  ['course_nine', 'A09'],
  ['course_ten', 'A10'],
];

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

/** The columns of the Onboarding Summary (doc 3 §2, §3 candidate row), but the IBOs/Markets column (role 12) and the actions. */
export const candidateColumns = {
  firstName: text('First Name', 'first_name', 140, 'first_name'),
  middleName: text('Middle Name', 'middle_name', 130),
  lastName: text('Last Name', 'last_name', 140, 'last_name'),
  email: text('E-mail', 'email', 240, 'email'),
  mobile: text('Mobile Number', 'mobile_number', 140),
  iboMarket: text('IBOs/Markets', 'ibo_market_name', 180),
  office: { title: 'Office', dataIndex: 'office_name', width: 200, ...sortedBy('office_name'), render: (_name: string, row) => officeLabel(row) },
  role: text('Role', 'role_name', 150),
  status: { title: 'Status', dataIndex: 'status_name', width: 200, ...sortedBy('status'), render: (_name: string, row) => <StatusCell row={row} /> },
  source: text('Onboarding Source', 'onboarding_source_name', 160),
  fieldEnrollment: { title: 'Field Enrollment', dataIndex: 'will_add_enrollments', key: 'will_add_enrollments', width: 130, render: (value: number) => (value === 1 ? 'Yes' : 'No') },
  radId: text('RAD ID', 'rad_id', 110),
  etcCode: text('ETC Code', 'telgoo_id', 120),
  maskedSsn: text('Masked SSN', 'masked_ssn_number', 130),
  address: { title: 'Address', key: 'address', width: 260, render: (_value: unknown, row) => street(row) },
  city: text('City', 'city', 140),
  state: text('State', 'state', 80),
  zip: text('ZIP', 'zip', 90),
  shirtSize: text('Shirt Size', 'shirt_size', 100),
  courses: COURSES.map(([field, title]) => text(title, field, 110)),
  inviteExpires: { title: 'Invite Expires', dataIndex: 'invite_expires_at', key: 'invite_expires_at', width: 130, render: (at: string | null) => shownDate(at) },
  updatedBy: { title: 'Updated By', key: 'updated_by_name', width: 160, render: (_value: unknown, row) => shownText(row.updated_by_name ?? row.last_updated_by_name) },
  updatedAt: { title: 'Updated At', dataIndex: 'updated_at', width: 130, ...sortedBy('updated_at'), render: (at: string) => shownDate(at) },
  createdAt: { title: 'Created At', dataIndex: 'created_at', width: 130, ...sortedBy('created_at'), render: (at: string) => shownDate(at) },
} satisfies Record<string, CandidateColumn | CandidateColumn[]>;

/** Edit Candidate (/editagent) is for roles 11 and 12 (doc 3 §2; role 1 reaches what they do): the roles its route opens to. */
export const editsCandidates = (viewer: readonly number[]) => holdsAny(viewer, SCREEN_ROLES.iboAndRetailerManagers);

/** Why an onboarded candidate has no Edit (the server refuses it with 409: they are a user now). */
export const EDIT_ONBOARDED_REASON = 'The candidate is onboarded: edit them as a user (Administration > Users).';

/**
 * The row action 'Edit' (doc 3 §2 "edit candidate"), for roles 11 and 12 only (nothing for the
 * others): opens Edit Candidate with the row and the summary as it was in router state
 * (`{ candidate, cameFrom }`). Disabled, with its reason, once the candidate is onboarded.
 */
export function EditCandidateAction({ candidate }: { candidate: CandidateRow }) {
  const { user } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  if (!editsCandidates(user?.role_id ?? [])) return null;
  const state: EditCandidateState = { candidate, cameFrom: `${location.pathname}${location.search}` };
  return (
    <ActionButton
      size="small"
      aria-label={`Edit ${candidateName(candidate)}`}
      blockedBecause={candidate.status === STAGE.ONBOARDED && EDIT_ONBOARDED_REASON}
      onClick={() => navigate('/editagent', { state })}
    >
      Edit
    </ActionButton>
  );
}
