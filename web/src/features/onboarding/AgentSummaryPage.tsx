import type { AgentSummaryReportRow } from '@portal/contracts/onboarding/onboarding.views';
import type { ColumnType, ColumnsType } from 'antd/es/table/interface';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import ReportPage from '../../app/report/ReportPage';
import { useSession } from '../../app/session-context';
import ActionButton from '../../app/widgets/ActionButton';
import { agentColumns } from './agent-columns';
import AgentCommentsModal from './agent-comments-modal';
import AgentFilters, { agentLinkValues, agentRequest } from './agent-filters';
import { AGENT_ROUTES } from './agent-routes';
import { candidateName } from './candidate-routes';
import { onboardingView } from './onboarding-choices';

/** The screen's own words (ours: the spec gives none). */
export const AGENT_TEXTS = {
  noComments: 'This agent has no onboarding comments.',
} as const;

/**
 * Agent Summary (/agentreport, doc 3 §2, §3 agent summary row, §7): the agents in scope, the total
 * in the title, paged and sorted on the server (`sort_key`, `sort`), Refresh and Export Report
 * (agent_export). Filters in ./agent-filters; a dashboard slice opens it with `?redirect_key=…`
 * (doc 1 §2.4), shown as a tag that can be dropped. The IBO/Market column and filter are for role
 * 12 (and 1). Status 1 green, any other orange with its text. Per row: View Comments, the comments
 * of the candidate the agent was (read only).
 */
export default function AgentSummaryPage() {
  const { user } = useSession();
  const viewer = useMemo(() => user?.role_id ?? [], [user]);
  const retailerLevel = onboardingView.retailerLevel(viewer);
  const [searchParams] = useSearchParams();
  const linkKey = searchParams.toString();
  const initialValues = useMemo(() => agentLinkValues(new URLSearchParams(linkKey)), [linkKey]);
  const [opened, setOpened] = useState<AgentSummaryReportRow>();

  const columns = useMemo(() => {
    const actions: ColumnType<AgentSummaryReportRow> = {
      title: 'Action',
      key: 'action',
      width: 150,
      fixed: 'right',
      render: (_value, agent) => (
        <ActionButton size="small" aria-label={`View Comments ${candidateName(agent)}`} blockedBecause={agent.comments_exists === 0 && AGENT_TEXTS.noComments} onClick={() => setOpened(agent)}>
          View Comments
        </ActionButton>
      ),
    };
    const c = agentColumns;
    const shown: ColumnsType<AgentSummaryReportRow> = [
      c.radId,
      ...(retailerLevel ? [c.iboMarket] : []),
      c.office,
      c.firstName,
      c.middleName,
      c.lastName,
      c.mobile,
      c.email,
      c.etcCode,
      c.address,
      c.city,
      c.state,
      c.zip,
      c.lastActivation,
      c.updatedAt,
      c.createdAt,
      c.documents,
      c.status,
      actions,
    ];
    return shown;
  }, [retailerLevel]);
  // As wide as its columns: the table scrolls sideways within them.
  const tableWidth = columns.reduce((sum, column) => sum + Number(column.width ?? 0), 0);

  return (
    <>
      <ReportPage<AgentSummaryReportRow>
        // Another link (a dashboard slice) opens the report afresh.
        key={linkKey}
        title="Agent Summary"
        titleTotal
        list={AGENT_ROUTES.report}
        exportRoute={AGENT_ROUTES.export}
        sortParam="sort_key"
        rowKey="id"
        identifyingColumn="email"
        refreshable
        tableWidth={tableWidth}
        columns={columns}
        initialValues={initialValues}
        toRequest={agentRequest}
        filters={<AgentFilters retailerLevel={retailerLevel} fromSlice={initialValues?.redirect_key !== undefined} />}
      />
      {opened && <AgentCommentsModal agent={opened} onClose={() => setOpened(undefined)} />}
    </>
  );
}
