import { ROLE, type FormStatus, type Page, type UnitKind } from '@portal/contracts';
import { type RawBuilder, sql } from 'kysely';
import { type Scope, officeInScope } from '../admin/org.queries';
import { userAdministeredBy } from '../admin/user-list.queries';
import type { SqlDb } from '../runner/ports';
import { fullNameOrNull } from '../sql/text';

/**
 * What the documents screens read (docs/DOCUMENTS.md). A compliance document is pending for every
 * active person its audience matches, matched here at read time against where they are now:
 * - roles: agents (2) and/or managers (3, 11, 12: the roles whose screens sign; 14 has none);
 * - places: the offices and IBOs/markets named (a person's office, the offices and IBOs/markets
 *   they manage, and the IBOs/markets of those offices), or none named: the whole retailer
 *   (none at all: everyone, a super role's document).
 * A signed copy stays the signer's whatever changes later.
 */

const MANAGER_ROLES = [ROLE.OFFICE_MANAGER, ROLE.IBO_MANAGER, ROLE.RETAILER_MANAGER];

/** Every active person with the offices, IBOs/markets and retailer they belong to (alias the result `p`). */
const PEOPLE_PLACES = sql`
  select u.id, u.role_ids, o_own.offices, m_own.markets,
    coalesce(u.retailer_id, (select i.retailer_id from rm.org_ibo_markets i where i.id = any(m_own.markets) limit 1)) as retailer_id
  from rm.org_users u
  cross join lateral (
    select array_remove(array[u.office_id] || coalesce(array_agg(m.unit_id), '{}'), null) as offices
    from rm.org_unit_managers m join rm.org_offices o on o.id = m.unit_id where m.user_id = u.id
  ) o_own
  cross join lateral (
    select array_remove(array[u.ibo_marketer_id]
      || coalesce((select array_agg(o.ibo_marketer_id) from rm.org_offices o where o.id = any(o_own.offices)), '{}')
      || coalesce((select array_agg(m.unit_id) from rm.org_unit_managers m join rm.org_ibo_markets i on i.id = m.unit_id where m.user_id = u.id), '{}'), null) as markets
  ) m_own
  where u.status = 1`;

/** Does the document `d` reach the person `p`? */
const AUDIENCE_MATCH = sql<boolean>`
  ((d.audience_agents and ${ROLE.AGENT} = any(p.role_ids)) or (d.audience_managers and p.role_ids && ${MANAGER_ROLES}::integer[]))
  and (d.retailer_id is null or d.retailer_id = p.retailer_id)
  and ((cardinality(d.office_ids) = 0 and cardinality(d.ibo_marketer_ids) = 0) or d.office_ids && p.offices or d.ibo_marketer_ids && p.markets)`;

export interface ComplianceDocumentOfUser {
  document_id: string;
  name: string;
  file_key: string;
  sha256: string;
  created_at: Date;
  /** The signed copy, when there is one. */
  assignment_id: string | null;
  signed_at: Date | null;
  signed_file_key: string | null;
}

/** The documents for one person (pending for them now, or signed by them), newest first, paged. */
export async function complianceDocumentsOf(db: SqlDb, userId: string, page: number, results: number): Promise<Page<ComplianceDocumentOfUser>> {
  const mine = sql`
    select d.id as document_id, d.name, d.file_key, d.sha256, d.created_at, d.seq, s.assignment_id, s.signed_at, s.file_key as signed_file_key
    from rm.documents_compliance d
    left join rm.documents_signatures s on s.document_id = d.id and s.user_id = ${userId}
    where s.assignment_id is not null or exists (select 1 from (${PEOPLE_PLACES} and u.id = ${userId}) p where ${AUDIENCE_MATCH})`;
  const [rows, count] = await Promise.all([
    sql<ComplianceDocumentOfUser>`select document_id, name, file_key, sha256, created_at, assignment_id, signed_at, signed_file_key from (${mine}) x
      order by seq desc limit ${results} offset ${(page - 1) * results}`.execute(db),
    sql<{ total: string }>`select count(*) as total from (${mine}) x`.execute(db),
  ]);
  return { data: rows.rows, total: Number(count.rows[0]!.total), current_page: page };
}

/** One document as the person would sign it: pending for them (or already signed by them); undefined when it is not theirs. */
export async function complianceDocumentForSigner(db: SqlDb, userId: string, documentId: string): Promise<ComplianceDocumentOfUser | undefined> {
  const result = await sql<ComplianceDocumentOfUser>`
    select d.id as document_id, d.name, d.file_key, d.sha256, d.created_at, s.assignment_id, s.signed_at, s.file_key as signed_file_key
    from rm.documents_compliance d
    left join rm.documents_signatures s on s.document_id = d.id and s.user_id = ${userId}
    where d.id = ${documentId}
      and (s.assignment_id is not null or exists (select 1 from (${PEOPLE_PLACES} and u.id = ${userId}) p where ${AUDIENCE_MATCH}))`.execute(db);
  return result.rows[0];
}

/** The ids of every document the person has, pending or signed (to find the one an `agent_document_mapping_id` names). */
export async function complianceDocumentIdsOf(db: SqlDb, userId: string): Promise<string[]> {
  const result = await sql<{ id: string }>`
    select d.id from rm.documents_compliance d
    where exists (select 1 from rm.documents_signatures s where s.document_id = d.id and s.user_id = ${userId})
       or exists (select 1 from (${PEOPLE_PLACES} and u.id = ${userId}) p where ${AUDIENCE_MATCH})`.execute(db);
  return result.rows.map((row) => row.id);
}

/** The documents `d` a publisher sees: all for the super role, their retailer's (and everyone's) for a retailer manager. */
function publishedVisibleTo(scope: Scope): RawBuilder<boolean> {
  if (scope.kind === 'all') return sql<boolean>`true`;
  if (scope.kind === 'retailer') return sql<boolean>`(d.retailer_id is null or d.retailer_id = any(${[...scope.retailerIds]}::text[]))`;
  return sql<boolean>`false`;
}

export interface PublishedDocument {
  id: string;
  name: string;
  file_key: string;
  audience_agents: boolean;
  audience_managers: boolean;
  office_names: string[];
  ibo_marketer_names: string[];
  retailer_name: string | null;
  published_by_name: string | null;
  created_at: Date;
  audience_size: number;
  signed: number;
}

/** The publisher's list: each document with its audience now and how many signed. */
export async function publishedDocuments(db: SqlDb, scope: Scope, page: number, results: number): Promise<Page<PublishedDocument>> {
  const where = publishedVisibleTo(scope);
  const [rows, count] = await Promise.all([
    sql<PublishedDocument & { audience_size: string; signed: string }>`
      select d.id, d.name, d.file_key, d.audience_agents, d.audience_managers, d.created_at,
        coalesce((select array_agg(o.name order by o.name) from rm.org_offices o where o.id = any(d.office_ids)), '{}') as office_names,
        coalesce((select array_agg(i.name order by i.name) from rm.org_ibo_markets i where i.id = any(d.ibo_marketer_ids)), '{}') as ibo_marketer_names,
        (select r.name from rm.org_retailers r where r.id = d.retailer_id) as retailer_name,
        (select ${fullNameOrNull('pu')} from rm.org_users pu where pu.id = d.published_by) as published_by_name,
        (select count(*) from (${PEOPLE_PLACES}) p where ${AUDIENCE_MATCH}) as audience_size,
        (select count(*) from rm.documents_signatures s where s.document_id = d.id) as signed
      from rm.documents_compliance d where ${where}
      order by d.seq desc limit ${results} offset ${(page - 1) * results}`.execute(db),
    sql<{ total: string }>`select count(*) as total from rm.documents_compliance d where ${where}`.execute(db),
  ]);
  return {
    data: rows.rows.map((row) => ({ ...row, audience_size: Number(row.audience_size), signed: Number(row.signed) })),
    total: Number(count.rows[0]!.total),
    current_page: page,
  };
}

/** A published document's stored file, for the signed link (undefined: no such document). */
export async function complianceDocumentFile(db: SqlDb, documentId: string): Promise<{ file_key: string; name: string } | undefined> {
  const result = await sql<{ file_key: string; name: string }>`select file_key, name from rm.documents_compliance where id = ${documentId}`.execute(db);
  return result.rows[0];
}

/** A signed copy's stored file, for the signed link. */
export async function signedCopyFile(db: SqlDb, assignmentId: string): Promise<{ file_key: string; name: string } | undefined> {
  const result = await sql<{ file_key: string; name: string }>`
    select s.file_key, d.name from rm.documents_signatures s join rm.documents_compliance d on d.id = s.document_id where s.assignment_id = ${assignmentId}`.execute(db);
  return result.rows[0];
}

export interface SignedRecord {
  kind: 'compliance_document' | 'unit_form' | 'candidate_consent';
  document_name: string;
  signer_name: string;
  signer_role: string | null;
  office_name: string | null;
  signed_at: Date;
  original_sha256: string;
}

/**
 * The signed PDFs whose stored file has this SHA-256 (the verify call), read from the one registry
 * of what the portal signed; only those of people, units and candidates inside the scope (a
 * compliance document by its signer, a unit form by its unit, a consent by the candidate's office).
 */
export async function signedRecordsWithDigest(db: SqlDb, scope: Scope, sha256: string): Promise<SignedRecord[]> {
  const result = await sql<SignedRecord>`
    select r.kind, r.document_name, coalesce(r.signer_name, ${fullNameOrNull('u')}, 'a manager') as signer_name, r.signer_role,
      coalesce(r.office_name, o.name, i.name) as office_name, r.signed_at, r.original_sha256
    from rm.documents_signed_files r
    left join rm.org_users u on r.kind = 'unit_form' and u.id = r.signer_id
    left join rm.onboarding_candidates c on r.kind = 'candidate_consent' and c.id = r.record_id
    left join rm.org_offices o on o.id = coalesce(r.unit_id, c.office_id)
    left join rm.org_ibo_markets i on i.id = r.unit_id
    where r.sha256 = ${sha256} and (
      (r.kind = 'compliance_document' and exists (select 1 from rm.org_users su where su.id = r.signer_id and ${userAdministeredBy(scope, 'su')}))
      or (r.kind = 'unit_form' and ${unitInScope(scope)})
      or (r.kind = 'candidate_consent' and c.office_id is not null and ${officeInScope(scope, sql`c.office_id`)}))
    order by r.signed_at`.execute(db);
  return result.rows;
}

// Unit forms (doc 3) -------------------------------------------------------------------------

export interface UnitFormRow {
  form_id: string;
  form_name: string;
  unit_kind: UnitKind;
  unit_id: string;
  unit_name: string;
  status: FormStatus;
  reason: string | null;
  file_key: string | null;
  created_at: Date;
  updated_at: Date;
}

const UNIT_FORM_COLUMNS = sql`f.form_id, f.form_name, f.unit_kind, f.unit_id, coalesce(o.name, i.name, '') as unit_name, f.status, f.reason, f.file_key, f.created_at, f.updated_at`;
const UNIT_JOINS = sql`left join rm.org_offices o on f.unit_kind = 'office' and o.id = f.unit_id left join rm.org_ibo_markets i on f.unit_kind = 'ibo_marketer' and i.id = f.unit_id`;

/** The forms of the units a person manages (the Manager documents list), newest first. */
export async function unitFormsOfManager(db: SqlDb, userId: string): Promise<UnitFormRow[]> {
  const result = await sql<UnitFormRow>`
    select ${UNIT_FORM_COLUMNS} from rm.documents_unit_forms f ${UNIT_JOINS}
    where f.unit_id in (select m.unit_id from rm.org_unit_managers m where m.user_id = ${userId})
    order by f.created_at desc, f.form_id`.execute(db);
  return result.rows;
}

/** Is the unit's `unitIdColumn` inside the scope (an IBO/market or an office)? */
function unitInScope(scope: Scope): RawBuilder<boolean> {
  switch (scope.kind) {
    case 'all':
      return sql<boolean>`true`;
    case 'retailer':
      return sql<boolean>`coalesce(i.retailer_id, (select oi.retailer_id from rm.org_ibo_markets oi where oi.id = o.ibo_marketer_id)) = any(${[...scope.retailerIds]}::text[])`;
    case 'market':
      return sql<boolean>`(i.id = any(${[...scope.iboMarketerIds]}::text[]) or o.ibo_marketer_id = any(${[...scope.iboMarketerIds]}::text[]))`;
    case 'office':
      return sql<boolean>`o.id = any(${[...scope.officeIds]}::text[])`;
    case 'agent':
      return sql<boolean>`false`;
  }
}

/** One form, when its unit is inside the scope (a reviewer's, or the one who fills it: pass their managed units' scope). */
export async function unitFormInScope(db: SqlDb, scope: Scope, formId: string): Promise<(UnitFormRow & { sha256: string | null }) | undefined> {
  const result = await sql<UnitFormRow & { sha256: string | null }>`
    select ${UNIT_FORM_COLUMNS}, f.sha256 from rm.documents_unit_forms f ${UNIT_JOINS} where f.form_id = ${formId} and ${unitInScope(scope)}`.execute(db);
  return result.rows[0];
}

/** A form by its id, whoever may see it (the form page checks its link first). */
export async function unitFormById(db: SqlDb, formId: string): Promise<UnitFormRow | undefined> {
  const result = await sql<UnitFormRow>`select ${UNIT_FORM_COLUMNS} from rm.documents_unit_forms f ${UNIT_JOINS} where f.form_id = ${formId}`.execute(db);
  return result.rows[0];
}

/** The form of the unit with this id (Accept/Reject names the row), when the unit is in scope. */
export async function unitFormOfUnit(db: SqlDb, scope: Scope, unitId: string): Promise<UnitFormRow | undefined> {
  const result = await sql<UnitFormRow>`select ${UNIT_FORM_COLUMNS} from rm.documents_unit_forms f ${UNIT_JOINS} where f.unit_id = ${unitId} and ${unitInScope(scope)}`.execute(db);
  return result.rows[0];
}

/** Send Document's facts: the chosen units in scope with their names, whether they are active (1) and whether a form was sent (ids outside the scope are left out). */
export async function unitsForSending(db: SqlDb, scope: Scope, kind: UnitKind, ids: readonly string[]): Promise<{ id: string; name: string; active: boolean; form_status: number | null }[]> {
  const units =
    kind === 'office'
      ? sql`select o.id, o.name, o.status, null::text as retailer_id, o.ibo_marketer_id, o.id as office_id from rm.org_offices o where o.id = any(${[...ids]}::text[])`
      : sql`select i.id, i.name, i.status, i.retailer_id, i.id as ibo_marketer_id, null::text as office_id from rm.org_ibo_markets i where i.id = any(${[...ids]}::text[])`;
  const result = await sql<{ id: string; name: string; active: boolean; form_status: number | null }>`
    select x.id, x.name, x.status = 1 as active, f.status as form_status
    from (${units}) x
    left join rm.org_offices o on o.id = x.office_id
    left join rm.org_ibo_markets i on i.id = x.ibo_marketer_id and x.office_id is null
    left join rm.documents_unit_forms f on f.unit_id = x.id
    where ${unitInScope(scope)}`.execute(db);
  return result.rows;
}

/** Does the person manage the unit (an office or IBO/market manager or add-on manager of it)? */
export async function managesUnit(db: SqlDb, userId: string, unitId: string): Promise<boolean> {
  const result = await sql<{ yes: boolean }>`select exists (select 1 from rm.org_unit_managers m where m.user_id = ${userId} and m.unit_id = ${unitId}) as yes`.execute(db);
  return result.rows[0]!.yes;
}

/** A unit list's form columns (the IBO/Market and Office lists compose it): `form_status` and `form_id` of the unit in `unitIdColumn`. */
export function unitFormColumns(unitIdColumn: RawBuilder<unknown>): RawBuilder<unknown> {
  return sql`(select f.status from rm.documents_unit_forms f where f.unit_id = ${unitIdColumn}) as form_status, (select f.form_id from rm.documents_unit_forms f where f.unit_id = ${unitIdColumn}) as form_id`;
}


// Messages (the messages capability composes these row sources: id, kind, message, created_at) ----------

/** "A document to sign" for each compliance document the person has (pending or signed), at its publication. */
export function complianceDocumentMessages(userId: string): RawBuilder<unknown> {
  return sql`
    select 'd-' || d.id as id, 'document_to_sign' as kind,
      'A compliance document to sign: ' || d.name || '. Open Compliance Documents to read and sign it.' as message, d.created_at
    from rm.documents_compliance d
    where exists (select 1 from rm.documents_signatures s where s.document_id = d.id and s.user_id = ${userId})
       or exists (select 1 from (${PEOPLE_PLACES} and u.id = ${userId}) p where ${AUDIENCE_MATCH})`;
}

/** A form sent to a unit the person manages (at its sending), and its review (at the review). */
export function unitFormMessages(userId: string): RawBuilder<unknown> {
  const mine = sql`select ${UNIT_FORM_COLUMNS}, f.reviewed_at from rm.documents_unit_forms f ${UNIT_JOINS}
    where f.unit_id in (select m.unit_id from rm.org_unit_managers m where m.user_id = ${userId})`;
  return sql`
    select 'f-' || x.form_id || '-sent' as id, 'form_sent' as kind,
      'The ' || x.form_name || ' was sent to ' || x.unit_name || ' for you to fill in. Open Documents to fill it.' as message, x.created_at
    from (${mine}) x
    union all
    select 'f-' || x.form_id || '-reviewed', 'form_reviewed',
      'The ' || x.form_name || ' of ' || x.unit_name || ' was ' || case when x.status = 4 then 'accepted.' else 'rejected: ' || coalesce(x.reason, '') || ' Fill it again under Documents.' end,
      x.reviewed_at
    from (${mine}) x where x.reviewed_at is not null and x.status in (3, 4)`;
}
