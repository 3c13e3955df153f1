import type { CandidateRow } from '@portal/contracts/onboarding/onboarding.views';
import { Modal } from 'antd';
import type { ColumnType, ColumnsType } from 'antd/es/table/interface';
import { useMemo, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { useRecordCommand } from '../../app/command';
import ReportPage from '../../app/report/ReportPage';
import { useSession } from '../../app/session-context';
import CandidateActions, { type CandidateAction } from './CandidateActions';
import CandidateCommentsModal from './CandidateCommentsModal';
import CandidateLogDrawer from './CandidateLogDrawer';
import { AFTER_CANDIDATE_COMMAND, CANDIDATE_ROUTES, candidateName } from './candidate-routes';
import CustomEmailDrawer from './CustomEmailDrawer';
import type { EditCandidateState } from './edit-candidate-form';
import MoveStageDrawer from './MoveStageDrawer';
import { ONBOARDING_TEXTS, onboardingView, statusesFromLink } from './onboarding-choices';
import { candidateColumns, editsCandidates } from './onboarding-columns';
import OnboardingFilters, { LINK_FILTERS, type LinkFilter, summaryRequest } from './onboarding-filters';

/** The spec's table width on onboarding (doc 3 §9). */
const TABLE_WIDTH = 4500;
/** The pinned Action column: one Actions menu, so rows stay one line high and the data keeps the room. */
const ACTION_WIDTH = 120;

/** What is open over the table for one candidate. */
type Opened = { kind: 'comments' | 'log' | 'email' | 'moveStage'; candidate: CandidateRow };

/**
 * The filters a link opens the report with, sent with the first call: `?status=13` (or a comma
 * list), `?redirect_key=rad_link_failed` or `?redirect_key=20` (doc 1 §2.4), `?rad_pii_issue=1`
 * (contracts' OnboardingSummaryItem: `status=23&rad_pii_issue=1`).
 */
function linkValues(search: URLSearchParams): Record<string, unknown> | undefined {
  const status = statusesFromLink(search.get('status'));
  const values: Record<string, unknown> = status.length > 0 ? { status } : {};
  for (const name of Object.keys(LINK_FILTERS) as LinkFilter[]) {
    const value = search.get(name)?.trim();
    if (value) values[name] = value;
  }
  // The dashboard's donut opens the report over its days (YYYY-MM-DD); the pickers hold MM-DD-YYYY.
  for (const name of ['date_range_start', 'date_range_end']) {
    const value = search.get(name)?.trim();
    if (value) values[name] = /^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value.slice(5, 7)}-${value.slice(8, 10)}-${value.slice(0, 4)}` : value;
  }
  return Object.keys(values).length > 0 ? values : undefined;
}

/**
 * Onboarding Summary (/onboardingreport, doc 3 §2, §4, §7): the candidates in scope, the total in
 * the title, 4500 px wide, paged and sorted on the server (`sort_key`, `sort`), answered under
 * `data` (the spec's shape). Filters in ./onboarding-filters; Refresh and Export Report. Per row one
 * Actions menu (./CandidateActions): View Comments (with Add comment), View Log, Resend Invite and
 * Delete Candidate (at invited, as contracts' candidateActions says), Email Reminder (otherwise),
 * SMS Reminder (disabled, with its reason, once onboarded), Custom E-mail (types that fit the
 * stage), Move Stage (roles 12 and 1, by hand) and Edit (roles 11 and 12). Every command shows the
 * server's message and reloads the list.
 */
export default function OnboardingSummaryPage() {
  const { user } = useSession();
  const viewer = useMemo(() => user?.role_id ?? [], [user]);
  const retailerLevel = onboardingView.retailerLevel(viewer);
  const [searchParams] = useSearchParams();
  const linkKey = searchParams.toString();
  const initialValues = useMemo(() => linkValues(new URLSearchParams(linkKey)), [linkKey]);
  const linkFilters = (Object.keys(LINK_FILTERS) as LinkFilter[]).filter((name) => initialValues?.[name] !== undefined);
  const [opened, setOpened] = useState<Opened>();
  const close = () => setOpened(undefined);
  const navigate = useNavigate();
  const location = useLocation();

  const resend = useRecordCommand(CANDIDATE_ROUTES.resendInvite, AFTER_CANDIDATE_COMMAND);
  const emailReminder = useRecordCommand(CANDIDATE_ROUTES.emailReminder, AFTER_CANDIDATE_COMMAND);
  const smsReminder = useRecordCommand(CANDIDATE_ROUTES.smsReminder, AFTER_CANDIDATE_COMMAND);
  const remove = useRecordCommand(CANDIDATE_ROUTES.remove, [CANDIDATE_ROUTES.summary]);
  const pendingFor = (id: string) => [resend, emailReminder, smsReminder, remove].some((command) => command.isPending && command.variables?.id === id);

  const confirmDelete = (candidate: CandidateRow) =>
    Modal.confirm({ title: ONBOARDING_TEXTS.deleteConfirm, content: candidateName(candidate), okText: 'Yes', cancelText: 'No', onOk: () => remove.mutate({ id: candidate.id }) });

  const act = (action: CandidateAction, candidate: CandidateRow): void => {
    if (action === 'comments' || action === 'log' || action === 'moveStage') setOpened({ kind: action, candidate });
    else if (action === 'customEmail') setOpened({ kind: 'email', candidate });
    else if (action === 'resendInvite') resend.mutate({ id: candidate.id });
    else if (action === 'emailReminder') emailReminder.mutate({ id: candidate.id });
    else if (action === 'smsReminder') smsReminder.mutate({ id: candidate.id });
    else if (action === 'delete') confirmDelete(candidate);
    else {
      // Edit Candidate gets the row and the summary as it was (to come back to).
      const state: EditCandidateState = { candidate, cameFrom: `${location.pathname}${location.search}` };
      navigate('/editagent', { state });
    }
  };

  const menuViewer = { edits: editsCandidates(viewer), movesStages: onboardingView.movesStagesByHand(viewer) };
  const actions: ColumnType<CandidateRow> = {
    title: 'Action',
    key: 'action',
    width: ACTION_WIDTH,
    // The table scrolls sideways: the menu stays in view.
    fixed: 'right',
    render: (_value, candidate) => <CandidateActions candidate={candidate} viewer={menuViewer} busy={pendingFor(candidate.id)} onAction={act} />,
  };

  const columns: ColumnsType<CandidateRow> = [...candidateColumns(retailerLevel), actions];

  return (
    <>
      <ReportPage<CandidateRow>
        // Another link (a dashboard entry) opens the report afresh.
        key={linkKey}
        title="Onboarding Summary"
        titleTotal
        list={CANDIDATE_ROUTES.summary}
        exportRoute={CANDIDATE_ROUTES.summaryExport}
        answerKey="data"
        sortParam="sort_key"
        rowKey="id"
        identifyingColumn="email"
        refreshable
        tableWidth={TABLE_WIDTH}
        columns={columns}
        initialValues={initialValues}
        toRequest={summaryRequest}
        filters={<OnboardingFilters retailerLevel={retailerLevel} linkFilters={linkFilters} />}
      />
      {opened?.kind === 'comments' && <CandidateCommentsModal candidate={opened.candidate} onClose={close} />}
      {opened?.kind === 'log' && <CandidateLogDrawer candidate={opened.candidate} onClose={close} />}
      {opened?.kind === 'email' && <CustomEmailDrawer candidate={opened.candidate} onClose={close} />}
      {opened?.kind === 'moveStage' && <MoveStageDrawer candidate={opened.candidate} onClose={close} />}
    </>
  );
}
