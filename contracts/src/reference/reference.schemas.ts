import { z } from 'zod';
import { text, wholeNumber } from '../platform/input';
import { keywordParam, optionalIdParam, pageParam, resultsParam, sortKeyParam, sortParam } from '../platform/list-params';

/** Type-ahead term (doc 1 §5: searches start at 2 characters; shorter terms list everything). */
export const termQuery = z.object({
  term: text('Search text is text').trim().max(100, 'Search text is at most 100 characters').optional(),
});
export type TermQuery = z.infer<typeof termQuery>;

/** `GET /api/v1/reference/offices`: a typed term, and (ours) the IBO/market whose offices a form's office picker offers. */
export const officeTermQuery = termQuery.extend({
  ibo_marketer_id: optionalIdParam,
  /** 1: only offices Send Invite offers (active, `lifeline_status` 1; doc 3 Send Invite, docs/ADMIN.md). */
  send_invite: z.preprocess((value) => (value === '' || value === null ? undefined : value), z.enum(['1'], { error: 'send_invite is 1' }).optional()),
});
export type OfficeTermQuery = z.infer<typeof officeTermQuery>;

/** The role keys of `GET /api/v1/userlist_based_on_role/:role` (doc 1 §6, doc 3 §7 Users). */
export const userLookupRoles = ['agent', 'office_manager', 'office_supervisor', 'ibo_manager', 'ibo_supervisor'] as const;
export const userLookupParams = z.object({
  role: z.enum(userLookupRoles, { error: `role must be one of ${userLookupRoles.join(', ')}` }),
});
export type UserLookupParams = z.infer<typeof userLookupParams>;

/** `GET /api/v1/offices` (doc 3 §7 Offices): paged, filtered, sorted. `ibo_marketer` is the spec's other name for `ibo_marketer_id`. */
export const officeListQuery = z
  .object({
    page: pageParam,
    results: resultsParam,
    status: z.preprocess((value) => (value === '' ? undefined : value), wholeNumber('status is 1 (active) or 0 (inactive)').refine((value) => value === 0 || value === 1, 'status is 1 (active) or 0 (inactive)').optional()),
    search_text: keywordParam,
    keyword: keywordParam,
    ibo_marketer_id: optionalIdParam,
    ibo_marketer: optionalIdParam,
    office_id: optionalIdParam,
    // Send Invite (Yes=1/NO=0): our reading of lifeline_status, docs/ADMIN.md.
    lifeline_status: z.preprocess((value) => (value === '' ? undefined : value), wholeNumber('lifeline_status is 1 (yes) or 0 (no)').refine((value) => value === 0 || value === 1, 'lifeline_status is 1 (yes) or 0 (no)').optional()),
    sort_by: sortKeyParam(['name', 'office_number', 'ibo_marketer_name', 'created_at', 'status', 'state_short_name']),
    sort: sortParam,
  })
  .transform(({ keyword, ibo_marketer, ...rest }) => ({
    ...rest,
    search_text: rest.search_text || keyword || undefined,
    ibo_marketer_id: rest.ibo_marketer_id || ibo_marketer || undefined,
  }));
export type OfficeListQuery = z.infer<typeof officeListQuery>;
