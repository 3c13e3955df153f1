import type { Page } from '../platform/page';
import type { RoleId } from '../platform/roles';

/** A role a user holds, as the Users list tags it (doc 3 §3 User `role_info`). */
export interface UserRoleInfo {
  readonly role_id: RoleId;
  readonly role_name: string;
}

/** One row of the Users list (doc 3 §2 columns, §3 User). Dates ISO; a field never given is null. */
export interface UserRow {
  readonly id: string;
  readonly first_name: string;
  readonly middle_name: string | null;
  readonly last_name: string;
  readonly email: string;
  readonly mobile_number: string | null;
  readonly role_info: readonly UserRoleInfo[];
  /** The office an agent works in (a manager's own office, when given). */
  readonly office_id: string | null;
  readonly office_number: string | null;
  readonly office_name: string | null;
  /** The offices the user manages or supervises (doc 3 §3 `office_mapping_info`). */
  readonly office_mapping_info: readonly { readonly office_id: string }[];
  readonly ibo_marketer_id: string | null;
  readonly user_ibo_market_name: string | null;
  readonly retailer_id: string | null;
  readonly distributor_id: string | null;
  readonly master_agent_id: string | null;
  readonly address: string | null;
  readonly city: string | null;
  readonly state: string | null;
  readonly zip: string | null;
  readonly gender_id: number | null;
  readonly dob: string | null;
  readonly application_date: string | null;
  readonly rad: string | null;
  readonly promo_code: string | null;
  readonly excess_code: string | null;
  /** 1 active (shown green), 0 inactive (doc 3 §4). */
  readonly status: number;
  readonly status_text: string;
  readonly updated_at: string;
  readonly created_at: string;
}

/** `GET /api/v1/users`: the page, and when the users' read model last changed (doc 3 §3 `last_run_date`; our reading). */
export interface UserListAnswer {
  readonly items: Page<UserRow>;
  readonly last_run_date: string | null;
}

/** A person named in a unit's manager lists (doc 3 §3 `get_manager_info`). */
export interface UnitPerson {
  readonly user_id: string;
  readonly name: string;
}

/** One row of the Office list (doc 3 §2 columns, §3 Office; GET /api/v1/offices and its export). */
export interface OfficeRow {
  readonly id: string;
  readonly name: string;
  readonly office_number: string;
  readonly state_short_name: string;
  readonly ibo_marketer_id: string;
  readonly ibo_marketer_name: string;
  /** 1 active, 0 inactive. */
  readonly status: number;
  /** 1: Send Invite offers the office (our reading of doc 3 §2 "Send Invite (Yes=1/NO=0)"). */
  readonly lifeline_status: number;
  readonly get_manager_info: readonly UnitPerson[];
  readonly get_supervisor_info: readonly UnitPerson[];
  /** The managers of the office's IBO/market. */
  readonly get_ibo_manager_info: readonly UnitPerson[];
  readonly master_agent_name: string;
  readonly distributor_name: string;
  readonly retailer_name: string;
  /** ISO 8601, UTC. */
  readonly created_at: string;
  /** The status of the form sent to the unit for review (doc 3 §3, §4; contracts' FORM_STATUS); null while none was sent. */
  readonly form_status: number | null;
  /** That form (the Accept/Reject modal's filled copy: GET /api/v1/get_document/{own id}?form_id=); null while none was sent. */
  readonly form_id: string | null;
}

/** One row of the IBO/Market list (doc 3 §2 columns, §3 IBO/Market). */
export interface MarketRow {
  readonly id: string;
  readonly name: string;
  readonly retailer_id: string;
  /** 1 active, 0 inactive. */
  readonly status: number;
  readonly get_manager_info: readonly UnitPerson[];
  readonly get_supervisor_info: readonly UnitPerson[];
  readonly master_agent_name: string;
  readonly distributor_name: string;
  readonly retailer_name: string;
  readonly created_at: string;
  /** The status of the form sent to the IBO/market for review (contracts' FORM_STATUS); null while none was sent. */
  readonly form_status: number | null;
  /** That form; null while none was sent. */
  readonly form_id: string | null;
}
