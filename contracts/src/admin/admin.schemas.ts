import { z } from 'zod';
import { text } from '../platform/input';
import { codeListParam, keywordParam, optionalIdParam, pageParam, resultsParam, sortParam } from '../platform/list-params';
import { ROLE_IDS } from '../platform/roles';
import { agentStatuses } from './admin.codes';

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
    sort_by: z.enum(USER_LIST_SORT_KEYS, { error: 'Unknown sort column' }).optional(),
    sort: sortParam,
  })
  .transform(({ keyword, ...rest }) => ({ ...rest, search_text: rest.search_text || keyword || undefined }));
export type UserListQuery = z.infer<typeof userListQuery>;
