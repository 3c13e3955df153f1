/**
 * The shape of the product's fixed code lists (each capability keeps its own in
 * `contracts/src/<capability>/<capability>.codes.ts`: what `GET /api/v1/reference/{name}` answers (doc 1 §7,
 * doc 2 §7, doc 3 §7) and what deciders, projections and the console compare against.
 *
 * Every entry names where its codes come from. Where the spec gives a code but no name, or
 * says a list exists but not what is in it, the name is ours: such entries are marked
 * "name ours" (or the whole list "names ours") and follow DESIGN.md §11. Change one only
 * with a reason written down, and then everywhere.
 */

/** The shape of the spec's reference lists: "Generally id and name" (doc 3 §3, doc 1 §3). */
export interface ReferenceItem {
  readonly id: number;
  readonly name: string;
}

// ---------------------------------------------------------------------------------------------
// Constants (doc 1 §9, doc 2 §9, doc 3 §9; DESIGN.md §6, §11)
// ---------------------------------------------------------------------------------------------

/** Table page size: inventory, agents, offices, legacy, users (doc 1 §9, doc 3 §9). */
export const PAGE_SIZE = 10;

/**
 * The page sizes a user may choose on every table (ours: the spec fixes only the default, and a
 * retailer manager's 10-row pages number in the thousands). The largest is the API's `results` limit.
 */
export const PAGE_SIZE_CHOICES = [10, 25, 50, 100] as const;
export const MAX_PAGE_SIZE = 100;

/** Stored login lifetime, "about 1,000,000,000 ms" (about 11.6 days; doc 1 §4, §9; DESIGN.md §6). */
export const SESSION_LIFETIME_MS = 1_000_000_000;

/** Every date the user reads or types (doc 1 §9, doc 2 §9, doc 3 §9). */
export const DATE_FORMAT = 'MM-DD-YYYY';

/** Sold (activated) counts cover the last 30 days (doc 1 §1, §9; DESIGN.md §11). */
export const SOLD_WINDOW_DAYS = 30;

/** The business's time zone unless configured otherwise (DESIGN.md §11). */
export const BUSINESS_TIME_ZONE_DEFAULT = 'America/Chicago';
