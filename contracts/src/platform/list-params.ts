import { z } from 'zod';
import { MAX_PAGE_SIZE, PAGE_SIZE } from '../reference/reference-lists';
import { blankAsMissing, text, wholeNumber, wholeNumberBetween, wireDate } from './input';

/** Query parameters every paged list shares (doc 1 §3 "query filters used across reports"). */
export const pageParam = wholeNumberBetween(1, 1_000_000, 'page is a whole number from 1 to 1,000,000').default(1);
export const resultsParam = wholeNumberBetween(1, MAX_PAGE_SIZE, `results is a whole number from 1 to ${MAX_PAGE_SIZE}`).default(PAGE_SIZE);
/** Sort direction, ASC or DESC (doc 1 §9), any case. */
export const sortParam = text()
  .transform((value) => value.toUpperCase())
  .pipe(z.enum(['ASC', 'DESC'], { error: 'sort must be ASC or DESC' }))
  .optional();
/**
 * The column a list sorts by (`sort_by`; the onboarding lists call it `sort_key`): one of `keys`,
 * the list's sortable columns; '' means the list's own order. Every list takes it through this one
 * schema, so an unknown key — a mistyped column, `toString`, `__proto__` — is the same 400 naming
 * the allowed keys everywhere, and the keys are the parameter's enum in the OpenAPI document.
 */
export const sortKeyParam = <const Key extends string>(keys: readonly [Key, ...Key[]], name = 'sort_by') =>
  z
    .preprocess(blankAsMissing, z.enum(keys, { error: sortKeyMessage(keys, name) }).optional())
    .meta({ description: "The column the list sorts by (absent or '': the list's own order); any other value is refused with a 400 naming the allowed ones" });
/** What an unknown sort key is answered: the parameter and its allowed keys. */
export const sortKeyMessage = (keys: readonly string[], name = 'sort_by') => `${name} is one of ${keys.join(', ')}`;
/** A date filter on the wire: MM-DD-YYYY (the spec's) or YYYY-MM-DD, answered as YYYY-MM-DD; '' means none. */
export const dateParam = z.preprocess((value) => (value === '' || value === null ? undefined : value), wireDate().optional());
export const keywordParam = text('Search text is text').trim().max(100, 'Search text is at most 100 characters').optional();
/** A required id; numbers are read as text. */
export const idParam = (message: string) => z.preprocess((value) => (typeof value === 'number' ? String(value) : value), text(message).trim().min(1, message).max(64, 'That id is too long'));
/** An optional id: '', 0 and null mean "any". */
export const optionalIdParam = z.preprocess(
  (value) => (value === '' || value === null || value === 0 || value === '0' ? undefined : typeof value === 'number' ? String(value) : value),
  text('An id is text').trim().max(64, 'That id is too long').optional(),
);
/** Optional free text of at most `max` characters; '' means none. */
export const optionalTextParam = (max: number) => z.preprocess((value) => (value === '' || value === null ? undefined : value), text().trim().max(max, `At most ${max} characters`).optional());
/** An optional whole-number code or flag; '' means none. */
export const optionalWholeNumberParam = z.preprocess((value) => (value === '' || value === null ? undefined : value), wholeNumber().optional());
/**
 * The items of a multi-select as sent: an array as it is, text split at commas (blanks dropped), a
 * number as one item; anything else is left for the schema to refuse (never converted to text,
 * which an object with a hostile `toString` would make throw).
 */
export function listItems(value: unknown): unknown {
  if (Array.isArray(value)) return value.map((item) => (typeof item === 'string' ? item.trim() : item)).filter((item) => item !== '');
  if (typeof value === 'string') return value.split(',').map((item) => item.trim()).filter(Boolean);
  if (typeof value === 'number') return [value];
  return value;
}

/**
 * A multi-select filter: one code, a comma-joined list or an array (`role=2,3`, `role[]=2&role[]=3`),
 * each one of `known`; absent or empty means every code. Answers the distinct codes.
 */
export const codeListParam = (name: string, known: readonly number[]) => {
  const message = `${name} is a list of ${known.join(', ')}`;
  return z.preprocess(
    (value) => (value === undefined || value === null || value === '' ? undefined : listItems(value)),
    z
      .array(wholeNumber(message), { error: message })
      .max(known.length, message)
      .refine((codes) => codes.every((code) => known.includes(code)), message)
      .transform((codes) => [...new Set(codes)])
      .optional(),
  );
};
