import { z } from 'zod';
import { blankAsMissing, text } from './input';

/**
 * A person's name, e-mail and mobile number as doc 3 §5 checks them everywhere a person is
 * entered (Send Invite, Add/Edit User, Edit Candidate): names letters, space and dot only, 2-30
 * characters; a mobile number exactly 10 digits. Each screen gives its own words.
 */
export const PERSON_NAME = /^[\p{L} .]{2,30}$/u;
export const personName = (message: string) => z.preprocess(blankAsMissing, text(message).trim().regex(PERSON_NAME, message));
export const optionalPersonName = (message: string) => z.preprocess(blankAsMissing, text(message).trim().regex(PERSON_NAME, message).optional());
export const emailAddress = (message: string) => z.preprocess(blankAsMissing, text(message).trim().max(254, message).email(message));
export const mobileNumber = (message: string) =>
  z.preprocess((value) => (typeof value === 'number' && Number.isSafeInteger(value) ? String(value) : blankAsMissing(value)), text(message).trim().regex(/^\d{10}$/, message));
