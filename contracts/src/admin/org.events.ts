import type { RoleId } from '../platform/roles';

/**
 * The organisation as events: master agent → distributor → retailer → IBO/market → office,
 * and the users who work in it. Streams: `master-<id>`, `distributor-<id>`, `retailer-<id>`,
 * `market-<id>`, `office-<id>`, `user-<id>`.
 *
 * Secrets never enter an event (the feed goes to downstream systems): password hashes live in
 * the auth credentials table, written in the same transaction as the event that needs them.
 */
export type OrgEvent =
  | { type: 'MasterAgentRegistered'; data: { master_agent_id: string; name: string } }
  | { type: 'DistributorRegistered'; data: { distributor_id: string; name: string; master_agent_id: string } }
  | { type: 'RetailerRegistered'; data: { retailer_id: string; name: string; distributor_id: string } }
  | { type: 'IboMarketCreated'; data: { ibo_marketer_id: string; name: string; retailer_id: string } }
  | { type: 'IboMarketManagersAssigned'; data: { ibo_marketer_id: string; manager_ids: string[]; supervisor_ids: string[] } }
  | { type: 'IboMarketRenamed'; data: { ibo_marketer_id: string; name: string } }
  /** 1 active, 0 inactive (doc 3 §4). */
  | { type: 'IboMarketStatusChanged'; data: { ibo_marketer_id: string; status: 0 | 1 } }
  | {
      type: 'OfficeCreated';
      /** `lifeline_status` (our reading of doc 3 §2 "Send Invite (Yes=1/NO=0)"): 1 = Send Invite offers the office; absent = 1. */
      data: { office_id: string; name: string; office_number: string; state_short_name: string; ibo_marketer_id: string; lifeline_status?: 0 | 1 };
    }
  | { type: 'OfficeInviteSettingChanged'; data: { office_id: string; lifeline_status: 0 | 1 } }
  /** The office-number counter's record (stream `office-numbers`): numbers are never given twice. */
  | { type: 'OfficeNumberTaken'; data: { office_id: string; office_number: string } }
  | { type: 'OfficeManagersAssigned'; data: { office_id: string; manager_ids: string[]; supervisor_ids: string[] } }
  | { type: 'OfficeStatusChanged'; data: { office_id: string; status: 0 | 1 } }
  | { type: 'UserCreated'; data: UserProfile & { user_id: string; role_ids: RoleId[] } }
  | { type: 'UserRegistered'; data: { user_id: string; email: string } }
  | { type: 'UserRolesChanged'; data: { user_id: string; role_ids: RoleId[] } }
  | { type: 'UserProfileEdited'; data: UserProfileEdit & { user_id: string } }
  | { type: 'AgentOfficeChanged'; data: { user_id: string; office_id: string } }
  | { type: 'UserPasswordChanged'; data: { user_id: string; reason: 'changed' | 'forced_update' | 'reset' } };

export type OrgEventType = OrgEvent['type'];

/** The counter stream of office numbers (OF001, OF002 …), appended with each office the console creates. */
export const OFFICE_NUMBERS_STREAM = 'office-numbers';

/** A user's own data, as the Users screens show it (doc 3 §3 User). */
export interface UserProfile {
  email: string;
  first_name: string;
  middle_name?: string;
  last_name: string;
  mobile_number?: string;
  /** The office an agent works in (agent ↔ office). */
  office_id?: string;
  ibo_marketer_id?: string;
  retailer_id?: string;
  distributor_id?: string;
  master_agent_id?: string;
  /** Add/Edit User's other fields (doc 3 §2, §3 User); `dob` and `application_date` ISO YYYY-MM-DD. */
  address?: string;
  city?: string;
  state?: string;
  zip?: string;
  gender_id?: number;
  dob?: string;
  application_date?: string;
  rad?: string;
  promo_code?: string;
  excess_code?: string;
}

export const ORG_EVENT_TYPES: readonly OrgEventType[] = [
  'MasterAgentRegistered',
  'DistributorRegistered',
  'RetailerRegistered',
  'IboMarketCreated',
  'IboMarketManagersAssigned',
  'IboMarketRenamed',
  'IboMarketStatusChanged',
  'OfficeCreated',
  'OfficeManagersAssigned',
  'OfficeStatusChanged',
  'OfficeInviteSettingChanged',
  'UserCreated',
  'UserRegistered',
  'UserRolesChanged',
  'UserProfileEdited',
  'AgentOfficeChanged',
  'UserPasswordChanged',
];

/** Edit User's own fields (doc 3 §2): e-mail and mobile are never edited; the office moves by AgentOfficeChanged, roles by UserRolesChanged. */
export type UserProfileEdit = Omit<UserProfile, 'email' | 'mobile_number' | 'office_id'>;
