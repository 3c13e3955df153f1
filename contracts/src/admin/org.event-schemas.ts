import { z } from 'zod';
import type { EventSchemas } from '../platform/event-schemas';
import { ROLE_IDS, ROLE_NAMES } from '../platform/roles';
import type { OrgEvent } from './org.events';
import { genders } from './admin.codes';

/** 1 active, 0 inactive (doc 3 §4). */
const unitStatus = z.literal([0, 1]).describe('1 active, 0 inactive');

/** Send Invite offers the office (doc 3 §2 "Send Invite (Yes=1/NO=0)"). */
const lifelineStatus = z.literal([0, 1]).describe('Whether Send Invite offers the office: 1 yes, 0 no');

const roleIds = z.array(z.literal(ROLE_IDS)).describe(`Role codes: ${ROLE_IDS.map((role) => `${role} ${ROLE_NAMES[role]}`).join(', ')}`);

const isoDate = (what: string) => z.string().describe(`${what}, ISO 8601 date YYYY-MM-DD`);

/** A unit's managers and add-on managers (supervisors), each list whole: it replaces the previous one. */
const unitManagers = {
  manager_ids: z.array(z.uuid()).describe('The unit\u2019s managers (user ids), the whole list'),
  supervisor_ids: z.array(z.uuid()).describe('The unit\u2019s add-on managers / supervisors (user ids), the whole list'),
};

/** A user's own data, as the Users screens show it (doc 3 §3 User): `UserProfile`. */
export const userProfileSchema = z.object({
  email: z.string(),
  first_name: z.string(),
  middle_name: z.string().optional(),
  last_name: z.string(),
  mobile_number: z.string().optional(),
  office_id: z.uuid().optional().describe('The office an agent works in'),
  ibo_marketer_id: z.uuid().optional(),
  retailer_id: z.uuid().optional(),
  distributor_id: z.uuid().optional(),
  master_agent_id: z.uuid().optional(),
  address: z.string().optional(),
  city: z.string().optional(),
  state: z.string().optional().describe('US state short code, e.g. TX'),
  zip: z.string().optional(),
  gender_id: z
    .number()
    .int()
    .optional()
    .describe(`Gender code: ${genders.map((gender) => `${gender.id} ${gender.name}`).join(', ')}`),
  dob: isoDate('Date of birth').optional(),
  application_date: isoDate('Application date').optional(),
  rad: z.string().optional().describe('The RAD ID'),
  promo_code: z.string().optional(),
  excess_code: z.string().optional().describe('The ETC code (the Users list\u2019s "ETC Code")'),
});

/** Edit User's own fields (`UserProfileEdit`): e-mail and mobile are never edited, the office moves by AgentOfficeChanged. */
export const userProfileEditSchema = userProfileSchema.omit({ email: true, mobile_number: true, office_id: true });

export const ORG_EVENT_SCHEMAS = {
  MasterAgentRegistered: z.object({ master_agent_id: z.uuid(), name: z.string() }).describe('A master agent, the top of the organisation, was registered.'),
  DistributorRegistered: z.object({ distributor_id: z.uuid(), name: z.string(), master_agent_id: z.uuid() }).describe('A distributor was registered under a master agent.'),
  RetailerRegistered: z.object({ retailer_id: z.uuid(), name: z.string(), distributor_id: z.uuid() }).describe('A retailer was registered under a distributor.'),
  IboMarketCreated: z.object({ ibo_marketer_id: z.uuid(), name: z.string(), retailer_id: z.uuid() }).describe('An IBO/market was created in a retailer.'),
  IboMarketManagersAssigned: z.object({ ibo_marketer_id: z.uuid(), ...unitManagers }).describe('An IBO/market\u2019s managers and add-on managers were set, replacing the previous lists.'),
  IboMarketRenamed: z.object({ ibo_marketer_id: z.uuid(), name: z.string() }).describe('An IBO/market was renamed.'),
  IboMarketStatusChanged: z.object({ ibo_marketer_id: z.uuid(), status: unitStatus }).describe('An IBO/market was activated or deactivated.'),
  OfficeCreated: z
    .object({
      office_id: z.uuid(),
      name: z.string(),
      office_number: z.string().describe('OF and at least three digits, e.g. OF001'),
      state_short_name: z.string().describe('US state short code, e.g. TX'),
      ibo_marketer_id: z.uuid(),
      lifeline_status: lifelineStatus.optional().describe('Whether Send Invite offers the office: 1 yes, 0 no; absent means 1'),
    })
    .describe('An office was created in an IBO/market, with its office number and state.'),
  OfficeInviteSettingChanged: z.object({ office_id: z.uuid(), lifeline_status: lifelineStatus }).describe('Whether Send Invite offers the office was changed.'),
  OfficeNumberTaken: z
    .object({ office_id: z.uuid(), office_number: z.string().describe('OF and at least three digits, e.g. OF001') })
    .describe('The office-number counter (stream office-numbers) gave a number to a new office: numbers are never given twice.'),
  OfficeManagersAssigned: z.object({ office_id: z.uuid(), ...unitManagers }).describe('An office\u2019s managers and add-on managers were set, replacing the previous lists.'),
  OfficeStatusChanged: z.object({ office_id: z.uuid(), status: unitStatus }).describe('An office was activated or deactivated.'),
  UserCreated: userProfileSchema
    .extend({ user_id: z.uuid(), role_ids: roleIds })
    .describe('A user was created with their details, place in the organisation and roles (by an administrator, the seed, or onboarding).'),
  UserRegistered: z.object({ user_id: z.uuid(), email: z.string() }).describe('Someone signed up with an e-mail address: an account with no role until an administrator gives one.'),
  UserRolesChanged: z.object({ user_id: z.uuid(), role_ids: roleIds }).describe('A user\u2019s roles were replaced.'),
  UserProfileEdited: userProfileEditSchema
    .extend({ user_id: z.uuid() })
    .describe('A user\u2019s own details and place were edited (Edit User); e-mail and mobile never change.'),
  AgentOfficeChanged: z.object({ user_id: z.uuid(), office_id: z.uuid() }).describe('An agent moved to another office.'),
  UserPasswordChanged: z
    .object({
      user_id: z.uuid(),
      reason: z.enum(['changed', 'forced_update', 'reset']).describe('changed: by the user, with the old one; forced_update: the first choice after an administrator set it; reset: through an e-mailed link (a reset, or a new account\u2019s welcome link)'),
    })
    .describe('A user\u2019s password was changed (the hash never enters an event).'),
} satisfies EventSchemas<OrgEvent>;
