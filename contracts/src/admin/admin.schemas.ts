import { z } from 'zod';
import { birthDate, blankAsMissing, requiredText, text, wholeNumber, wireDate, zipCode } from '../platform/input';
import { codeListParam, idParam, keywordParam, listItems, optionalIdParam, pageParam, resultsParam, sortKeyParam, sortParam } from '../platform/list-params';
import { emailAddress, mobileNumber, optionalPersonName, personName } from '../platform/person';
import { ROLE_IDS } from '../platform/roles';
import { agentStatuses, genders, usStates } from './admin.codes';

/** An id chosen in a select: a string (numbers are accepted and read as text); missing or empty → `message`. */
const chosenId = (message: string) =>
  z.preprocess((value) => (typeof value === 'number' ? String(value) : value), text(message).trim().min(1, message).max(64, 'That id is too long'));

/** POST /api/v1/change_office (doc 3 §7 Users; the Users list's Agent Office Transfer drawer, doc 3 §5). */
export const changeOfficeBody = z.object({
  office_id: chosenId('Please select office'),
  agent_id: chosenId('Please select agent'),
});
export type ChangeOfficeBody = z.infer<typeof changeOfficeBody>;

/** The Users list's sortable columns (doc 3 §2 "most columns sort server-side"): the row's field names. */
export const USER_LIST_SORT_KEYS = [
  'first_name', 'middle_name', 'last_name', 'email', 'mobile_number', 'office_number', 'user_ibo_market_name',
  'rad', 'excess_code', 'address', 'city', 'state', 'zip', 'status', 'updated_at', 'created_at',
] as const;
export type UserListSortKey = (typeof USER_LIST_SORT_KEYS)[number];

/** `GET /api/v1/users` (doc 3 §7 Users): role and status multi-selects, keyword, office, IBO/market; sorted, paged. */
export const userListQuery = z
  .object({
    page: pageParam,
    results: resultsParam,
    role: codeListParam('role', ROLE_IDS),
    status: codeListParam('status', agentStatuses.map((status) => status.id)),
    search_text: keywordParam,
    keyword: keywordParam,
    office_id: optionalIdParam,
    ibo_marketer_id: optionalIdParam,
    sort_by: sortKeyParam(USER_LIST_SORT_KEYS),
    sort: sortParam,
  })
  .transform(({ keyword, ...rest }) => ({ ...rest, search_text: rest.search_text || keyword || undefined }));
export type UserListQuery = z.infer<typeof userListQuery>;

// ---------------------------------------------------------------------------------------------
// Add User and Edit User (doc 3 §2, §5 Add/Edit User, §7 POST /api/v1/users[/{id}])
// ---------------------------------------------------------------------------------------------

const optionalLine = (max: number) => z.preprocess(blankAsMissing, text(`At most ${max} characters`).trim().max(max, `At most ${max} characters`).optional());
const optionalChosenId = z.preprocess((value) => (value === 0 || value === '0' ? undefined : blankAsMissing(typeof value === 'number' ? String(value) : value)), text('An id is text').trim().max(64, 'That id is too long').optional());

export const USER_FORM_MESSAGES = {
  firstName: 'Please input first name',
  lastName: 'Please input your last name',
  middleName: 'Middle name is letters, space and dot only, 2-30 characters',
  email: 'Enter valid email address',
  // doc 3 §5 says "Mobile is 10 digits"; the words are Send Invite's (doc 3 §5), spacing and all.
  mobile: 'Please input  valid mobile number',
  role: 'Please input Role',
  iboMarket: 'Please input IBO / Market',
  office: 'Please select office',
  retailer: 'Please input Retailer',
  zip: 'Zip is digits only, at most 5',
  gender: `gender_id is one of ${genders.map((gender) => gender.id).join(', ')}`,
  state: 'State is a US state short name',
  rad: 'RAD ID is letters and digits, at most 9',
} as const;

/** `role_id`: one role or a list (a manager-level role, maybe with Agent); '' is missing. */
const roleIdList = z.preprocess(
  (value) => {
    const blank = blankAsMissing(value);
    return blank === undefined ? undefined : listItems(blank);
  },
  z
    .array(wholeNumber(USER_FORM_MESSAGES.role), { error: USER_FORM_MESSAGES.role })
    .min(1, USER_FORM_MESSAGES.role)
    .max(2, 'A user holds one manager-level role, and may also be an agent')
    .refine((roles) => roles.every((role) => (ROLE_IDS as readonly number[]).includes(role)), USER_FORM_MESSAGES.role)
    .transform((roles) => [...new Set(roles)]),
);

/** The fields Add User and Edit User share (doc 3 §7 Users). Which of IBO/market and office are required depends on the role: the decider says. */
const userFormFields = {
  first_name: personName(USER_FORM_MESSAGES.firstName),
  middle_name: optionalPersonName(USER_FORM_MESSAGES.middleName),
  last_name: personName(USER_FORM_MESSAGES.lastName),
  role_id: roleIdList.optional(),
  ibo_marketer_id: optionalChosenId,
  office_id: optionalChosenId,
  retailer_id: optionalChosenId,
  distributor_id: optionalChosenId,
  master_agent_id: optionalChosenId,
  rad: z.preprocess(blankAsMissing, text(USER_FORM_MESSAGES.rad).trim().regex(/^[A-Za-z0-9]{1,9}$/, USER_FORM_MESSAGES.rad).optional()),
  promo_code: optionalLine(50),
  excess_code: optionalLine(50),
  gender_id: z.preprocess(blankAsMissing, wholeNumber(USER_FORM_MESSAGES.gender).refine((id) => genders.some((gender) => gender.id === id), USER_FORM_MESSAGES.gender).optional()),
  dob: z.preprocess(blankAsMissing, birthDate().optional()),
  application_date: z.preprocess(blankAsMissing, wireDate().optional()),
  address: optionalLine(200),
  city: optionalLine(100),
  state: z.preprocess(
    (value) => (typeof value === 'string' ? blankAsMissing(value.trim().toUpperCase()) : blankAsMissing(value)),
    text(USER_FORM_MESSAGES.state).refine((short) => usStates.some((state) => state.short_name === short), USER_FORM_MESSAGES.state).optional(),
  ),
  zip: zipCode(USER_FORM_MESSAGES.zip).optional(),
};

/** POST /api/v1/users (Add User): e-mail and mobile given here only (disabled on Edit, doc 3 §2). */
export const addUserBody = z.object({
  ...userFormFields,
  email: emailAddress(USER_FORM_MESSAGES.email),
  mobile_number: mobileNumber(USER_FORM_MESSAGES.mobile),
});
export type AddUserBody = z.infer<typeof addUserBody>;

/** POST /api/v1/users/{id} (Edit User, `_method PUT`): e-mail and mobile may be sent but are never changed. */
export const editUserBody = z.object({
  ...userFormFields,
  _method: z.preprocess(blankAsMissing, text().optional()),
  email: z.unknown().optional(),
  mobile_number: z.unknown().optional(),
});
export type EditUserBody = z.infer<typeof editUserBody>;

export const userIdParams = z.object({ id: idParam('No such user') });

// ---------------------------------------------------------------------------------------------
// IBOs/Markets (doc 3 §2 IBO/Market list, Add/Edit IBO/Market; §5; §7 IBOs/Markets)
// ---------------------------------------------------------------------------------------------

/** A status filter or action: 1 active, 0 inactive (doc 3 §4, §9). */
const UNIT_STATUS_MESSAGE = 'status is 1 (active) or 0 (inactive)';
const unitStatus = wholeNumber(UNIT_STATUS_MESSAGE).refine((value) => value === 0 || value === 1, UNIT_STATUS_MESSAGE).transform((value) => value as 0 | 1);

export const MARKET_LIST_SORT_KEYS = ['name', 'retailer_name', 'created_at', 'status'] as const;

/** `GET /api/v1/ibo_marketers`: status, keyword, retailer, one IBO/market (role 12's filter), sorted, paged. */
export const marketListQuery = z
  .object({
    page: pageParam,
    results: resultsParam,
    status: z.preprocess(blankAsMissing, unitStatus.optional()),
    search_text: keywordParam,
    keyword: keywordParam,
    retailer: optionalIdParam,
    retailer_id: optionalIdParam,
    ibo_marketer_id: optionalIdParam,
    sort_by: sortKeyParam(MARKET_LIST_SORT_KEYS),
    sort: sortParam,
  })
  .transform(({ keyword, retailer, ...rest }) => ({ ...rest, search_text: rest.search_text || keyword || undefined, retailer_id: rest.retailer_id || retailer || undefined }));
export type MarketListQuery = z.infer<typeof marketListQuery>;

/** Users chosen in a multi-select (`manager_id`, `supervisor_id`): one id, a comma list or an array; none is fine. */
const chosenUsers = z.preprocess(
  (value) => {
    const blank = blankAsMissing(value);
    const items = blank === undefined ? [] : listItems(blank);
    return Array.isArray(items) ? items.map((item) => (typeof item === 'number' ? String(item) : item)) : items;
  },
  z.array(text('A user id is text').trim().min(1).max(64, 'That id is too long'), { error: 'Choose users from the list' }).max(50, 'At most 50 users').transform((ids) => [...new Set(ids)]),
);

export const MARKET_FORM_MESSAGES = {
  retailer: 'Please input Retailer',
  nameOnAdd: 'Please input IBO / Market Name',
  nameOnEdit: 'Please input IBO / Marketer',
} as const;

/** POST /api/v1/ibo_marketers (Add IBO/Market): the retailer is the caller's own for role 12. */
export const addMarketBody = z.object({
  name: requiredText(MARKET_FORM_MESSAGES.nameOnAdd, 100),
  retailer_id: optionalChosenId,
  manager_id: chosenUsers,
  supervisor_id: chosenUsers,
});
export type AddMarketBody = z.infer<typeof addMarketBody>;

/** POST /api/v1/ibo_marketers/{id} (Edit IBO/Market, `_method PUT`): the name and the IBO managers; the retailer does not move. */
export const editMarketBody = z.object({
  name: requiredText(MARKET_FORM_MESSAGES.nameOnEdit, 100),
  retailer_id: optionalChosenId,
  manager_id: chosenUsers,
  supervisor_id: chosenUsers,
  _method: z.preprocess(blankAsMissing, text().optional()),
});
export type EditMarketBody = z.infer<typeof editMarketBody>;

/** POST /api/v1/ibo_marketers/action/{id} and /api/v1/offices/action/{id}: the status to set. */
export const unitStatusBody = z.object({ status: z.preprocess((value) => (value === undefined || value === null || value === '' ? undefined : value), unitStatus) });
export type UnitStatusBody = z.infer<typeof unitStatusBody>;

export const marketIdParams = z.object({ id: idParam('No such IBO/Market') });

// ---------------------------------------------------------------------------------------------
// Offices (doc 3 §2 Office list, Add/Edit Office; §4 Edit Office; §5 Add Office; §7 Offices)
// ---------------------------------------------------------------------------------------------

export const OFFICE_FORM_MESSAGES = {
  market: 'Please select',
  state: 'Please select option',
} as const;

const inviteSetting = z.preprocess(
  (value) => (blankAsMissing(value) === undefined ? undefined : value === true ? 1 : value === false ? 0 : value),
  wholeNumber('lifeline_status is 1 (Send Invite offers the office) or 0').refine((value) => value === 0 || value === 1, 'lifeline_status is 1 (Send Invite offers the office) or 0').transform((value) => value as 0 | 1).optional(),
);

/** POST /api/v1/offices (Add Office): no name field in the spec's form — the number and name are generated (docs/ADMIN.md). */
export const addOfficeBody = z.object({
  state_short_name: z.preprocess(
    (value) => (typeof value === 'string' ? blankAsMissing(value.trim().toUpperCase()) : blankAsMissing(value)),
    text(OFFICE_FORM_MESSAGES.state).refine((short) => usStates.some((state) => state.short_name === short), OFFICE_FORM_MESSAGES.state),
  ),
  ibo_marketer_id: optionalChosenId,
  manager_id: chosenUsers,
  supervisor_id: chosenUsers,
  lifeline_status: inviteSetting,
});
export type AddOfficeBody = z.infer<typeof addOfficeBody>;

/** POST /api/v1/offices/{id} (Edit Office, `_method PUT`): managers and the Send Invite setting; name and IBO/market are shown disabled and never change. */
export const editOfficeBody = z.object({
  name: z.unknown().optional(),
  ibo_marketer_id: z.unknown().optional(),
  agent_id: z.unknown().optional(),
  manager_id: chosenUsers,
  supervisor_id: chosenUsers,
  lifeline_status: inviteSetting,
  _method: z.preprocess(blankAsMissing, text().optional()),
});
export type EditOfficeBody = z.infer<typeof editOfficeBody>;

export const officeIdParams = z.object({ id: idParam('No such office') });
