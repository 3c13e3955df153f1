import { z } from 'zod';
import { multilineText, text, wholeNumber, wireDate } from '../platform/input';
import { dateParam, idParam, keywordParam, optionalIdParam, optionalWholeNumberParam, pageParam, resultsParam, sortKeyParam, sortParam } from '../platform/list-params';
import { type DeviceTypeCode, deviceTypes } from './inventory.codes';

/** Luhn check over a string of digits (the IMEI's and the SIM ICCID's check digit). */
export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let index = 0; index < digits.length; index++) {
    let digit = digits.charCodeAt(digits.length - 1 - index) - 48;
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** The digits followed by their Luhn check digit (a valid IMEI from 14 digits, an ICCID from 18 or 19). */
export function withLuhnCheckDigit(digits: string): string {
  for (let check = 0; check <= 9; check++) if (luhnValid(`${digits}${check}`)) return `${digits}${check}`;
  throw new RangeError(`not a string of digits: ${digits}`);
}

/** Why an identifier is not a valid IMEI (15 digits) or, for a SIM, ICCID (19–20 digits), both with a Luhn check digit; null when valid. */
export function deviceIdProblem(value: string, deviceType: string): string | null {
  const sim = deviceType === 'SIM';
  const shape = sim ? /^\d{19,20}$/ : /^\d{15}$/;
  if (!shape.test(value)) return sim ? `ICCID ${value} must be 19 or 20 digits` : `IMEI ${value} must be 15 digits`;
  if (!luhnValid(value)) return `${sim ? 'ICCID' : 'IMEI'} ${value} has a wrong check digit`;
  return null;
}

/** The shape of a device id: an IMEI is 15 digits, a SIM's ICCID 19 or 20. */
const DEVICE_ID_SHAPE = /^(\d{15}|\d{19,20})$/;

/**
 * A device named by a client (a picked IMEI, a path's IMEI): digits only, 15 for an IMEI, 19-20
 * for an ICCID (numbers are read as digits). Its check digit is not asked for here: a device
 * received before that rule still has to be found.
 */
export const deviceIdParam = (message: string) =>
  z.preprocess(
    (value) => (typeof value === 'number' && Number.isSafeInteger(value) ? String(value) : value),
    text(message)
      .trim()
      .min(1, message)
      .refine((value) => DEVICE_ID_SHAPE.test(value), { error: (issue) => `IMEI ${String(issue.input).slice(0, 40)} is not 15 digits (an ICCID 19 or 20)` }),
  );

const DEVICE_TYPE_CODES = deviceTypes.map((type) => type.code) as [DeviceTypeCode, ...DeviceTypeCode[]];
const optionalText = (max: number) =>
  z.preprocess((value) => (value === '' || value === undefined ? null : value), text().trim().max(max, `At most ${max} characters`).nullable()).default(null);

/** One device as upstream ships it (a manifest row, or an item of the receive API). */
export const shippedDevice = z
  .object({
    imei: z.preprocess((value) => (typeof value === 'number' ? String(value) : value), text('IMEI is required').trim().min(1, 'IMEI is required').max(40, 'IMEI is at most 40 characters')),
    esn: optionalText(40),
    make: optionalText(60),
    model: optionalText(60),
    device_type: z.preprocess((value) => (typeof value === 'string' ? value.trim().toUpperCase() : value), z.enum(DEVICE_TYPE_CODES, { error: `Device type must be one of ${DEVICE_TYPE_CODES.join(', ')}` })),
    pallet: optionalText(60),
    carton_number: z.preprocess((value) => (typeof value === 'number' ? String(value) : value), text('Carton is required').trim().min(1, 'Carton is required').max(60, 'Carton is at most 60 characters')),
    enroll_id: optionalText(60),
    enroll_type: optionalText(60),
    etc_code: optionalText(60),
  })
  .superRefine((device, context) => {
    const problem = deviceIdProblem(device.imei, device.device_type);
    if (problem) context.addIssue({ code: 'custom', path: ['imei'], message: problem });
  });
export type ShippedDevice = z.infer<typeof shippedDevice>;

/**
 * ReceiveCarton (ours: the spec shows the job list, not how jobs arrive): one upstream shipment
 * to one office, all-or-nothing. Sent by upstream with an integration key, or by a manifest upload.
 */
export const receiveShipmentBody = z
  .object({
    office_id: idParam('Please select office'),
    source: wholeNumber('source is a whole number').default(1),
    order_id: optionalText(60),
    order_date: z.preprocess((value) => (value === '' ? null : value), wireDate('order_date is a date (MM-DD-YYYY or YYYY-MM-DD)').nullable()).default(null),
    /** The device order this shipment fulfils, by its id or its number (ORD-000123); docs/ORDERS.md. */
    inventory_request_order_id: optionalText(60).optional(),
    tracking_number: optionalText(60).optional(),
    devices: z.array(shippedDevice, { error: 'devices must be a list' }).min(1, 'A shipment has at least one device').max(50_000, 'At most 50,000 devices in one shipment'),
  })
  .superRefine((shipment, context) => {
    const seen = new Map<string, number>();
    shipment.devices.forEach((device, index) => {
      const first = seen.get(device.imei);
      if (first !== undefined) context.addIssue({ code: 'custom', path: ['devices', index, 'imei'], message: `IMEI ${device.imei} appears twice (rows ${first + 1} and ${index + 1})` });
      else seen.set(device.imei, index);
    });
  });
export type ReceiveShipmentBody = z.infer<typeof receiveShipmentBody>;

/** GET device_log/:id: the device's IMEI (or ICCID). */
export const deviceLogParams = z.object({ id: deviceIdParam('IMEI is required') });

/** The form field beside the image of POST device_image (multipart). */
export const deviceImageBody = z.object({ imei: deviceIdParam('Please input IMEI') });

/** The form fields beside the file of POST receive_manifest (multipart). */
export const manifestUploadBody = z.object({
  office_id: idParam('Please select office'),
  order_id: optionalText(60),
  /** The device order this manifest fulfils, by its id or number (docs/ORDERS.md). */
  inventory_request_order_id: optionalText(60),
});

const page = pageParam;
const results = resultsParam;
const sort = sortParam;
const dateFilter = dateParam;
const keyword = keywordParam;
const id = idParam;
const optionalId = optionalIdParam;

/** A list of IMEIs as the spec's clients send them: an array, or one comma-joined string. */
const imeiList = (message: string) =>
  z.preprocess(
    (value) => (typeof value === 'string' ? value.split(',').map((item) => item.trim()).filter(Boolean) : Array.isArray(value) ? value.map((item) => String(item).trim()) : value),
    z.array(deviceIdParam(message), { error: message }).min(1, message).max(50_000, 'At most 50,000 IMEIs at once'),
  );
const cartonList = (message: string) =>
  z.preprocess(
    (value) => (typeof value === 'string' ? value.split(',').map((item) => item.trim()).filter(Boolean) : value),
    z.array(text(message).trim().min(1, message).max(60, 'A carton number is at most 60 characters'), { error: message }).min(1, message).max(5_000, 'At most 5,000 cartons at once'),
  );

/** The request codes of the inventory calls (doc 1 §4), by name. */
export const ANSWER = { ACCEPT: 1, DECLINE: 2 } as const;
/** `devicestatus`: what an assign or transfer moves. */
export const DEVICE_CHOICE = { CARTONS: 0, IMEIS: 1 } as const;
/** `accept_transfer_status` of the agent's transfer_device. */
export const AGENT_TRANSFER = { RETURN_REST: 0, TO_MANAGER: 1 } as const;
/** The reason of an agent's transfer whose request gives none (doc 2 §7 "transfer reason defaults to 'Sample Reason'"). */
export const AGENT_TRANSFER_DEFAULT_REASON = 'Sample Reason';

/**
 * A body whose `devicestatus` chooses what it moves (0 cartons, 1 IMEIs; `fallback` when absent):
 * the list the mode does not use is left out whatever it holds, since the spec's client sends the
 * whole form (`imei: []` beside `carton_number: [...]`).
 */
const chosenByDeviceStatus = (fallback: 0 | 1) => (body: unknown) => {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return body;
  const { imei, carton_number, ...rest } = body as Record<string, unknown>;
  // Only a number or its text chooses a mode (never converting a client's object); anything else is refused by the schema.
  const given = rest.devicestatus;
  const mode = given === undefined || given === null || given === '' ? fallback : typeof given === 'number' || typeof given === 'string' ? Number(given) : undefined;
  if (mode === 0) return { ...rest, carton_number };
  if (mode === 1) return { ...rest, imei };
  return body;
};

/** GET managerjob_v2 and manager_jobs_export (doc 1 §2.5, §7). */
export const receiveJobsQuery = z.object({
  page,
  results,
  keyword,
  assign_source: optionalWholeNumberParam,
  date_range_start: dateFilter,
  date_range_end: dateFilter,
  sort_by: sortKeyParam(['assigned_date', 'order_date', 'total_device_count', 'total_carton_count', 'office_number']),
  sort,
});
export type ReceiveJobsQuery = z.infer<typeof receiveJobsQuery>;

/** POST managerdevicelist (job_id). */
export const jobCartonsBody = z.object({ job_id: id('job_id is required') });

/** POST manager_accept_selected_cartons: status 1 accept, 2 decline with a reason (doc 1 §2.5, §4, §5). */
export const answerCartonsBody = z
  .object({
    job_id: id('job_id is required'),
    carton_numbers: cartonList('Please select cartons'),
    status: wholeNumber('status is 1 (accept) or 2 (decline)').refine((value) => value === 1 || value === 2, 'status is 1 (accept) or 2 (decline)'),
    decline_reason: multilineText('Please provide a reason').trim().max(500, 'The reason is at most 500 characters').optional(),
  })
  .refine((body) => body.status !== 2 || (body.decline_reason ?? '').length > 0, { path: ['decline_reason'], message: 'Please provide a reason' });
export type AnswerCartonsBody = z.infer<typeof answerCartonsBody>;

/** Lists of the manager's stock and the agent's: keyword, page (doc 1 §2.6, §2.9, §2.14). */
export const stockListQuery = z.object({ page, results, keyword, office_id: optionalId });
export type StockListQuery = z.infer<typeof stockListQuery>;

/**
 * POST assigndevice (doc 1 §7): devicestatus 0 = by cartons, 1 = by IMEIs (doc 1 §4 "transfer
 * option 1 = IMEIs (devicestatus 1); option 2 = cartons (devicestatus 0)").
 */
export const assignDeviceBody = z.preprocess(
  chosenByDeviceStatus(1),
  z
    .object({
      devicestatus: wholeNumber('Please select option').refine((value) => value === 0 || value === 1, 'Please select option'),
      carton_number: z.preprocess((value) => (value === '' || value === null ? undefined : value), cartonList('Please select cartons').optional()),
      imei: z.preprocess((value) => (value === '' || value === null ? undefined : value), imeiList('Please select IMEIs').optional()),
      agent_id: id('Please select option'),
      office_id: id('Please input office'),
      assign_count: optionalWholeNumberParam,
    })
    .superRefine((body, context) => {
      if (body.devicestatus === 0 && !body.carton_number) context.addIssue({ code: 'custom', path: ['carton_number'], message: 'Please select cartons' });
      if (body.devicestatus === 1 && !body.imei) context.addIssue({ code: 'custom', path: ['imei'], message: 'Please select IMEIs' });
    }),
);
export type AssignDeviceBody = z.infer<typeof assignDeviceBody>;

/** POST /api/v1/agent/accept (imei, agent_job_id): the IMEIs accepted; the rest of the job stays pending until answered. */
export const agentAcceptBody = z.object({ imei: imeiList('This field is required'), agent_job_id: id('agent_job_id is required') });
export type AgentAcceptBody = z.infer<typeof agentAcceptBody>;

/**
 * POST /api/v1/agent/partial_accept (ours): Partial Accept in one call. `imei`: the IMEIs the
 * agent accepts; the job's other pending devices go back to the manager. At least one must be
 * chosen ('This field is required'); the server refuses all of them (doc 1 §5).
 */
export const partialAcceptBody = z.object({ agent_job_id: id('agent_job_id is required'), imei: imeiList('This field is required') });
export type PartialAcceptBody = z.infer<typeof partialAcceptBody>;

/**
 * POST /api/v1/agent/transfer_device: accept_transfer_status 1 sends devices of the agent's stock
 * back to the manager (agent transfer, waits for Accept); 0 returns the rest of a job after a
 * partial accept straight to the manager's stock.
 */
export const agentTransferBody = z.object({
  imei: imeiList('This field is required'),
  manager_id: optionalId,
  transfer_count: optionalWholeNumberParam,
  // The spec's default (doc 2 §7): a request without a reason (or a blank one) records 'Sample Reason'.
  reason: z.preprocess(
    (value) => (value === null || (typeof value === 'string' && value.trim() === '') ? undefined : value),
    multilineText('The reason is text').trim().max(500, 'The reason is at most 500 characters').default(AGENT_TRANSFER_DEFAULT_REASON),
  ),
  agent_job_id: optionalId,
  accept_transfer_status: wholeNumber('accept_transfer_status is 0 or 1').refine((value) => value === 0 || value === 1, 'accept_transfer_status is 0 or 1').default(1),
}).refine((body) => body.accept_transfer_status !== 0 || body.agent_job_id !== undefined, { path: ['agent_job_id'], message: 'agent_job_id is required' });
export type AgentTransferBody = z.infer<typeof agentTransferBody>;

/** POST accept_transfer: status 1 accept, 2 reject (doc 1 §4). */
export const answerTransferBody = z.object({
  transfer_job_id: id('transfer_job_id is required'),
  status: wholeNumber('status is 1 (accept) or 2 (reject)').refine((value) => value === 1 || value === 2, 'status is 1 (accept) or 2 (reject)'),
});
export type AnswerTransferBody = z.infer<typeof answerTransferBody>;

/** GET transfer_request and its export: search by agent name. */
export const transferRequestsQuery = z.object({ page, results, keyword });

/** POST transfer_device / transfer_devices_to_other_office (doc 1 §2.7): office required, agent optional. */
export const transferToOfficeBody = z.preprocess(
  chosenByDeviceStatus(0),
  z
    .object({
      devicestatus: wholeNumber('Please select option').refine((value) => value === 0 || value === 1, 'Please select option').default(0),
      carton_number: z.preprocess((value) => (value === '' || value === null ? undefined : value), cartonList('Please select cartons').optional()),
      imei: z.preprocess((value) => (value === '' || value === null ? undefined : value), imeiList('Please select IMEIs').optional()),
      office_id: id('Please select office'),
      agent_id: optionalId,
    })
    .superRefine((body, context) => {
      if (body.devicestatus === 0 && !body.carton_number) context.addIssue({ code: 'custom', path: ['carton_number'], message: 'Please select cartons' });
      if (body.devicestatus === 1 && !body.imei) context.addIssue({ code: 'custom', path: ['imei'], message: 'Please select IMEIs' });
    }),
);
export type TransferToOfficeBody = z.infer<typeof transferToOfficeBody>;

/** GET reassign_inventory_list (+ export): statuses 3, 4, 5 only (doc 1 §2.8). */
export const reassignListQuery = z.object({
  page,
  results,
  keyword,
  office_id: optionalId,
  agent_id: optionalId,
  carton: text('carton is text').trim().max(60, 'carton is at most 60 characters').optional(),
  imei: text('imei is text').trim().max(30, 'imei is at most 30 characters').optional(),
  status: z.preprocess((value) => (value === '' ? undefined : value), wholeNumber('status is 3, 4 or 5').refine((value) => [3, 4, 5].includes(value), 'status is 3, 4 or 5').optional()),
});
export type ReassignListQuery = z.infer<typeof reassignListQuery>;

/** POST reassign_inventory (imei comma-joined, agent_id, office_id, assign_count, devicestatus 1, carton_number empty). */
export const reassignBody = z.object({
  imei: imeiList('Please select IMEIs'),
  office_id: id('Please select office'),
  agent_id: optionalId,
  assign_count: optionalWholeNumberParam,
  /** The spec's client sends devicestatus 1 and an empty carton_number: reassign moves IMEIs only, so both are read and ignored. */
  devicestatus: z.unknown().optional(),
  carton_number: z.unknown().optional(),
});
export type ReassignBody = z.infer<typeof reassignBody>;

/** POST agent_list_for_office (office_id). */
export const officeAgentsBody = z.object({ office_id: id('Please select office') });

/** RecordActivation (ours: upstream activation systems, with an integration key). */
export const activationBody = z.object({
  imei: deviceIdParam('IMEI is required'),
  activation_date: wireDate('activation_date is a date (MM-DD-YYYY or YYYY-MM-DD)'),
  order_id: optionalText(60),
  plan_name: optionalText(100),
  subscriber_state: optionalText(2),
  subscriber_zip: optionalText(10),
});
export type ActivationBody = z.infer<typeof activationBody>;
