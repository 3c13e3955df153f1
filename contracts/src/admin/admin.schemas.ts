import { z } from 'zod';
import { text } from '../platform/input';

/** An id chosen in a select: a string (numbers are accepted and read as text); missing or empty → `message`. */
const chosenId = (message: string) =>
  z.preprocess((value) => (typeof value === 'number' ? String(value) : value), text(message).trim().min(1, message).max(64, 'That id is too long'));

/** POST /api/v1/change_office (doc 3 §7 Users; the Users list's Agent Office Transfer drawer, doc 3 §5). */
export const changeOfficeBody = z.object({
  office_id: chosenId('Please select office'),
  agent_id: chosenId('Please select agent'),
});
export type ChangeOfficeBody = z.infer<typeof changeOfficeBody>;
