import { z } from 'zod';

/**
 * The values a client may send, in one place (DESIGN.md §12 "Hostile input"): every request
 * schema of `contracts` builds its text, dates and whole numbers from these, so a control
 * character, an absurd date or a number beyond any column is a 400 naming the field — never a
 * 5xx from the database. ESLint keeps `z.string()` and `z.iso.date()` out of request schemas.
 */

/** C0 control characters and DEL: never in single-line text (a NUL byte alone makes PostgreSQL refuse the value). */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;
/** Multi-line text (a reason, a message) keeps tab, line feed and carriage return. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL_CHARACTERS_BUT_LINES = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
/** Text with its control characters removed, for showing a client-given name (a file's) in a message. */
export const withoutControlCharacters = (value: string) => value.replace(new RegExp(CONTROL_CHARACTERS.source, 'g'), '');
export const CONTROL_CHARACTERS_MESSAGE = 'Text may not contain control characters';

/**
 * Text of one line: a string without control characters. `error` is the message for a missing
 * value or another type (the spec's 'Please input …' where it has one).
 */
export const text = (error?: string) => z.string(error === undefined ? undefined : { error }).refine((value) => !CONTROL_CHARACTERS.test(value), CONTROL_CHARACTERS_MESSAGE);

/** Text that may span lines (reasons, messages, comments). */
export const multilineText = (error?: string) =>
  z.string(error === undefined ? undefined : { error }).refine((value) => !CONTROL_CHARACTERS_BUT_LINES.test(value), CONTROL_CHARACTERS_MESSAGE);

/**
 * A number as a client sends it: a JSON number, or the text of one (a query string). Anything
 * else — an object, a list, a boolean — is left as it is for the schema to refuse: converting it
 * would call into the client's object (`{"toString": "x"}` throws inside Number()).
 */
const DECIMAL = /^\s*-?\d+(\.\d+)?\s*$/;
/** Decimal text only: `Number()` alone would also read '1e3', '0x10' and '0b11' as numbers no person typed. */
const numberFromText = (value: unknown) => (typeof value === 'string' && DECIMAL.test(value) ? Number(value) : value);

/** A whole number within [min, max]; `error` for anything else. */
export const wholeNumberBetween = (min: number, max: number, error: string) => z.preprocess(numberFromText, z.number({ error }).int(error).min(min, error).max(max, error));

/** A number (decimals allowed: a box's weight, its dimensions) within [min, max]; `error` for anything else. */
export const numberBetween = (min: number, max: number, error: string) => z.preprocess(numberFromText, z.number({ error }).min(min, error).max(max, error));

/** '' and null as a missing value: a form's empty field is "not given", with the field's own message when it is required. */
export const blankAsMissing = (value: unknown) => (value === '' || value === null ? undefined : value);

/** Required text of one line, trimmed, at most `max` characters; `message` for missing, blank or another type. */
export const requiredText = (message: string, max: number) => z.preprocess(blankAsMissing, text(message).trim().min(1, message).max(max, `At most ${max} characters`));

/** A US ZIP as the spec asks it (doc 2 §5): digits only, at most 5; one message for every way it is wrong. A JSON number is read as its digits. */
export const zipCode = (message: string) =>
  z.preprocess((value) => (typeof value === 'number' && Number.isSafeInteger(value) ? String(value) : blankAsMissing(value)), text(message).trim().regex(/^\d{1,5}$/, message));

/** Whole numbers a client sends (counts, codes, flags): within PostgreSQL's integer, so no column can overflow. */
export const MAX_WHOLE_NUMBER = 2_147_483_647;
export const wholeNumber = (error = 'Please enter a whole number') => wholeNumberBetween(-MAX_WHOLE_NUMBER, MAX_WHOLE_NUMBER, error);

/** The days a date on the wire may name: a business date outside these is a typing mistake or an attack. */
export const EARLIEST_DATE = '2000-01-01';
export const LATEST_DATE = '2099-12-31';
export const DATE_FORMAT_MESSAGE = 'Dates are MM-DD-YYYY (or YYYY-MM-DD)';
export const DATE_RANGE_MESSAGE = 'Dates are between 01-01-2000 and 12-31-2099';

const US_DATE = /^(\d{2})-(\d{2})-(\d{4})$/;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** YYYY-MM-DD of a date the spec's way (MM-DD-YYYY, doc 1 §9) or ISO; undefined when it is neither or no such day exists. */
export function isoDateOf(value: string): string | undefined {
  const us = US_DATE.exec(value);
  const iso = ISO_DATE.exec(value);
  const [year, month, day] = us ? [us[3]!, us[1]!, us[2]!] : iso ? [iso[1]!, iso[2]!, iso[3]!] : [];
  if (year === undefined) return undefined;
  const instant = new Date(0);
  // setUTCFullYear takes years 0-99 as they are (Date.UTC would read them as 19xx) and rolls 02-30 over to March: a day that does not exist comes back different.
  instant.setUTCFullYear(Number(year), Number(month) - 1, Number(day));
  if (instant.getUTCMonth() !== Number(month) - 1 || instant.getUTCDate() !== Number(day) || instant.getUTCFullYear() !== Number(year)) return undefined;
  return `${year}-${month}-${day}`;
}

/**
 * A calendar date as the spec's client sends it (MM-DD-YYYY) or ISO (YYYY-MM-DD), answered as
 * YYYY-MM-DD, between 2000 and 2099. `error` names the field for a missing value.
 */
export const wireDate = (error = DATE_FORMAT_MESSAGE, range: { readonly earliest: string; readonly latest: string; readonly message: string } = { earliest: EARLIEST_DATE, latest: LATEST_DATE, message: DATE_RANGE_MESSAGE }) =>
  z
    .string({ error })
    .trim()
    .transform((value, context) => {
      const iso = isoDateOf(value);
      if (iso === undefined) {
        context.addIssue({ code: 'custom', message: CONTROL_CHARACTERS.test(value) ? CONTROL_CHARACTERS_MESSAGE : DATE_FORMAT_MESSAGE, input: value });
        return z.NEVER;
      }
      if (iso < range.earliest || iso > range.latest) {
        context.addIssue({ code: 'custom', message: range.message, input: value });
        return z.NEVER;
      }
      return iso;
    })
    .meta({ description: 'A date as MM-DD-YYYY (the spec\'s format) or YYYY-MM-DD, between 01-01-2000 and 12-31-2099', examples: ['11-23-2026', '2026-11-23'] });

export const EARLIEST_BIRTH_DATE = '1900-01-01';
/** How a date of birth is described to clients (the OpenAPI document): its own range, not the business dates'. */
export const BIRTH_DATE_DESCRIPTION = 'A date of birth as MM-DD-YYYY (the spec\'s format) or YYYY-MM-DD, from 01-01-1900 to today (UTC), never in the future';

/** A date of birth (MM-DD-YYYY or ISO): from 1900, never after today (UTC). `description` says what else the field asks (an adult). */
export const birthDate = (description = BIRTH_DATE_DESCRIPTION) =>
  wireDate(DATE_FORMAT_MESSAGE, { earliest: EARLIEST_BIRTH_DATE, latest: LATEST_DATE, message: 'A date of birth is from 01-01-1900' })
    .refine((iso) => iso <= new Date().toISOString().slice(0, 10), 'A date of birth cannot be in the future')
    .meta({ description });

/** A value of `record` under a client-given key, only if the record itself holds it (never `constructor`, `toString`, … from the prototype). */
export function ownValue<V>(record: Readonly<Record<string, V>>, key: string): V | undefined {
  return Object.hasOwn(record, key) ? record[key] : undefined;
}

/**
 * Validation in the browser without `new Function`: zod compiles object validators at run time
 * when eval is allowed, and merely probing for it is refused (and reported) by the console's
 * Content-Security-Policy (`script-src 'self'`). The console calls this once, before any schema
 * parses; the server keeps the compiled validators.
 */
export function validateWithoutEval(): void {
  z.config({ jitless: true });
}
