import type { z } from 'zod';

/**
 * One zod schema per event type of a union, describing that event's `data` as it is stored and
 * delivered (the AsyncAPI document and the event catalog are generated from these; a test checks
 * every event of the demo store against its schema). Typed against the union, so a schema that
 * no longer fits its event's TypeScript type does not compile.
 */
export type EventSchemas<Event extends { type: string; data: unknown }> = {
  readonly [Type in Event['type']]: z.ZodType<Extract<Event, { type: Type }>['data']>;
};
