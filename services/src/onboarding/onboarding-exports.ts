import { type AgentSummaryReportRow, type CandidateRow, type OnboardingSummaryColumnKey, inviteExpiryText, onboardingSummaryColumns } from '@portal/contracts';
import { type AgentSummaryFilters, type OnboardingSummaryFilters, agentSummaryReport, onboardingSummary } from '@portal/projections';
import { type CellValue, type ExportColumn, type ExportDefinition, formatExportDate } from '../exports/export-definition';
import { listExport } from '../exports/list-export';

/**
 * Whether the file has the IBO/Market column: as the caller's screen (contracts'
 * onboardingShowsIboMarket, from their roles when they asked). A file queued before the flag
 * existed had every column.
 */
interface IboMarketColumn {
  readonly with_ibo_market: boolean;
}
const withIboMarket = (filters: IboMarketColumn) => filters.with_ibo_market !== false;

export type OnboardingSummaryExportFilters = Omit<OnboardingSummaryFilters, 'page' | 'results'> & IboMarketColumn;
export type AgentSummaryExportFilters = Omit<AgentSummaryFilters, 'page' | 'results'> & IboMarketColumn;

/** Each Onboarding Summary column's cell in the file, by contracts' column key (the screen's columns, ONBOARDING_SUMMARY_COLUMNS). */
const SUMMARY_CELLS: Readonly<Record<OnboardingSummaryColumnKey, (row: CandidateRow) => CellValue>> = {
  email: (row) => row.email,
  first_name: (row) => row.first_name,
  middle_name: (row) => row.middle_name,
  last_name: (row) => row.last_name,
  mobile_number: (row) => row.mobile_number,
  ibo_market_name: (row) => row.ibo_market_name,
  office: (row) => `${row.office_name} (${row.office_number})`,
  role: (row) => row.role_name,
  // The screen shows a failed RAD ID link's PII issues under the status.
  status: (row) => (row.rad_pii_issue_names.length > 0 ? `${row.status_name} (${row.rad_pii_issue_names.map((issue) => issue.name).join('; ')})` : row.status_name),
  onboarding_source: (row) => row.onboarding_source_name,
  field_enrollment: (row) => (row.will_add_enrollments === 1 ? 'Yes' : 'No'),
  rad_id: (row) => row.rad_id,
  etc_code: (row) => row.telgoo_id,
  masked_ssn_number: (row) => row.masked_ssn_number,
  address: (row) => [row.street_address1, row.street_address2].filter(Boolean).join(', ') || null,
  city: (row) => row.city,
  state: (row) => row.state,
  zip: (row) => row.zip,
  shirt_size: (row) => row.shirt_size,
  course_one: (row) => row.course_one,
  course_two: (row) => row.course_two,
  course_three: (row) => row.course_three,
  course_four: (row) => row.course_four,
  course_five: (row) => row.course_five,
  course_six: (row) => row.course_six,
  course_seven: (row) => row.course_seven,
  course_eight: (row) => row.course_eight,
  course_nine: (row) => row.course_nine,
  course_ten: (row) => row.course_ten,
  invite_expires: (row) => inviteExpiryText(row, (iso) => formatExportDate(iso) ?? ''),
  updated_by: (row) => row.updated_by_name ?? row.last_updated_by_name,
  updated_at: (row) => formatExportDate(row.updated_at),
  created_at: (row) => formatExportDate(row.created_at),
};

/** The file's columns: the screen's (contracts' onboardingSummaryColumns). */
const summaryColumns = (iboMarket: boolean): ExportColumn<CandidateRow>[] =>
  onboardingSummaryColumns(iboMarket).map((column) => ({ heading: column.title, value: SUMMARY_CELLS[column.key] }));

/** The Onboarding Summary as a file (onboarding_summary_export): the screen's rows through its own query, and the caller's screen's columns. */
export const onboardingSummaryExport: ExportDefinition<CandidateRow, OnboardingSummaryExportFilters> = {
  ...listExport<CandidateRow, OnboardingSummaryExportFilters>('onboarding-summary', summaryColumns(true), (db, scope, filters) => onboardingSummary(db, scope, filters)),
  columnsFor: (filters) => summaryColumns(withIboMarket(filters)),
};

/** The Agent Summary's columns in the screen's order (its documents' links stay on the screen); IBO/Market is for the retailer level. */
const AGENT_COLUMNS: readonly (ExportColumn<AgentSummaryReportRow> & { readonly iboMarket?: true })[] = [
  { heading: 'RAD ID', value: (row) => row.rad },
  { heading: 'IBO/Market', value: (row) => row.user_ibo_market_name, iboMarket: true },
  { heading: 'Office', value: (row) => row.office_number },
  { heading: 'First Name', value: (row) => row.first_name },
  { heading: 'Middle Name', value: (row) => row.middle_name },
  { heading: 'Last Name', value: (row) => row.last_name },
  { heading: 'Mobile Number', value: (row) => row.mobile_number },
  { heading: 'E-mail', value: (row) => row.email },
  { heading: 'ETC Code', value: (row) => row.excess_code },
  { heading: 'Address', value: (row) => row.address },
  { heading: 'City', value: (row) => row.city },
  { heading: 'State', value: (row) => row.state },
  { heading: 'ZIP', value: (row) => row.zip },
  { heading: 'Last Activation', value: (row) => formatExportDate(row.last_activation_date) },
  { heading: 'Updated At', value: (row) => formatExportDate(row.updated_at) },
  { heading: 'Created At', value: (row) => formatExportDate(row.created_at) },
  { heading: 'Status', value: (row) => row.status_text },
];

/** The Agent Summary as a file (agent_export): the screen's rows through its own query, and the screen's columns for its reader. */
export const agentSummaryExport: ExportDefinition<AgentSummaryReportRow, AgentSummaryExportFilters> = {
  ...listExport<AgentSummaryReportRow, AgentSummaryExportFilters>('agent-summary', AGENT_COLUMNS, (db, scope, filters) => agentSummaryReport(db, scope, filters)),
  columnsFor: (filters) => AGENT_COLUMNS.filter((column) => !column.iboMarket || withIboMarket(filters)),
};

/** Onboarding's exports, for the export registry. */
export const ONBOARDING_EXPORTS = [onboardingSummaryExport, agentSummaryExport] as const;
