import { z } from 'zod';
import type { EventSchemas } from '../platform/event-schemas';
import { TRAINING_CATEGORY_IDS, TRAINING_KINDS } from './help.codes';
import type { HelpEvent, SupportRequestEvent, TrainingContentEvent } from './help.events';

/** Where a piece of training content lives: `TrainingSource`. */
export const trainingSourceSchema = z
  .discriminatedUnion('kind', [
    z.object({
      kind: z.literal('file'),
      key: z.string().describe('The storage key: training-documents/<uuid>.pdf or training-videos/<uuid>.<webm or mp4>'),
      content_type: z.string(),
      size: z.number().int().describe('Bytes'),
    }),
    z.object({ kind: z.literal('link'), url: z.string().describe('An absolute http(s) URL') }),
  ])
  .describe('Where the content lives: a file of our storage, or a link elsewhere.');

export const TRAINING_CONTENT_EVENT_SCHEMAS = {
  TrainingContentAdded: z
    .object({
      content_id: z.uuid(),
      content_kind: z.enum(TRAINING_KINDS),
      category: z.enum(TRAINING_CATEGORY_IDS),
      title: z.string(),
      source: trainingSourceSchema,
      retailer_id: z.uuid().nullable().describe('The retailer whose people see it; null: everyone'),
      added_by: z.uuid().describe('The publisher\u2019s user id'),
    })
    .describe('A training document or video was added to the Help centre.'),
  TrainingContentRemoved: z
    .object({ content_id: z.uuid(), removed_by: z.uuid().describe('The publisher\u2019s user id') })
    .describe('A training document or video was removed (its file stays in storage).'),
} satisfies EventSchemas<TrainingContentEvent>;

export const SUPPORT_REQUEST_EVENT_SCHEMAS = {
  SupportRequestSent: z
    .object({
      request_id: z.uuid(),
      user_id: z.uuid(),
      name: z.string(),
      email: z.string().describe('Where support answers'),
      subject: z.string(),
      message: z.string(),
      sent_to: z.string().describe('The support e-mail address it was sent to'),
    })
    .describe('A user sent a message to support from the Help centre.'),
} satisfies EventSchemas<SupportRequestEvent>;

export const HELP_EVENT_SCHEMAS = { ...TRAINING_CONTENT_EVENT_SCHEMAS, ...SUPPORT_REQUEST_EVENT_SCHEMAS } satisfies EventSchemas<HelpEvent>;
