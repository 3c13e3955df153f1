import type { BatchResult } from '../platform/commands/device-batch';
import type { CommandAnswer } from '../platform/http/read-your-writes';

/** "3 devices", "1 device": how inventory answers count what a command moved. */
export const devices = (count: number) => `${count} device${count === 1 ? '' : 's'}`;

/** What inventory's commands answer: the spec's `{ message }`, after read-your-writes. */
export type Message = CommandAnswer<{ message: string }>;

/** A command's answer: the position read-your-writes waits for, and the spec's `{ message }`. */
export const answered = (result: BatchResult, message: string): Message => ({ position: result.position, body: { message } });
