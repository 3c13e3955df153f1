import { z } from 'zod';

/** Type-ahead term (doc 1 §5: searches start at 2 characters; shorter terms list everything). */
export const termQuery = z.object({
  term: z.string().trim().max(100, 'Search text is at most 100 characters').optional(),
});
export type TermQuery = z.infer<typeof termQuery>;

/** The role keys of `GET /api/v1/userlist_based_on_role/:role` (doc 1 §6, doc 3 §7 Users). */
export const userLookupRoles = ['agent', 'office_manager', 'office_supervisor', 'ibo_manager', 'ibo_supervisor'] as const;
export const userLookupParams = z.object({
  role: z.enum(userLookupRoles, { error: `role must be one of ${userLookupRoles.join(', ')}` }),
});
export type UserLookupParams = z.infer<typeof userLookupParams>;

const sortDirection = z
  .string()
  .transform((value) => value.toUpperCase())
  .pipe(z.enum(['ASC', 'DESC'], { error: 'sort must be ASC or DESC' }));

/** `GET /api/v1/offices` (doc 3 §7 Offices): paged, filtered, sorted. `ibo_marketer` is the spec's other name for `ibo_marketer_id`. */
export const officeListQuery = z
  .object({
    page: z.coerce.number({ error: 'page must be a number' }).int().min(1, 'page starts at 1').default(1),
    results: z.coerce.number({ error: 'results must be a number' }).int().min(1).max(100, 'results is at most 100').default(10),
    status: z.coerce.number().int().refine((value) => value === 0 || value === 1, 'status is 1 (active) or 0 (inactive)').optional(),
    search_text: z.string().trim().max(100).optional(),
    keyword: z.string().trim().max(100).optional(),
    ibo_marketer_id: z.string().max(64).optional(),
    ibo_marketer: z.string().max(64).optional(),
    office_id: z.string().max(64).optional(),
    lifeline_status: z.string().max(20).optional(),
    sort_by: z.enum(['name', 'office_number', 'ibo_marketer_name', 'created_at', 'status', 'state_short_name'], { error: 'Unknown sort column' }).optional(),
    sort: sortDirection.optional(),
  })
  .transform(({ keyword, ibo_marketer, ...rest }) => ({
    ...rest,
    search_text: rest.search_text || keyword || undefined,
    ibo_marketer_id: rest.ibo_marketer_id || ibo_marketer || undefined,
  }));
export type OfficeListQuery = z.infer<typeof officeListQuery>;
