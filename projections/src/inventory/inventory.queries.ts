import {
  type AgentDeviceRow,
  type AgentJobRow,
  type AgentOption,
  type CartonRow,
  type DeviceLogRow,
  type JobCartonRow,
  type OfficeOption,
  INVENTORY_STATUS,
  ROLE,
  type ReassignRow,
  type ReceiveJobRow,
  type TransferRequestRow,
  assignSources,
  inventoryStatusName,
  type Page,
  ownValue,
} from '@portal/contracts';
import { type RawBuilder, sql } from 'kysely';
import { type Scope, officeInScope } from '../admin/org.queries';
import type { SqlDb } from '../runner/ports';
import { keysetPages } from '../runner/keyset-pages';
import { getBusinessTimeZone } from '../business-time';
import { type Paging, pageWindow } from '../sql/paging';
import { containsPattern, fullName } from '../sql/text';


const S = INVENTORY_STATUS;
/** Statuses as SQL literals (not parameters): the planner then matches the partial indexes and plans as for the spec's constants. */
const STATUS = {
  managerReceived: sql.lit(S.MANAGER_RECEIVED),
  agentPending: sql.lit(S.AGENT_PENDING),
  agentTransfer: sql.lit(S.AGENT_TRANSFER),
  reassignable: sql.join([S.MANAGER_RECEIVED, S.AGENT_PENDING, S.AGENT_RECEIVED].map((status) => sql.lit(status))),
  withAgent: sql.join([S.AGENT_PENDING, S.AGENT_RECEIVED, S.AGENT_TRANSFER].map((status) => sql.lit(status))),
};

/** Whole days from a timestamp to today, in the business's time zone (DESIGN.md §11 device age). */
const ageInDays = (column: RawBuilder<unknown>) =>
  sql<number>`((now() at time zone ${getBusinessTimeZone()})::date - (${column} at time zone ${getBusinessTimeZone()})::date)`;

const sourceName = (id: number) => assignSources.find((source) => source.id === id)?.name ?? `Source ${id}`;

/** Receive Inventory: jobs of the offices in scope, newest first (managerjob_v2, manager_jobs_export). */
export async function receiveJobs(
  db: SqlDb,
  scope: Scope,
  filters: Paging & { keyword?: string; assign_source?: number; date_range_start?: string; date_range_end?: string; sort_by?: string; sort?: 'ASC' | 'DESC' },
): Promise<Page<ReceiveJobRow>> {
  const like = containsPattern(filters.keyword);
  const where = sql`${officeInScope(scope, sql`j.office_id`)}
    and (${filters.assign_source ?? null}::int is null or j.source = ${filters.assign_source ?? null})
    and (${filters.date_range_start ?? null}::date is null or (j.assigned_date at time zone ${getBusinessTimeZone()})::date >= ${filters.date_range_start ?? null}::date)
    and (${filters.date_range_end ?? null}::date is null or (j.assigned_date at time zone ${getBusinessTimeZone()})::date <= ${filters.date_range_end ?? null}::date)
    and (${like}::text is null or j.order_id ilike ${like} or o.name ilike ${like} or o.office_number ilike ${like}
         or exists (select 1 from rm.inventory_job_cartons c where c.job_id = j.job_id and c.carton_number ilike ${like}))`;
  const columns: Record<string, RawBuilder<unknown>> = {
    assigned_date: sql`j.assigned_date`,
    order_date: sql`j.order_date`,
    total_device_count: sql`j.total_device_count`,
    total_carton_count: sql`j.total_carton_count`,
    office_number: sql`o.office_number`,
  };
  const order = ownValue(columns, filters.sort_by ?? 'assigned_date') ?? sql`j.assigned_date`;
  const direction = filters.sort === 'ASC' ? sql`asc` : sql`desc`;
  const [rows, count] = await Promise.all([
    sql<Omit<ReceiveJobRow, 'assign_source_text' | 'status_text'> & { pending_carton_count: number }>`
      select j.job_id as id, j.order_id as inventory_request_order_id, j.order_date::text as order_date, fo.office_number as from_office_number,
        j.office_id, o.office_number, o.name as office_name, j.total_carton_count, j.total_device_count, j.source as assign_source,
        j.pending_carton_count, j.decline_reason, j.assigned_date
      from rm.inventory_receive_jobs j
      join rm.org_offices o on o.id = j.office_id
      left join rm.org_offices fo on fo.id = j.from_office_id
      where ${where}
      order by ${order} ${direction}, j.seq desc
      ${pageWindow(filters)}`.execute(db),
    sql<{ total: number }>`
      select count(*)::int as total from rm.inventory_receive_jobs j join rm.org_offices o on o.id = j.office_id where ${where}`.execute(db),
  ]);
  return {
    data: rows.rows.map(({ pending_carton_count, ...row }) => ({ ...row, assign_source_text: sourceName(row.assign_source), status_text: pending_carton_count > 0 ? 'Pending' : 'Completed' })),
    total: count.rows[0]!.total,
    current_page: filters.page,
  };
}

/** The job's office, when the scope reaches it (undefined otherwise or when unknown). */
export async function receiveJobOffice(db: SqlDb, scope: Scope, jobId: string): Promise<string | undefined> {
  const result = await sql<{ office_id: string }>`
    select office_id from rm.inventory_receive_jobs j where j.job_id = ${jobId} and ${officeInScope(scope, sql`j.office_id`)}`.execute(db);
  return result.rows[0]?.office_id;
}

/** Cartons List drawer (managerdevicelist): each carton of the job with its IMEIs. */
export async function jobCartons(db: SqlDb, jobId: string): Promise<JobCartonRow[]> {
  const result = await sql<Omit<JobCartonRow, 'status_text'>>`
    select c.carton_number, c.device_type, c.imei_count, c.status, c.decline_reason,
      coalesce((select array_agg(d.imei order by d.imei) from rm.inventory_devices d where d.job_id = c.job_id and d.carton_number = c.carton_number), '{}') as imei
    from rm.inventory_job_cartons c where c.job_id = ${jobId}
    order by c.carton_number`.execute(db);
  return result.rows.map((row) => ({ ...row, status_text: row.status === 0 ? 'Pending' : row.status === 1 ? 'Accepted' : 'Declined' }));
}

/**
 * Cartons of the managers' stock (status 3) in scope, one row per office and carton
 * (agentassignlist, managerinventorylist_optimisation, Transfer Inventory).
 */
export async function stockCartons(db: SqlDb, scope: Scope, filters: Paging & { keyword?: string; office_id?: string }): Promise<Page<CartonRow>> {
  const like = containsPattern(filters.keyword);
  const where = sql`d.status = ${STATUS.managerReceived} and ${officeInScope(scope, sql`d.office_id`)}
    and (${filters.office_id ?? null}::text is null or d.office_id = ${filters.office_id ?? null})
    and (${like}::text is null or d.carton_number ilike ${like} or o.name ilike ${like})`;
  // The page of cartons first (grouped on the (office, status) index), then the IMEIs of those ten only.
  const [rows, count] = await Promise.all([
    sql<CartonRow>`
      with page as (
        select d.office_id, d.carton_number, count(*)::int as imei_count, min(d.device_type) as device_type, min(d.allocation_date) as allocation_date
        from rm.inventory_devices d join rm.org_offices o on o.id = d.office_id
        where ${where}
        group by d.office_id, d.carton_number
        order by min(d.allocation_date) desc nulls last, d.carton_number
        ${pageWindow(filters)}
      )
      select p.carton_number, p.office_id, o.name as office_name, p.imei_count, p.device_type, p.allocation_date,
        ${ageInDays(sql`p.allocation_date`)}::int as device_age,
        (select m.user_id from rm.org_unit_managers m where m.unit_id = p.office_id and m.kind = 'manager' order by m.user_id limit 1) as office_manager_id,
        array(select x.imei from rm.inventory_devices x where x.carton_number = p.carton_number and x.office_id = p.office_id and x.status = ${STATUS.managerReceived} order by x.imei) as imei,
        (select json_agg(json_build_object('imei', x.imei, 'device_type', x.device_type) order by x.imei)
          from rm.inventory_devices x where x.carton_number = p.carton_number and x.office_id = p.office_id and x.status = ${STATUS.managerReceived}) as imei_device
      from page p join rm.org_offices o on o.id = p.office_id
      order by p.allocation_date desc nulls last, p.carton_number`.execute(db),
    sql<{ total: number }>`
      select count(*)::int as total from (select 1 from rm.inventory_devices d join rm.org_offices o on o.id = d.office_id where ${where} group by d.office_id, d.carton_number) cartons`.execute(db),
  ]);
  return { data: rows.rows, total: count.rows[0]!.total, current_page: filters.page };
}

/** get_manager_office_list: the offices of the caller's scope. */
export async function managedOffices(db: SqlDb, scope: Scope): Promise<OfficeOption[]> {
  const result = await sql<OfficeOption>`
    select o.id, o.name, o.office_number from rm.org_offices o where o.status = 1 and ${officeInScope(scope, sql`o.id`)} order by o.name`.execute(db);
  return result.rows;
}

/** get_other_office_list: every active office of the retailers the caller's offices belong to (transfer targets). */
export async function transferTargetOffices(db: SqlDb, scope: Scope): Promise<OfficeOption[]> {
  const result = await sql<OfficeOption>`
    select o.id, o.name, o.office_number from rm.org_offices o join rm.org_ibo_markets i on i.id = o.ibo_marketer_id
    where o.status = 1 and i.retailer_id in (
      select mi.retailer_id from rm.org_offices mo join rm.org_ibo_markets mi on mi.id = mo.ibo_marketer_id where ${officeInScope(scope, sql`mo.id`)})
    order by o.name`.execute(db);
  return result.rows;
}

const AGENT_OPTION = sql`select u.id, ${fullName('u')} as full_name, o.office_number, u.office_id
  from rm.org_users u join rm.org_offices o on o.id = u.office_id`;

/** agent_list_for_office: active agents of one office. */
export async function agentsOfOffice(db: SqlDb, officeId: string): Promise<AgentOption[]> {
  const result = await sql<AgentOption>`${AGENT_OPTION}
    where u.office_id = ${officeId} and ${ROLE.AGENT} = any(u.role_ids) and u.status = 1 order by full_name`.execute(db);
  return result.rows;
}

/** manager_agents_list: active agents of the caller's offices. */
export async function agentsInScope(db: SqlDb, scope: Scope): Promise<AgentOption[]> {
  const result = await sql<AgentOption>`${AGENT_OPTION}
    where ${ROLE.AGENT} = any(u.role_ids) and u.status = 1 and ${officeInScope(scope, sql`u.office_id`)} order by full_name`.execute(db);
  return result.rows;
}

/** Accept Transfer: agents' transfers waiting in the caller's offices (search by agent name). */
export async function transferRequests(db: SqlDb, scope: Scope, filters: Paging & { keyword?: string }): Promise<Page<TransferRequestRow>> {
  const like = containsPattern(filters.keyword);
  const where = sql`t.status = 0 and ${officeInScope(scope, sql`t.office_id`)} and (${like}::text is null or ${fullName('u')} ilike ${like})`;
  const [rows, count] = await Promise.all([
    sql<TransferRequestRow>`
      select t.transfer_id as transfer_job_id, t.agent_id, ${fullName('u')} as agent_name, o.name as office_name, t.transfer_count, t.reason,
        t.created_at as created_date,
        coalesce((select array_agg(d.imei order by d.imei) from rm.inventory_devices d where d.transfer_id = t.transfer_id and d.status = ${STATUS.agentTransfer}), '{}') as imei
      from rm.inventory_transfers t join rm.org_users u on u.id = t.agent_id join rm.org_offices o on o.id = t.office_id
      where ${where} order by t.created_at desc ${pageWindow(filters)}`.execute(db),
    sql<{ total: number }>`select count(*)::int as total from rm.inventory_transfers t join rm.org_users u on u.id = t.agent_id where ${where}`.execute(db),
  ]);
  return { data: rows.rows, total: count.rows[0]!.total, current_page: filters.page };
}

/** Reassign Inventory: devices in statuses 3, 4 and 5 in scope. */
export type ReassignFilters = { keyword?: string; office_id?: string; agent_id?: string; carton?: string; imei?: string; status?: number };

/** Devices in statuses 3, 4 and 5 in scope that match the Reassign filters; `d` the device, `o` its office. */
function reassignWhere(scope: Scope, filters: ReassignFilters) {
  const like = containsPattern(filters.keyword);
  return sql`d.status in (${STATUS.reassignable}) and ${officeInScope(scope, sql`d.office_id`)}
    and (${filters.status ?? null}::int is null or d.status = ${filters.status ?? null})
    and (${filters.office_id ?? null}::text is null or d.office_id = ${filters.office_id ?? null})
    and (${filters.agent_id ?? null}::text is null or d.agent_id = ${filters.agent_id ?? null})
    and (${filters.carton ?? null}::text is null or d.carton_number = ${filters.carton ?? null})
    and (${filters.imei ?? null}::text is null or d.imei like ${filters.imei ? `${filters.imei}%` : null})
    and (${like}::text is null or d.imei like ${like} or d.carton_number ilike ${like} or o.name ilike ${like})`;
}

const REASSIGN_SELECT = sql`
  select d.imei, d.carton_number, d.device_type, d.status, d.office_id, o.name as office_name, d.agent_id,
    case when u.id is null then null else ${fullName('u')} end as agent_name, d.assigned_date, ${ageInDays(sql`d.allocation_date`)} as device_age
  from rm.inventory_devices d join rm.org_offices o on o.id = d.office_id left join rm.org_users u on u.id = d.agent_id`;

const withStatusName = <Row extends { status: number }>(row: Row) => ({ ...row, status_name: inventoryStatusName(row.status) });

/** Reassign Inventory: devices in statuses 3, 4 and 5 in scope, most recently moved first. */
export async function reassignableDevices(db: SqlDb, scope: Scope, filters: Paging & ReassignFilters): Promise<Page<ReassignRow>> {
  const where = reassignWhere(scope, filters);
  const [rows, count] = await Promise.all([
    sql<Omit<ReassignRow, 'status_name'>>`${REASSIGN_SELECT}
      where ${where} order by d.updated_at desc, d.imei ${pageWindow(filters)}`.execute(db),
    sql<{ total: number }>`select count(*)::int as total from rm.inventory_devices d join rm.org_offices o on o.id = d.office_id where ${where}`.execute(db),
  ]);
  return { data: rows.rows.map(withStatusName), total: count.rows[0]!.total, current_page: filters.page };
}

/**
 * The same devices for an export, in keyset pages by IMEI: every page is an index range, so a
 * file of 500,000 devices reads at the speed of the first page (OFFSET would rescan them all).
 * The next page is already being read while the caller writes this one.
 */
export async function* reassignableDevicePages(db: SqlDb, scope: Scope, filters: ReassignFilters, pageSize = 2000): AsyncGenerator<ReassignRow[]> {
  const where = reassignWhere(scope, filters);
  const read = async (after: string | null): Promise<ReassignRow[]> => {
    const page = await sql<Omit<ReassignRow, 'status_name'>>`${REASSIGN_SELECT}
      where ${where} and (${after}::text is null or d.imei > ${after}) order by d.imei limit ${pageSize}`.execute(db);
    // New objects of one fixed shape: spreading the driver's row objects (withStatusName) costs
    // more than building them, and leaves every column read of the export slower.
    return page.rows.map((row) => ({
      imei: row.imei,
      carton_number: row.carton_number,
      device_type: row.device_type,
      status: row.status,
      status_name: inventoryStatusName(row.status),
      office_id: row.office_id,
      office_name: row.office_name,
      agent_id: row.agent_id,
      agent_name: row.agent_name,
      assigned_date: row.assigned_date,
      device_age: row.device_age,
    }));
  };
  yield* keysetPages(read, (row) => row.imei, pageSize);
}

const agentDevicesWhere = (agentId: string, keyword: string | undefined) => {
  const like = containsPattern(keyword);
  return sql`d.agent_id = ${agentId} and d.status in (${STATUS.withAgent}) and (${like}::text is null or d.imei like ${like} or d.carton_number ilike ${like})`;
};

/** The agent's own devices (agentinventorylistv1): pending, received and on their way back. */
export async function agentDevices(db: SqlDb, agentId: string, filters: Paging & { keyword?: string }): Promise<Page<AgentDeviceRow>> {
  const where = agentDevicesWhere(agentId, filters.keyword);
  const [rows, count] = await Promise.all([
    sql<Omit<AgentDeviceRow, 'status_name'>>`
      select d.imei, ${ageInDays(sql`d.allocation_date`)} as device_age, d.device_type, d.status, d.assigned_date, d.carton_number as carton, d.manager_id
      from rm.inventory_devices d where ${where} order by d.assigned_date desc nulls last, d.imei ${pageWindow(filters)}`.execute(db),
    sql<{ total: number }>`select count(*)::int as total from rm.inventory_devices d where ${where}`.execute(db),
  ]);
  return { data: rows.rows.map((row) => ({ ...row, status_name: inventoryStatusName(row.status) })), total: count.rows[0]!.total, current_page: filters.page };
}

/**
 * The agent's own devices for an export: keyset pages by IMEI (the screen's OFFSET paging would
 * sort the whole list again for every page: measured quadratic at 52,000 devices).
 */
export async function* agentDevicePages(db: SqlDb, agentId: string, filters: { keyword?: string }, pageSize = 2000): AsyncGenerator<AgentDeviceRow[]> {
  const where = agentDevicesWhere(agentId, filters.keyword);
  const read = async (after: string | null): Promise<AgentDeviceRow[]> => {
    const page = await sql<Omit<AgentDeviceRow, 'status_name'>>`
      select d.imei, ${ageInDays(sql`d.allocation_date`)} as device_age, d.device_type, d.status, d.assigned_date, d.carton_number as carton, d.manager_id
      from rm.inventory_devices d where ${where} and (${after}::text is null or d.imei > ${after}) order by d.imei limit ${pageSize}`.execute(db);
    return page.rows.map((row) => ({ ...row, status_name: inventoryStatusName(row.status) }));
  };
  yield* keysetPages(read, (row) => row.imei, pageSize);
}

/** Jobs of devices waiting for the agent (agent agentassignlist, agent dashboard table). */
export async function agentPendingJobs(db: SqlDb, agentId: string, filters: Paging): Promise<Page<AgentJobRow>> {
  const where = sql`j.agent_id = ${agentId} and j.pending_count > 0`;
  const [rows, count] = await Promise.all([
    sql<AgentJobRow>`
      select j.agent_job_id as job_id, j.manager_id, coalesce(${fullName('m')}, '') as manager_name, j.created_at,
        coalesce((select json_agg(json_build_object('imei', d.imei, 'device_type', d.device_type) order by d.imei)
          from rm.inventory_devices d where d.agent_job_id = j.agent_job_id and d.status = ${STATUS.agentPending}), '[]') as imei_device,
        j.pending_count as total_device_count
      from rm.inventory_agent_jobs j left join rm.org_users m on m.id = j.manager_id
      where ${where} order by j.created_at desc ${pageWindow(filters)}`.execute(db),
    sql<{ total: number }>`select count(*)::int as total from rm.inventory_agent_jobs j where ${where}`.execute(db),
  ]);
  return { data: rows.rows, total: count.rows[0]!.total, current_page: filters.page };
}

/** The device log (device_log/:imei), oldest first, when the device is in the caller's scope now. */
export async function deviceLog(db: SqlDb, scope: Scope, imei: string): Promise<DeviceLogRow[] | undefined> {
  const device = await sql<{ imei: string }>`select imei from rm.inventory_devices d where d.imei = ${imei} and ${officeInScope(scope, sql`d.office_id`)}`.execute(db);
  if (device.rows.length === 0) return undefined;
  const result = await sql<DeviceLogRow>`
    select imei, short_description, created_at, status, type, created_at as updated_at from rm.inventory_device_log where imei = ${imei} order by id`.execute(db);
  return result.rows;
}

/** Is the device in the scope now (its current office inside it)? An auditor's history and as-of questions start here. */
export async function deviceInScope(db: SqlDb, scope: Scope, imei: string): Promise<boolean> {
  const device = await sql<{ imei: string }>`select imei from rm.inventory_devices d where d.imei = ${imei} and ${officeInScope(scope, sql`d.office_id`)}`.execute(db);
  return device.rows.length > 0;
}
