import { ROLE, type TrainingCategoryId, type TrainingKind, type TrainingSource, trainingCategoriesFor } from '@portal/contracts';
import { type RawBuilder, sql } from 'kysely';
import type { Scope } from '../admin/org.queries';
import type { SqlDb } from '../runner/ports';
import { type Paging, pageWindow } from '../sql/paging';
import { containsPattern, fullNameOrNull } from '../sql/text';

/**
 * Training content as its readers and its managers see it (doc 3 §2 Training documents and
 * videos). A reader sees the categories their roles see (contracts' TRAINING_CATEGORIES) and the
 * content for everyone or for their own retailer; the super role sees all.
 */

export interface TrainingReader {
  readonly user_id: string;
  readonly roles: readonly number[];
}

/** One stored piece of content, its source as the event gave it. */
export interface TrainingContentFacts {
  readonly id: string;
  readonly content_kind: TrainingKind;
  readonly category: TrainingCategoryId;
  readonly title: string;
  readonly source: TrainingSource;
  readonly retailer_id: string | null;
}

interface StoredContent {
  id: string;
  content_kind: TrainingKind;
  category: TrainingCategoryId;
  title: string;
  source_kind: 'file' | 'link';
  file_key: string | null;
  content_type: string | null;
  size: string | null;
  link_url: string | null;
  retailer_id: string | null;
}

const sourceOf = (row: StoredContent): TrainingSource =>
  row.source_kind === 'file' ? { kind: 'file', key: row.file_key!, content_type: row.content_type!, size: Number(row.size) } : { kind: 'link', url: row.link_url! };

const factsOf = (row: StoredContent): TrainingContentFacts => ({ id: row.id, content_kind: row.content_kind, category: row.category, title: row.title, source: sourceOf(row), retailer_id: row.retailer_id });

const CONTENT_COLUMNS = sql`c.id, c.content_kind, c.category, c.title, c.source_kind, c.file_key, c.content_type, c.size::text as size, c.link_url, c.retailer_id`;

/** The content `c` the reader may open: their categories, and content for everyone or their retailer. */
function readableBy(reader: TrainingReader): RawBuilder<boolean> {
  if (reader.roles.includes(ROLE.SUPER_ADMIN)) return sql<boolean>`true`;
  return sql<boolean>`c.category = any(${trainingCategoriesFor(reader.roles)}::text[])
    and (c.retailer_id is null or c.retailer_id = (select u.retailer_id from rm.org_users u where u.id = ${reader.user_id}))`;
}

/** A training tree's content (documents or videos) the reader sees, titles containing `searchText`, by category then title. */
export async function trainingTree(db: SqlDb, reader: TrainingReader, kind: TrainingKind, searchText?: string): Promise<TrainingContentFacts[]> {
  const like = containsPattern(searchText);
  const rows = await sql<StoredContent>`
    select ${CONTENT_COLUMNS} from rm.help_training_content c
    where c.content_kind = ${kind} and ${readableBy(reader)} and (${like}::text is null or c.title ilike ${like})
    order by c.category, lower(c.title), c.id`.execute(db);
  return rows.rows.map(factsOf);
}

/** One piece of content by id (whoever asks: the caller checks the signature or the scope). */
export async function trainingContent(db: SqlDb, id: string): Promise<TrainingContentFacts | undefined> {
  const rows = await sql<StoredContent>`select ${CONTENT_COLUMNS} from rm.help_training_content c where c.id = ${id}`.execute(db);
  return rows.rows[0] && factsOf(rows.rows[0]);
}

/** The content `c` a manager manages: all for the super role's scope, their retailer's for a retailer manager. */
function managedIn(scope: Scope): RawBuilder<boolean> {
  if (scope.kind === 'all') return sql<boolean>`true`;
  if (scope.kind === 'retailer') return sql<boolean>`c.retailer_id = any(${[...scope.retailerIds]}::text[])`;
  return sql<boolean>`false`;
}

/** Whether the content is one this scope manages (removing it); undefined when there is none, or none the scope sees. */
export async function managedTrainingContent(db: SqlDb, scope: Scope, id: string): Promise<TrainingContentFacts | undefined> {
  const rows = await sql<StoredContent>`select ${CONTENT_COLUMNS} from rm.help_training_content c where c.id = ${id} and ${managedIn(scope)}`.execute(db);
  return rows.rows[0] && factsOf(rows.rows[0]);
}

export interface TrainingContentListRow extends TrainingContentFacts {
  readonly retailer_name: string | null;
  readonly added_by_name: string | null;
  readonly created_at: string;
}

export interface TrainingContentFilters extends Paging {
  readonly content_kind?: TrainingKind;
  readonly search_text?: string;
}

/** The training content list (roles 1 and 12), newest first, paged. */
export async function trainingContentList(db: SqlDb, scope: Scope, filters: TrainingContentFilters): Promise<{ data: TrainingContentListRow[]; total: number; current_page: number }> {
  const like = containsPattern(filters.search_text);
  const where = sql`${managedIn(scope)} and (${filters.content_kind ?? null}::text is null or c.content_kind = ${filters.content_kind ?? null})
    and (${like}::text is null or c.title ilike ${like})`;
  const [rows, count] = await Promise.all([
    sql<StoredContent & { retailer_name: string | null; added_by_name: string | null; created_at: string }>`
      select ${CONTENT_COLUMNS}, r.name as retailer_name, ${fullNameOrNull('u')} as added_by_name,
        to_char(c.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at
      from rm.help_training_content c
      left join rm.org_retailers r on r.id = c.retailer_id
      left join rm.org_users u on u.id = c.added_by
      where ${where}
      order by c.seq desc
      ${pageWindow(filters)}`.execute(db),
    sql<{ total: string }>`select count(*)::text as total from rm.help_training_content c where ${where}`.execute(db),
  ]);
  return {
    data: rows.rows.map((row) => ({ ...factsOf(row), retailer_name: row.retailer_name, added_by_name: row.added_by_name, created_at: row.created_at })),
    total: Number(count.rows[0]!.total),
    current_page: filters.page,
  };
}
