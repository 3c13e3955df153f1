import { type AgentSummaryReportQuery, type AgentSummaryReportRow, EXPIRED_DONUT_SEGMENTS, type OnboardingSummaryItem, type Page, STAGE, agentStatuses, onboardingSummaryStages } from '@portal/contracts';
import { type RawBuilder, sql } from 'kysely';
import { type Scope, officeInScope } from '../admin/org.queries';
import { agentRowsIn } from '../admin/user-list.queries';
import { getBusinessTimeZone, sqlToday } from '../business-time';
import type { SqlDb } from '../runner/ports';
import { lastActivationsSource } from '../sales/sales-summary.queries';
import { pageWindow } from '../sql/paging';
import { containsPattern } from '../sql/text';

/**
 * The Agent Summary (doc 3 §2, §7) and the onboarding parts of the sales dashboard (doc 1 §2.4):
 * agents come from the organisation (admin's `agentRowsIn`), their last activation from sales
 * (`lastActivationsSource`), what onboarding knows of them from its own candidates. `a` is the
 * agent, `s` their last activation, `k` the candidate they were.
 */

/** The pie's bands (doc 1 §9): days since the last activation, in the business's days. */
export const AGENT_BANDS = {
  active_agent: { name: 'Dynamic Agent', from: 0, to: 14 },
  passive_agent: { name: 'Passive Agent', from: 15, to: 30 },
  inactive_agent: { name: 'Dormant Agent', from: 31, to: 60 },
} as const;

const FROM = (scope: Scope) => sql`
  from ${agentRowsIn(scope)} a
  left join ${lastActivationsSource()} s on s.agent_id = a.id
  left join (
    select k.id as candidate_id, k.user_id, k.comments_count, k.photo_copy_key, k.government_document_key, k.signed_bgc_key, k.agent_agreement_key
    from rm.onboarding_candidates k where k.user_id is not null
  ) k on k.user_id = a.id`;

const daysSince = sql`(${sqlToday(undefined)} - s.last_activation)`;

/** The agents of one redirect key: a band of days since the last activation, or `onboarded` (from onboarding, no activation yet). */
function bandCondition(key: AgentSummaryReportQuery['redirect_key']): RawBuilder<boolean> {
  if (key === undefined) return sql<boolean>`true`;
  if (key === 'onboarded') return sql<boolean>`(k.user_id is not null and s.last_activation is null)`;
  const band = AGENT_BANDS[key];
  return sql<boolean>`(s.last_activation is not null and ${daysSince} between ${band.from} and ${band.to})`;
}

export type AgentSummaryFilters = Omit<AgentSummaryReportQuery, 'page' | 'results'> & { page: number; results: number };

function agentWhere(filters: AgentSummaryFilters): RawBuilder<boolean> {
  const like = containsPattern(filters.keyword);
  const timeZone = getBusinessTimeZone();
  return sql<boolean>`${bandCondition(filters.redirect_key)}
    and (${filters.status ?? null}::smallint is null or a.status = ${filters.status ?? null})
    and (${filters.telgoo_status ?? null}::smallint is null or (coalesce(a.excess_code, '') <> '') = (${filters.telgoo_status ?? null}::smallint = 1))
    and (${filters.office_id ?? null}::text is null or a.office_id = ${filters.office_id ?? null})
    and (${filters.ibo_marketer_id ?? null}::text is null or a.ibo_marketer_id = ${filters.ibo_marketer_id ?? null})
    and (${filters.date_range_start ?? null}::date is null or (a.created_at at time zone ${timeZone})::date >= ${filters.date_range_start ?? null}::date)
    and (${filters.date_range_end ?? null}::date is null or (a.created_at at time zone ${timeZone})::date <= ${filters.date_range_end ?? null}::date)
    and (${like}::text is null or a.first_name ilike ${like} or a.last_name ilike ${like} or a.email ilike ${like} or a.mobile_number ilike ${like}
      or a.rad ilike ${like} or a.excess_code ilike ${like} or a.office_number ilike ${like})`;
}

const SORTS: Record<NonNullable<AgentSummaryReportQuery['sort_key']>, RawBuilder<unknown>> = {
  first_name: sql`lower(a.first_name)`,
  last_name: sql`lower(a.last_name)`,
  email: sql`lower(a.email)`,
  office_number: sql`a.office_number`,
  status: sql`a.status`,
  created_at: sql`a.created_at`,
  updated_at: sql`a.updated_at`,
};

const iso = (column: string) => sql.raw(`to_char(a.${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);
const statusText = (status: number) => agentStatuses.find((item) => item.id === status)?.name ?? `Status ${status}`;

/** The Agent Summary (GET /api/v1/agent_summary_report), paged; a redirect key filters by the pie's rule, so a slice's value is the report's total. */
export async function agentSummaryReport(db: SqlDb, scope: Scope, filters: AgentSummaryFilters): Promise<Page<AgentSummaryReportRow>> {
  const where = agentWhere(filters);
  const order = SORTS[filters.sort_key ?? 'created_at'];
  const direction = filters.sort === 'ASC' ? sql`asc` : sql`desc`;
  const [rows, count] = await Promise.all([
    sql<
      Omit<AgentSummaryReportRow, 'status_text' | 'comments_exists' | 'photo_copy_url' | 'government_document_url' | 'candidate_signed_bgc_url' | 'retailer_agent_agreement_url'> & {
        comments_count: number | null;
        photo_copy_key: string | null;
        government_document_key: string | null;
        signed_bgc_key: string | null;
        agent_agreement_key: string | null;
      }
    >`
      select a.id, a.rad, a.user_ibo_market_name, a.office_number, a.first_name, a.middle_name, a.last_name, a.mobile_number, a.email, a.excess_code,
        a.address, a.city, a.state, a.zip, s.last_activation::text as last_activation_date, ${iso('updated_at')} as updated_at, ${iso('created_at')} as created_at,
        k.comments_count, k.candidate_id, k.photo_copy_key, k.government_document_key, k.signed_bgc_key, k.agent_agreement_key, a.status
      ${FROM(scope)} where ${where} order by ${order} ${direction}, a.id ${pageWindow(filters)}`.execute(db),
    sql<{ total: string }>`select count(*)::text as total ${FROM(scope)} where ${where}`.execute(db),
  ]);
  return {
    // A file's name where the candidate had one: the service turns it into a signed link (it knows the secret, the query does not).
    data: rows.rows.map(({ comments_count, photo_copy_key, government_document_key, signed_bgc_key, agent_agreement_key, ...row }) => ({
      ...row,
      photo_copy_url: photo_copy_key ? 'photo_copy' : null,
      government_document_url: government_document_key ? 'government_document' : null,
      candidate_signed_bgc_url: signed_bgc_key ? 'bgc_consent' : null,
      retailer_agent_agreement_url: agent_agreement_key ? 'agent_agreement' : null,
      comments_exists: (comments_count ?? 0) > 0 ? 1 : 0,
      status_text: statusText(row.status),
    })),
    total: Number(count.rows[0]!.total),
    current_page: filters.page,
  };
}

/** The comments of the candidate an agent was (nothing is lost on the way to an agent); undefined when the agent is not in scope. */
export async function agentComments(db: SqlDb, scope: Scope, agentId: string): Promise<{ created_at: string; commented_by_name: string; comments: string }[] | undefined> {
  const agent = await sql<{ id: string }>`select a.id from ${agentRowsIn(scope)} a where a.id = ${agentId}`.execute(db);
  if (agent.rows.length === 0) return undefined;
  const rows = await sql<{ created_at: string; commented_by_name: string; comments: string }>`
    select to_char(m.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at, m.commented_by_name, m.comments
    from rm.onboarding_candidate_comments m join rm.onboarding_candidates k on k.id = m.candidate_id where k.user_id = ${agentId} order by m.seq`.execute(db);
  return rows.rows;
}

/** The Agents Summary pie (agent_summary_count): each slice's count by the report's own rule. */
export async function agentSummaryCounts(db: SqlDb, scope: Scope): Promise<{ key: keyof typeof AGENT_BANDS | 'onboarded'; name: string; value: number }[]> {
  const result = await sql<{ active_agent: number; passive_agent: number; inactive_agent: number; onboarded: number }>`
    select
      count(*) filter (where ${bandCondition('active_agent')})::int as active_agent,
      count(*) filter (where ${bandCondition('passive_agent')})::int as passive_agent,
      count(*) filter (where ${bandCondition('inactive_agent')})::int as inactive_agent,
      count(*) filter (where ${bandCondition('onboarded')})::int as onboarded
    ${FROM(scope)}`.execute(db);
  const row = result.rows[0]!;
  return [
    { key: 'active_agent', name: AGENT_BANDS.active_agent.name, value: row.active_agent },
    { key: 'passive_agent', name: AGENT_BANDS.passive_agent.name, value: row.passive_agent },
    { key: 'inactive_agent', name: AGENT_BANDS.inactive_agent.name, value: row.inactive_agent },
    { key: 'onboarded', name: 'Onboarded', value: row.onboarded },
  ];
}

/** The candidates `c` of the dashboard: in scope, not deleted. */
const dashboardCandidates = (scope: Scope) => sql`from rm.onboarding_candidates c where c.deleted_at is null and ${officeInScope(scope, sql`c.office_id`)}`;

/** The dashboard's Onboarding Summary list: every stage with its count (RAD Link Failed: 23 with PII issues), each opening the report with its key. */
export async function onboardingStageCounts(db: SqlDb, scope: Scope): Promise<OnboardingSummaryItem[]> {
  const result = await sql<{ status: number; total: number; rad_link_failed: number }>`
    select c.status, count(*)::int as total, count(*) filter (where cardinality(c.rad_pii_issue_ids) > 0)::int as rad_link_failed ${dashboardCandidates(scope)} group by c.status`.execute(db);
  const byStatus = new Map(result.rows.map((row) => [row.status, row]));
  return onboardingSummaryStages.map((stage) =>
    stage.key === null
      ? { name: stage.name, value: byStatus.get(STAGE.LINK_RAD_ID)?.rad_link_failed ?? 0, query: `status=${STAGE.LINK_RAD_ID}&rad_pii_issue=1` }
      : { name: stage.name, value: byStatus.get(stage.key)?.total ?? 0, query: `redirect_key=${stage.key}` },
  );
}

/** How far back the Expired donut looks (ours): candidates created in the last 90 days. */
export const EXPIRED_DONUT_DAYS = 90;

/**
 * The Expired Status Distribution donut: contracts' EXPIRED_DONUT_SEGMENTS (Expired, Onboarded,
 * In Progress, Denied or Rejected) over the candidates created in the last 90 business days up to
 * `today` (YYYY-MM-DD); each segment opens the report with its statuses and the same days, so its
 * value is the report's total.
 */
export async function expiredDistribution(db: SqlDb, scope: Scope, today: string): Promise<OnboardingSummaryItem[]> {
  const start = new Date(Date.parse(`${today}T00:00:00Z`) - (EXPIRED_DONUT_DAYS - 1) * 86_400_000).toISOString().slice(0, 10);
  const timeZone = getBusinessTimeZone();
  const result = await sql<{ status: number; total: number }>`
    select c.status, count(*)::int as total
    ${dashboardCandidates(scope)} and (c.created_at at time zone ${timeZone})::date between ${start}::date and ${today}::date
    group by c.status`.execute(db);
  const byStatus = new Map(result.rows.map((row) => [row.status, row.total]));
  const days = `date_range_start=${start}&date_range_end=${today}`;
  return EXPIRED_DONUT_SEGMENTS.map((segment) => ({
    name: segment.name,
    value: segment.statuses.reduce((sum, status) => sum + (byStatus.get(status) ?? 0), 0),
    // One stage opens as the dashboard's redirect key (the report names it); several as a status list.
    query: `${segment.statuses.length === 1 ? `redirect_key=${segment.statuses[0]}` : `status=${segment.statuses.join(',')}`}&${days}`,
  }));
}
