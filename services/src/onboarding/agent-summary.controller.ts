import { Controller, Inject } from '@nestjs/common';
import { type AgentSummaryReportQuery, type CandidateIdParams, type ExportAnswer, type ExportFormat, type OnboardingSummaryItem, onboardingShowsIboMarket } from '@portal/contracts';
import { agentComments, agentSummaryCounts, agentSummaryReport, businessDate, expiredDistribution, onboardingStageCounts } from '@portal/projections';
import type { AuthenticatedUser } from '../auth/auth.service';
import { signingSecret } from '../auth/credentials.store';
import { CurrentUser } from '../auth/current-user';
import { ExportStarter } from '../exports/export-starter';
import { DomainError } from '../platform/commands/command-errors';
import { RouteParams, RouteQuery, Serves } from '../platform/http/serves';
import type { Platform } from '../platform/platform';
import { PLATFORM } from '../platform/tokens';
import { candidateFileLinks } from './candidate-documents';
import { agentSummaryExport } from './onboarding-exports';
import { refuseFutureDates } from './onboarding-dates';

type Exported<Query> = Query & { readonly format: ExportFormat };

/**
 * The Agent Summary (doc 3 §2, §7 Agent summary) and the onboarding parts of the sales dashboard
 * (doc 1 §2.4, §7: the Onboarding Summary list, the Expired donut, the Agents Summary pie).
 */
@Controller()
export class AgentSummaryController {
  constructor(
    @Inject(PLATFORM) private readonly platform: Platform,
    private readonly exports: ExportStarter,
  ) {}

  @Serves('GET /api/v1/agent_summary_report')
  async report(@RouteQuery() query: AgentSummaryReportQuery, @CurrentUser() user: AuthenticatedUser) {
    refuseFutureDates(query);
    const page = await agentSummaryReport(this.platform.database.db, user.scope, query);
    const secret = await signingSecret(this.platform.database.db);
    return { items: { ...page, data: page.data.map((row) => candidateFileLinks(row, secret, row.candidate_id)) } };
  }

  @Serves('GET /api/v1/agent_export')
  async export(@RouteQuery() query: Exported<AgentSummaryReportQuery>, @CurrentUser() user: AuthenticatedUser): Promise<ExportAnswer> {
    refuseFutureDates(query);
    const { format, page: _page, results: _results, ...filters } = query;
    return this.exports.start(agentSummaryExport, format, user, { ...filters, with_ibo_market: onboardingShowsIboMarket(user.roles) });
  }

  /** The comments of the candidate the agent was (doc 3 §7 agent_comments_log): nothing is lost on the way to an agent. */
  @Serves('GET /api/v1/agent_comments_log/:id')
  async comments(@RouteParams() { id }: CandidateIdParams, @CurrentUser() user: AuthenticatedUser) {
    const comments = await agentComments(this.platform.database.db, user.scope, id);
    if (!comments) throw new DomainError('That agent was not found.', 404);
    return { data: comments };
  }

  @Serves('GET /api/v1/agent_onboarding_summary_dashboard')
  async stages(@CurrentUser() user: AuthenticatedUser): Promise<{ items: { onboarding_summary: OnboardingSummaryItem[] } }> {
    return { items: { onboarding_summary: await onboardingStageCounts(this.platform.database.db, user.scope) } };
  }

  @Serves('GET /api/v1/expired_candidates_summary')
  async expired(@CurrentUser() user: AuthenticatedUser): Promise<{ items: { onboarding_summary: OnboardingSummaryItem[]; total: number } }> {
    const segments = await expiredDistribution(this.platform.database.db, user.scope, businessDate(new Date()));
    return { items: { onboarding_summary: segments, total: segments.reduce((sum, segment) => sum + segment.value, 0) } };
  }

  /** doc 1 §3: `agent_label` and `agent_value`, side by side; `agent_key` (ours) is each slice's redirect key. */
  @Serves('GET /api/v1/agent_summary_count')
  async agents(@CurrentUser() user: AuthenticatedUser): Promise<{ items: { agent_label: string[]; agent_value: number[]; agent_key: string[] } }> {
    const slices = await agentSummaryCounts(this.platform.database.db, user.scope);
    return { items: { agent_label: slices.map((slice) => slice.name), agent_value: slices.map((slice) => slice.value), agent_key: slices.map((slice) => slice.key) } };
  }
}
