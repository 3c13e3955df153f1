import {
  type CandidateComment,
  type CandidateLogEntry,
  type CandidateRow,
  EXPIRING_STAGES,
  type OnboardingStatusId,
  type OnboardingSummaryQuery,
  type Page,
  ROLE_NAMES,
  STAGE,
  onboardingSources,
  onboardingStatusName,
  radPiiIssueStatuses,
} from '@portal/contracts';
import { type RawBuilder, sql } from 'kysely';
import { type Scope, officeInScope } from '../admin/org.queries';
import { getBusinessTimeZone } from '../business-time';
import type { SqlDb } from '../runner/ports';
import { pageWindow } from '../sql/paging';
import { containsPattern } from '../sql/text';

/**
 * Candidates as the back office reads them (doc 3 §2 Onboarding Summary, §3): in the caller's
 * scope (the offices they reach), never deleted ones. `c` is the candidate.
 */

/** The candidates `c` the scope reaches (their office), not deleted. */
const visibleIn = (scope: Scope): RawBuilder<boolean> => sql<boolean>`c.deleted_at is null and ${officeInScope(scope, sql`c.office_id`)}`;

export type OnboardingSummaryFilters = Omit<OnboardingSummaryQuery, 'page' | 'results'> & { page: number; results: number };

const SORT_COLUMNS: Record<NonNullable<OnboardingSummaryQuery['sort_key']>, RawBuilder<unknown>> = {
  created_at: sql`c.created_at`,
  updated_at: sql`c.updated_at`,
  first_name: sql`lower(c.first_name)`,
  last_name: sql`lower(c.last_name)`,
  email: sql`lower(c.email)`,
  status: sql`c.status`,
  office_name: sql`lower(o.name)`,
};

/**
 * The summary's conditions. `redirect_key` is a dashboard entry: a stage key, or
 * `rad_link_failed` (23 with at least one RAD PII issue); `rad_pii_issue=1` says the same.
 * Dates are the creation day in the business's time zone.
 */
function summaryWhere(scope: Scope, filters: OnboardingSummaryFilters): RawBuilder<boolean> {
  const timeZone = getBusinessTimeZone();
  const like = containsPattern(filters.keyword);
  const redirect = filters.redirect_key;
  const redirectStatus = redirect !== undefined && /^\d{1,3}$/.test(redirect) ? Number(redirect) : null;
  const radLinkFailed = redirect === 'rad_link_failed' || filters.rad_pii_issue === 1;
  const statuses = filters.status && filters.status.length > 0 ? filters.status : null;
  return sql<boolean>`${visibleIn(scope)}
    and (${statuses}::smallint[] is null or c.status = any(${statuses}::smallint[]))
    and (${redirectStatus}::smallint is null or c.status = ${redirectStatus})
    and (not ${radLinkFailed} or (c.status = ${STAGE.LINK_RAD_ID} and cardinality(c.rad_pii_issue_ids) > 0))
    and (${filters.office_id ?? null}::text is null or c.office_id = ${filters.office_id ?? null})
    and (${filters.ibo_marketer_id ?? null}::text is null or c.ibo_marketer_id = ${filters.ibo_marketer_id ?? null})
    and (${filters.onboarding_source ?? null}::smallint is null or c.source = ${filters.onboarding_source ?? null})
    and (${filters.role_id ?? null}::smallint is null or c.role_id = ${filters.role_id ?? null})
    and (${filters.date_range_start ?? null}::date is null or (c.created_at at time zone ${timeZone})::date >= ${filters.date_range_start ?? null}::date)
    and (${filters.date_range_end ?? null}::date is null or (c.created_at at time zone ${timeZone})::date <= ${filters.date_range_end ?? null}::date)
    and (${like}::text is null or c.first_name ilike ${like} or c.last_name ilike ${like} or c.email ilike ${like} or c.mobile_number ilike ${like}
      or (c.first_name || ' ' || c.last_name) ilike ${like} or c.rad_id ilike ${like} or c.telgoo_id ilike ${like})`;
}

interface StoredCandidate {
  id: string;
  status: number;
  source: number;
  office_id: string;
  office_name: string;
  office_number: string;
  ibo_marketer_id: string;
  ibo_market_name: string;
  role_id: number;
  first_name: string;
  middle_name: string | null;
  last_name: string;
  email: string;
  mobile_number: string;
  will_add_enrollments: number;
  rad_id: string | null;
  telgoo_id: string | null;
  rad_pii_issue_ids: number[];
  masked_ssn_number: string | null;
  dob: string | null;
  shirt_size: string | null;
  street_address1: string | null;
  street_address2: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
  courses: Record<string, string>;
  photo_copy_key: string | null;
  government_document_key: string | null;
  signed_bgc_key: string | null;
  agent_agreement_key: string | null;
  expires_at: string | null;
  user_id: string | null;
  comments_count: number;
  updated_by_name: string | null;
  last_updated_by_name: string | null;
  created_at: string;
  updated_at: string;
}

const iso = (column: string) => sql.raw(`to_char(c.${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

const CANDIDATE_SELECT = sql`
  select c.id, c.status, c.source, c.office_id, o.name as office_name, o.office_number, c.ibo_marketer_id, i.name as ibo_market_name, c.role_id, c.first_name, c.middle_name, c.last_name,
    c.email, c.mobile_number, c.will_add_enrollments, c.rad_id, c.telgoo_id, c.rad_pii_issue_ids, c.masked_ssn_number, to_char(c.dob, 'YYYY-MM-DD') as dob, c.shirt_size,
    c.street_address1, c.street_address2, c.city, c.state, c.zip, c.courses, c.photo_copy_key, c.government_document_key, c.signed_bgc_key, c.agent_agreement_key,
    ${iso('expires_at')} as expires_at, c.user_id, c.comments_count,
    c.updated_by_name, c.last_updated_by_name, ${iso('created_at')} as created_at, ${iso('updated_at')} as updated_at
  from rm.onboarding_candidates c
  join rm.org_offices o on o.id = c.office_id
  join rm.org_ibo_markets i on i.id = c.ibo_marketer_id`;

const issueName = (id: number) => radPiiIssueStatuses.find((issue) => issue.id === id)?.name ?? `Issue ${id}`;

function rowOf(stored: StoredCandidate): CandidateRow {
  const course = (key: string) => (Object.hasOwn(stored.courses, key) ? (stored.courses[key] ?? null) : null);
  return {
    id: stored.id,
    rad_id: stored.rad_id,
    ibo_marketer_id: stored.ibo_marketer_id,
    ibo_market_name: stored.ibo_market_name,
    rad_pii_issue_names: stored.rad_pii_issue_ids.map((id) => ({ id, name: issueName(id) })),
    office_id: stored.office_id,
    office_name: stored.office_name,
    office_number: stored.office_number,
    will_add_enrollments: stored.will_add_enrollments,
    status: stored.status,
    status_name: onboardingStatusName(stored.status),
    role_id: stored.role_id,
    role_name: (ROLE_NAMES as Record<number, string>)[stored.role_id] ?? `Role ${stored.role_id}`,
    onboarding_source: stored.source,
    onboarding_source_name: onboardingSources.find((source) => source.id === stored.source)?.name ?? String(stored.source),
    telgoo_id: stored.telgoo_id,
    first_name: stored.first_name,
    middle_name: stored.middle_name,
    last_name: stored.last_name,
    email: stored.email,
    masked_ssn_number: stored.masked_ssn_number,
    mobile_number: stored.mobile_number,
    street_address1: stored.street_address1,
    street_address2: stored.street_address2,
    city: stored.city,
    state: stored.state,
    zip: stored.zip,
    shirt_size: stored.shirt_size,
    dob: stored.dob,
    // The file's name where there is one: the service turns it into a signed link (candidateFileLinks), the query knows no secret.
    photo_copy_url: stored.photo_copy_key ? 'photo_copy' : null,
    government_document_url: stored.government_document_key ? 'government_document' : null,
    candidate_signed_bgc_url: stored.signed_bgc_key ? 'bgc_consent' : null,
    retailer_agent_agreement_url: stored.agent_agreement_key ? 'agent_agreement' : null,
    course_one: course('course_one'),
    course_two: course('course_two'),
    course_three: course('course_three'),
    course_four: course('course_four'),
    course_five: course('course_five'),
    course_six: course('course_six'),
    course_seven: course('course_seven'),
    course_eight: course('course_eight'),
    course_nine: course('course_nine'),
    course_ten: course('course_ten'),
    // Only while the invite can expire, or once it has (the projection keeps when it stopped): a completed profile's invite no longer expires.
    invite_expires_at: EXPIRING_STAGES.includes(stored.status as OnboardingStatusId) || stored.status === STAGE.EXPIRED ? stored.expires_at : null,
    updated_at: stored.updated_at,
    updated_by_name: stored.updated_by_name,
    last_updated_by_name: stored.last_updated_by_name,
    created_at: stored.created_at,
    comments_exists: stored.comments_count > 0 ? 1 : 0,
    user_id: stored.user_id,
  };
}

/** The Onboarding Summary (GET /api/v1/onboarding_summary_report), paged, newest first unless sorted. */
export async function onboardingSummary(db: SqlDb, scope: Scope, filters: OnboardingSummaryFilters): Promise<Page<CandidateRow>> {
  const where = summaryWhere(scope, filters);
  const order = SORT_COLUMNS[filters.sort_key ?? 'created_at'];
  const direction = filters.sort === 'ASC' ? sql`asc` : filters.sort === 'DESC' || !filters.sort_key ? sql`desc` : sql`asc`;
  const [rows, count] = await Promise.all([
    sql<StoredCandidate>`${CANDIDATE_SELECT} where ${where} order by ${order} ${direction}, c.id ${pageWindow(filters)}`.execute(db),
    sql<{ total: string }>`select count(*)::text as total from rm.onboarding_candidates c join rm.org_offices o on o.id = c.office_id where ${where}`.execute(db),
  ]);
  return { data: rows.rows.map(rowOf), total: Number(count.rows[0]!.total), current_page: filters.page };
}

/** One candidate the scope reaches (not deleted); undefined when missing or outside the scope, alike. */
export async function candidateInScope(db: SqlDb, scope: Scope, candidateId: string): Promise<CandidateRow | undefined> {
  const rows = await sql<StoredCandidate>`${CANDIDATE_SELECT} where c.id = ${candidateId} and ${visibleIn(scope)}`.execute(db);
  return rows.rows[0] && rowOf(rows.rows[0]);
}

/** A candidate's comments, oldest first; undefined when the candidate is missing or out of scope. */
export async function candidateComments(db: SqlDb, scope: Scope, candidateId: string): Promise<CandidateComment[] | undefined> {
  if (!(await candidateInScope(db, scope, candidateId))) return undefined;
  const rows = await sql<CandidateComment>`
    select ${sql.raw(`to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`)} as created_at, commented_by_name, comments
    from rm.onboarding_candidate_comments where candidate_id = ${candidateId} order by seq`.execute(db);
  return rows.rows;
}

/** A candidate's log, oldest first; undefined when the candidate is missing or out of scope. */
export async function candidateLog(db: SqlDb, scope: Scope, candidateId: string): Promise<CandidateLogEntry[] | undefined> {
  if (!(await candidateInScope(db, scope, candidateId))) return undefined;
  const rows = await sql<CandidateLogEntry>`
    select ${sql.raw(`to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`)} as created_at, description
    from rm.onboarding_candidate_log where candidate_id = ${candidateId} order by seq`.execute(db);
  return rows.rows;
}

/** Whether an open candidate (not deleted, not onboarded, denied, rejected or expired) other than `except` holds this e-mail. */
export async function openCandidateHasEmail(db: SqlDb, email: string, except?: string): Promise<boolean> {
  const rows = await sql<{ found: boolean }>`
    select exists (
      select 1 from rm.onboarding_candidates c
      where lower(c.email) = lower(${email}) and c.deleted_at is null and c.status not in (13, 20, 22, 27) and (${except ?? null}::text is null or c.id <> ${except ?? null})
    ) as found`.execute(db);
  return rows.rows[0]!.found;
}

/** Candidates whose invite window has passed at `now` while their profile is not complete (1, 2): the expiry job's next step. */
export async function candidatesDueToExpire(db: SqlDb, now: Date, limit: number): Promise<string[]> {
  const rows = await sql<{ id: string }>`
    select c.id from rm.onboarding_candidates c where c.deleted_at is null and c.status in (1, 2) and c.expires_at <= ${now.toISOString()}
    order by c.expires_at limit ${limit}`.execute(db);
  return rows.rows.map((row) => row.id);
}

/** The candidate whose latest invite link has this token hash (the candidate's page); undefined for none. */
export async function candidateIdByToken(db: SqlDb, tokenHash: string): Promise<string | undefined> {
  const rows = await sql<{ id: string }>`select id from rm.onboarding_candidates where token_hash = ${tokenHash} limit 1`.execute(db);
  return rows.rows[0]?.id;
}

/** A candidate's stored files (storage keys) and names, for signed links and the consent forms; undefined when there is none. */
export async function candidateFileFacts(db: SqlDb, candidateId: string): Promise<
  | {
      first_name: string;
      last_name: string;
      email: string;
      office_name: string;
      retailer_name: string;
      photo_copy_key: string | null;
      government_document_key: string | null;
      signed_bgc_key: string | null;
      agent_agreement_key: string | null;
    }
  | undefined
> {
  const rows = await sql<{
    first_name: string;
    last_name: string;
    email: string;
    office_name: string;
    retailer_name: string;
    photo_copy_key: string | null;
    government_document_key: string | null;
    signed_bgc_key: string | null;
    agent_agreement_key: string | null;
  }>`
    select c.first_name, c.last_name, c.email, o.name as office_name, r.name as retailer_name, c.photo_copy_key, c.government_document_key, c.signed_bgc_key, c.agent_agreement_key
    from rm.onboarding_candidates c join rm.org_offices o on o.id = c.office_id join rm.org_retailers r on r.id = c.retailer_id
    where c.id = ${candidateId} and c.deleted_at is null`.execute(db);
  return rows.rows[0];
}

/** A candidate's office (the live updates' room), or null. */
export async function candidateOffice(db: SqlDb, candidateId: string): Promise<string | null> {
  const rows = await sql<{ office_id: string }>`select office_id from rm.onboarding_candidates where id = ${candidateId}`.execute(db);
  return rows.rows[0]?.office_id ?? null;
}
