import type { AgentSummaryReportRow, CandidateRow } from '@portal/contracts';
import { type AgentSummaryFilters, type OnboardingSummaryFilters, agentSummaryReport, onboardingSummary } from '@portal/projections';
import { formatExportDate } from '../exports/export-definition';
import { listExport } from '../exports/list-export';

/** The Onboarding Summary as a file (onboarding_summary_export): the screen's rows, through its own query. */
export const onboardingSummaryExport = listExport<CandidateRow, Omit<OnboardingSummaryFilters, 'page' | 'results'>>(
  'onboarding-summary',
  [
    { heading: 'First Name', value: (row) => row.first_name },
    { heading: 'Middle Name', value: (row) => row.middle_name },
    { heading: 'Last Name', value: (row) => row.last_name },
    { heading: 'E-mail', value: (row) => row.email },
    { heading: 'Mobile Number', value: (row) => row.mobile_number },
    { heading: 'IBOs/Markets', value: (row) => row.ibo_market_name },
    { heading: 'Office', value: (row) => `${row.office_name} (${row.office_number})` },
    { heading: 'Role', value: (row) => row.role_name },
    { heading: 'Status', value: (row) => row.status_name },
    { heading: 'RAD PII Issues', value: (row) => row.rad_pii_issue_names.map((issue) => issue.name).join('; ') },
    { heading: 'Onboarding Source', value: (row) => row.onboarding_source_name },
    { heading: 'Field Enrollment', value: (row) => (row.will_add_enrollments === 1 ? 'Yes' : 'No') },
    { heading: 'RAD ID', value: (row) => row.rad_id },
    { heading: 'ETC Code', value: (row) => row.telgoo_id },
    { heading: 'Invite Expires', value: (row) => formatExportDate(row.invite_expires_at) },
    { heading: 'Updated By', value: (row) => row.last_updated_by_name },
    { heading: 'Updated At', value: (row) => formatExportDate(row.updated_at) },
    { heading: 'Created At', value: (row) => formatExportDate(row.created_at) },
  ],
  (db, scope, filters) => onboardingSummary(db, scope, filters),
);

/** The Agent Summary as a file (agent_export): the screen's rows, through its own query. */
export const agentSummaryExport = listExport<AgentSummaryReportRow, Omit<AgentSummaryFilters, 'page' | 'results'>>(
  'agent-summary',
  [
    { heading: 'RAD ID', value: (row) => row.rad },
    { heading: 'IBOs/Markets', value: (row) => row.user_ibo_market_name },
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
    { heading: 'Status', value: (row) => row.status_text },
    { heading: 'Updated At', value: (row) => formatExportDate(row.updated_at) },
    { heading: 'Created At', value: (row) => formatExportDate(row.created_at) },
  ],
  (db, scope, filters) => agentSummaryReport(db, scope, filters),
);

/** Onboarding's exports, for the export registry. */
export const ONBOARDING_EXPORTS = [onboardingSummaryExport, agentSummaryExport] as const;
