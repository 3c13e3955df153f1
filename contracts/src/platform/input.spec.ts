import type { ZodType } from 'zod';
import {
  CONTROL_CHARACTERS_MESSAGE,
  DATE_FORMAT_MESSAGE,
  DATE_RANGE_MESSAGE,
  MAX_WHOLE_NUMBER,
  isoDateOf,
  multilineText,
  ownValue,
  text,
  wholeNumber,
  wholeNumberBetween,
  wireDate,
  withoutControlCharacters,
} from './input';

/** What a schema makes of a value: `{ value }` when it takes it, `{ messages }` when it refuses it. */
function parsed(schema: ZodType, value: unknown): { value: unknown } | { messages: string[] } {
  const result = schema.safeParse(value);
  return result.success ? { value: result.data } : { messages: [...new Set(result.error.issues.map((issue) => issue.message))] };
}

/** Every C0 control character and DEL, each alone. */
const C0_AND_DEL = [...Array.from({ length: 0x20 }, (_unused, code) => String.fromCharCode(code)), '\u007f'];
/** The ones multi-line text keeps: tab, line feed, carriage return. */
const LINE_CHARACTERS = ['\t', '\n', '\r'];

describe('isoDateOf', () => {
  it('reads the spec’s MM-DD-YYYY and ISO YYYY-MM-DD as YYYY-MM-DD', () => {
    expect(isoDateOf('11-23-2026')).toBe('2026-11-23');
    expect(isoDateOf('2026-11-23')).toBe('2026-11-23');
    expect(isoDateOf('01-05-2026')).toBe('2026-01-05');
    expect(isoDateOf('02-29-2024')).toBe('2024-02-29');
    expect(isoDateOf('2024-02-29')).toBe('2024-02-29');
  });

  it('answers undefined for a day that does not exist', () => {
    for (const value of ['02-30-2026', '02-29-2026', '2026-02-29', '13-01-2026', '2026-13-01', '00-10-2026', '2026-11-00', '04-31-2026', '2026-04-31']) {
      expect({ value, iso: isoDateOf(value) }).toEqual({ value, iso: undefined });
    }
  });

  it('answers undefined for anything but two-digit months and days and four-digit years', () => {
    for (const value of ['2026-1-5', '1-5-2026', '26-11-23', '11/23/2026', '2026/11/23', '20261123', '2026-11-23T00:00:00Z', ' 2026-11-23', '2026-11-23\u0000', '+2026-11-23', '']) {
      expect({ value, iso: isoDateOf(value) }).toEqual({ value, iso: undefined });
    }
  });

  it('takes years as written, 0000 and 0099 too (not 19xx): the range is wireDate’s to check', () => {
    expect(isoDateOf('0000-01-01')).toBe('0000-01-01');
    expect(isoDateOf('01-01-0099')).toBe('0099-01-01');
    expect(isoDateOf('1999-12-31')).toBe('1999-12-31');
    expect(isoDateOf('9999-12-31')).toBe('9999-12-31');
  });
});

describe('wireDate', () => {
  const date = wireDate();

  it('accepts MM-DD-YYYY and YYYY-MM-DD, answering YYYY-MM-DD, around spaces', () => {
    expect(parsed(date, '11-23-2026')).toEqual({ value: '2026-11-23' });
    expect(parsed(date, '2026-11-23')).toEqual({ value: '2026-11-23' });
    expect(parsed(date, ' 11-23-2026 ')).toEqual({ value: '2026-11-23' });
  });

  it('accepts the first and last days of the range and refuses the days beyond, and year zero', () => {
    expect(parsed(date, '01-01-2000')).toEqual({ value: '2000-01-01' });
    expect(parsed(date, '2099-12-31')).toEqual({ value: '2099-12-31' });
    for (const value of ['1999-12-31', '12-31-1999', '2100-01-01', '01-01-2100', '0000-01-01', '9999-12-31']) {
      expect({ value, ...parsed(date, value) }).toEqual({ value, messages: [DATE_RANGE_MESSAGE] });
    }
  });

  it('refuses days that do not exist and other spellings with the format message', () => {
    for (const value of ['02-30-2026', '13-01-2026', '2026-02-29', '2026-1-5', '11/23/2026', 'tomorrow', '']) {
      expect({ value, ...parsed(date, value) }).toEqual({ value, messages: [DATE_FORMAT_MESSAGE] });
    }
  });

  it('refuses a control character with the control-character message', () => {
    for (const value of ['2026-11-23\u0000', '\u00002026-11-23', '11-23-\u00012026', '2026-11-23\u007f', '2026-11\u001b-23']) {
      expect({ value, ...parsed(date, value) }).toEqual({ value, messages: [CONTROL_CHARACTERS_MESSAGE] });
    }
  });

  it('refuses what is not text with its own message (the field’s name where one is given)', () => {
    for (const value of [undefined, null, 20261123, ['2026-11-23'], { toString: () => '2026-11-23' }]) {
      expect(parsed(date, value)).toEqual({ messages: [DATE_FORMAT_MESSAGE] });
    }
    expect(parsed(wireDate('Please select order date'), undefined)).toEqual({ messages: ['Please select order date'] });
  });

  it('describes itself as MM-DD-YYYY for the OpenAPI document', () => {
    expect(date.meta()?.description).toMatch(/MM-DD-YYYY/);
  });
});

describe('text and multilineText', () => {
  it('take ordinary text, accents and emoji included', () => {
    for (const value of ['', 'Houston 2', "O'Brien & Sons (TX) / Ltd.", 'Zoë, José, 東京', '📱 ok']) {
      expect(parsed(text(), value)).toEqual({ value });
      expect(parsed(multilineText(), value)).toEqual({ value });
    }
  });

  it('text refuses every C0 control character and DEL, the line ones too', () => {
    for (const character of C0_AND_DEL) {
      const value = `a${character}b`;
      expect({ code: character.charCodeAt(0), ...parsed(text(), value) }).toEqual({ code: character.charCodeAt(0), messages: [CONTROL_CHARACTERS_MESSAGE] });
    }
  });

  it('multilineText keeps tab, line feed and carriage return, and refuses the other control characters', () => {
    expect(parsed(multilineText(), 'first line\r\nsecond\tline\nthird')).toEqual({ value: 'first line\r\nsecond\tline\nthird' });
    for (const character of C0_AND_DEL) {
      const value = `a${character}b`;
      const expected = LINE_CHARACTERS.includes(character) ? { value } : { messages: [CONTROL_CHARACTERS_MESSAGE] };
      expect({ code: character.charCodeAt(0), ...parsed(multilineText(), value) }).toEqual({ code: character.charCodeAt(0), ...expected });
    }
  });

  it('refuse what is not text with the given message', () => {
    for (const value of [undefined, null, 12, ['a'], { a: 1 }]) {
      expect(parsed(text('Please input name'), value)).toEqual({ messages: ['Please input name'] });
      expect(parsed(multilineText('Please input message'), value)).toEqual({ messages: ['Please input message'] });
    }
  });

  it('withoutControlCharacters removes them all, lines too, for showing a client-given name', () => {
    expect(withoutControlCharacters('a\u0000b\nc\u007fd\te.png')).toBe('abcde.png');
    expect(withoutControlCharacters('plain name.csv')).toBe('plain name.csv');
  });
});

describe('wholeNumber and wholeNumberBetween', () => {
  it('take a whole JSON number, or the text of one as a query string sends it', () => {
    expect(parsed(wholeNumber(), 12)).toEqual({ value: 12 });
    expect(parsed(wholeNumber(), '12')).toEqual({ value: 12 });
    expect(parsed(wholeNumber(), '-7')).toEqual({ value: -7 });
    expect(parsed(wholeNumber(), 0)).toEqual({ value: 0 });
    expect(parsed(wholeNumberBetween(0, 10, 'Pick 0 to 10'), '10')).toEqual({ value: 10 });
  });

  it('stay within PostgreSQL’s integer', () => {
    expect(MAX_WHOLE_NUMBER).toBe(2 ** 31 - 1);
    expect(parsed(wholeNumber(), MAX_WHOLE_NUMBER)).toEqual({ value: MAX_WHOLE_NUMBER });
    expect(parsed(wholeNumber(), -MAX_WHOLE_NUMBER)).toEqual({ value: -MAX_WHOLE_NUMBER });
    for (const value of [MAX_WHOLE_NUMBER + 1, -MAX_WHOLE_NUMBER - 1, String(MAX_WHOLE_NUMBER + 1), 2 ** 53, -(2 ** 53), Number.MAX_SAFE_INTEGER + 2, 1e308, '1e308', Infinity, -Infinity]) {
      expect({ value, ...parsed(wholeNumber(), value) }).toEqual({ value, messages: ['Please enter a whole number'] });
    }
  });

  it('refuse a fraction, a number outside the bounds, and what is not a number, with the one message', () => {
    const between = wholeNumberBetween(0, 10, 'Pick 0 to 10');
    for (const value of [12.5, '12.5', -1, '-1', 11, 2 ** 53, NaN, 'NaN', 'twelve', '', '   ', '12abc', null, undefined, true, [], [3], {}, { valueOf: () => 3 }]) {
      expect({ value, ...parsed(between, value) }).toEqual({ value, messages: ['Pick 0 to 10'] });
    }
    expect(parsed(wholeNumber(), '12.5')).toEqual({ messages: ['Please enter a whole number'] });
    expect(parsed(wholeNumber('Please input quantity'), undefined)).toEqual({ messages: ['Please input quantity'] });
  });

  it('never call into a client’s object (a toString that is not a function would throw inside Number())', () => {
    for (const value of [{ toString: 'x' }, { valueOf: 'x', toString: 'x' }, Object.create(null) as object]) {
      expect(() => wholeNumber().safeParse(value)).not.toThrow();
      expect(parsed(wholeNumber(), value)).toEqual({ messages: ['Please enter a whole number'] });
    }
  });

  it('takes the text of a number in decimal only (refuses "1e3", "0x10", "0b11", "Infinity")', () => {
    for (const value of ['1e3', '0x10', '0b11', '0o7', 'Infinity', '1_000', '+5']) expect(parsed(wholeNumber(), value)).toEqual({ messages: ['Please enter a whole number'] });
    expect(wholeNumber().parse(' 12 ')).toBe(12);
    expect(wholeNumber().parse('-7')).toBe(-7);
  });
});

describe('ownValue', () => {
  const record: Readonly<Record<string, number>> = { tx: 1, ca: 2, empty: 0 };

  it('answers a value the record itself holds', () => {
    expect(ownValue(record, 'tx')).toBe(1);
    expect(ownValue(record, 'empty')).toBe(0);
    expect(ownValue(record, 'ny')).toBeUndefined();
  });

  it('answers undefined for the names of the prototype', () => {
    for (const key of ['toString', 'constructor', '__proto__', 'hasOwnProperty', 'valueOf', '__defineGetter__', 'isPrototypeOf']) {
      expect({ key, value: ownValue(record, key) }).toEqual({ key, value: undefined });
    }
  });

  it('works on a record without a prototype', () => {
    const bare = Object.assign(Object.create(null) as Record<string, string>, { a: 'x' });
    expect(ownValue(bare, 'a')).toBe('x');
    expect(ownValue(bare, 'toString')).toBeUndefined();
  });
});
