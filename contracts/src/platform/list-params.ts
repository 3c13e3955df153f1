import { z } from 'zod';

/** Query parameters every paged list shares (doc 1 §3 "query filters used across reports"). */
export const pageParam = z.coerce.number({ error: 'page must be a number' }).int().min(1, 'page starts at 1').default(1);
export const resultsParam = z.coerce.number({ error: 'results must be a number' }).int().min(1).max(100, 'results is at most 100').default(10);
/** Sort direction, ASC or DESC (doc 1 §9), any case. */
export const sortParam = z
  .string()
  .transform((value) => value.toUpperCase())
  .pipe(z.enum(['ASC', 'DESC'], { error: 'sort must be ASC or DESC' }))
  .optional();
/** A date filter on the wire: YYYY-MM-DD (the console shows MM-DD-YYYY); '' means none. */
export const dateParam = z.preprocess((value) => (value === '' ? undefined : value), z.iso.date({ error: 'Dates are YYYY-MM-DD' }).optional());
export const keywordParam = z.string().trim().max(100).optional();
/** A required id; numbers are read as text. */
export const idParam = (message: string) => z.preprocess((value) => (typeof value === 'number' ? String(value) : value), z.string({ error: message }).trim().min(1, message).max(64));
/** An optional id: '', 0 and null mean "any". */
export const optionalIdParam = z.preprocess(
  (value) => (value === '' || value === null || value === 0 || value === '0' ? undefined : typeof value === 'number' ? String(value) : value),
  z.string().trim().max(64).optional(),
);
/** Optional free text of at most `max` characters; '' means none. */
export const optionalTextParam = (max: number) => z.preprocess((value) => (value === '' || value === null ? undefined : value), z.string().trim().max(max).optional());
