import { RMA_INITIABLE_STATUSES, rmaDeviceStatuses, rmaReasons } from '@portal/contracts/rma/rma.codes';

/** The choices and constants of the RMA screens (doc 2 §5, §9), named from contracts' code lists. */

/** Reason 1 and Reason 2 (Initiate RMA), and the reason of the RMA forms: contracts' `rmaReasons`, sent by id. */
export const REASON_OPTIONS = rmaReasons.map((reason) => ({ value: reason.id, label: reason.name }));

/** Initiate RMA's status filter (doc 2 §4, §9): contracts' RMA_INITIABLE_STATUSES (every inventory status but 0, 8, 10, 11, 13, 14). */
export const INITIABLE_STATUS_OPTIONS = RMA_INITIABLE_STATUSES.map((status) => ({ value: status.id, label: status.name }));

/** The agent's RMA Status filter: Pending, Approved, Rejected (contracts' `rmaDeviceStatuses`). */
export const RMA_DEVICE_STATUS_OPTIONS = rmaDeviceStatuses.map((status) => ({ value: status.id, label: status.name }));

/** Office search minimum characters (doc 2 §5): 3 for Initiate RMA (the manager notes give 3 for the agent's too), 4 for Approve RMA. */
export const OFFICE_MIN_CHARS = { initiate: 3, approve: 4 } as const;

/** The Initiate RMA table's page size (doc 2 §9); the other RMA lists use the spec's 10 (ReportPage's default). */
export const INITIATE_RMA_PAGE_SIZE = 20;

/** An RMA device status's code, by its contracts name (contracts have no named constants for them). */
const rmaDeviceStatus = (name: (typeof rmaDeviceStatuses)[number]['name']) => rmaDeviceStatuses.find((status) => status.name === name)!.id;

/** Accept / approve sends the Approved status (2), decline / reject the Rejected one (3) (doc 2 §4). */
export const RMA_ANSWER = { accept: rmaDeviceStatus('Approved'), decline: rmaDeviceStatus('Rejected') } as const;
export type RmaAnswer = (typeof RMA_ANSWER)[keyof typeof RMA_ANSWER];

/** The spec's confirm before accepting or declining an agent's request (doc 2 §4). */
export const ANSWER_CONFIRM = { title: 'Are you sure?', content: 'You want to do this task?' } as const;
