import { z } from 'zod';
import { multilineText, text, wholeNumber } from '../platform/input';
import { idParam, keywordParam, optionalIdParam, pageParam, resultsParam, sortKeyParam, sortParam } from '../platform/list-params';
import { deviceIdParam } from '../inventory/inventory.schemas';
import { RMA_DEVICE_LIFE_STATUSES, RMA_NOT_INITIABLE, RMA_REASON_OTHER, rmaReasons } from './rma.codes';

/** RMA's request bodies (doc 2 §4, §5, §7), with the spec's messages. */

const REASON_IDS: readonly number[] = rmaReasons.map((reason) => reason.id);
/** Reason 1: required, one of the reasons ('Please select reason', doc 2 §5). */
const reason = wholeNumber('Please select reason').refine((value) => REASON_IDS.includes(value), 'Please select reason');
/** Reason 2: optional; '' and null mean none. */
const reasonTwo = z.preprocess((value) => (value === '' || value === null ? undefined : value), wholeNumber('Reason 2 is one of the reasons').refine((value) => REASON_IDS.includes(value), 'Reason 2 is one of the reasons').optional());
const notes = z.preprocess((value) => (value === '' || value === null ? undefined : value), multilineText('A comment is text').trim().max(1000, 'A comment is at most 1,000 characters').optional());

/** One RMA initiation entry (doc 2 §3: imei, reason, reason_two, notes). */
export const rmaInitiationEntry = z.object({
  imei: deviceIdParam('Please input imei'),
  reason,
  reason_two: reasonTwo,
  notes,
});

/** The most IMEIs one Initiate RMA request takes (all or none, one atomic append). */
export const RMA_MAX_IMEIS = 5000;

/** POST manager/rma_device_request_v2 and agent/rma_device_request (ours): `{ imei_list: [...] }`, all or none. */
export const rmaInitiationBody = z.object({
  imei_list: z.array(rmaInitiationEntry, { error: 'Please input imei' }).min(1, 'Please input imei').max(RMA_MAX_IMEIS, `At most ${RMA_MAX_IMEIS.toLocaleString('en-US')} IMEIs at once`),
});
export type RmaInitiationBody = z.infer<typeof rmaInitiationBody>;

const answerStatus = (message: string) => wholeNumber(message).refine((value) => value === 2 || value === 3, message);

/** POST manager/accept_reject_rma_device: accept (2) or decline (3) an agent's request (doc 2 §4). */
export const answerRmaRequestBody = z.object({
  rma_device_id: idParam('rma_device_id is required'),
  status: answerStatus('status is 2 (accept) or 3 (decline)'),
});
export type AnswerRmaRequestBody = z.infer<typeof answerRmaRequestBody>;

/** POST manager/approve_reject_rma_devices (ours): approve (2) or reject (3) RMA devices, comment optional (doc 2 §4, §5). */
export const answerRmaDevicesBody = z.object({
  status: answerStatus('status is 2 (approve) or 3 (reject)'),
  rma_devices_list: z
    .array(z.object({ rma_device_id: idParam('rma_device_id is required'), comments: notes }), { error: 'Choose the RMA devices' })
    .min(1, 'Choose the RMA devices')
    .max(RMA_MAX_IMEIS, `At most ${RMA_MAX_IMEIS.toLocaleString('en-US')} RMA devices at once`),
});
export type AnswerRmaDevicesBody = z.infer<typeof answerRmaDevicesBody>;

/** POST manager/mark_devices (ours): 16 Lost or 18 Defective, notes optional, all or none. */
export const markDevicesBody = z.object({
  imei: z.array(deviceIdParam('Please input imei'), { error: 'Please input imei' }).min(1, 'Please input imei').max(RMA_MAX_IMEIS, `At most ${RMA_MAX_IMEIS.toLocaleString('en-US')} IMEIs at once`),
  status: wholeNumber('status is 16 (lost) or 18 (defective)').refine((value) => value === 16 || value === 18, 'status is 16 (lost) or 18 (defective)'),
  notes,
});
export type MarkDevicesBody = z.infer<typeof markDevicesBody>;

/** POST manager/return_to_stock (ours): devices out of service back to their holder's stock, all or none. */
export const returnToStockBody = z.object({
  imei: z.array(deviceIdParam('Please input imei'), { error: 'Please input imei' }).min(1, 'Please input imei').max(RMA_MAX_IMEIS, `At most ${RMA_MAX_IMEIS.toLocaleString('en-US')} IMEIs at once`),
});
export type ReturnToStockBody = z.infer<typeof returnToStockBody>;

/** POST manager/device_swap and agent/device_swap (ours): a sold device brought back, and the replacement handed over. */
export const deviceSwapBody = z.object({
  sold_imei: deviceIdParam('Please input the sold IMEI'),
  replacement_imei: deviceIdParam('Please input the replacement IMEI'),
  reason: multilineText('Please enter reason').trim().min(1, 'Please enter reason').max(500, 'The reason is at most 500 characters'),
});
export type DeviceSwapBody = z.infer<typeof deviceSwapBody>;

/** The columns the RMA device lists sort by (Approve RMA's sortable table); newest first when none. */
export const RMA_DEVICE_SORTS = ['created_at', 'imei', 'office_name', 'agent_name', 'manager_name', 'status'] as const;
export type RmaDeviceSort = (typeof RMA_DEVICE_SORTS)[number];

/** The RMA device lists (Pending RMA Request, Approved RMA Request, Approve RMA, agent RMA Status): page, keyword, status (the request's), device_status (the device's), office. */
export const rmaDeviceListQuery = z.object({
  page: pageParam,
  results: resultsParam,
  keyword: keywordParam,
  status: z.preprocess((value) => (value === '' || value === null ? undefined : value), wholeNumber('status is 1, 2 or 3').refine((value) => value >= 1 && value <= 3, 'status is 1, 2 or 3').optional()),
  /** Ours: the device's own status now (RMA_DEVICE_LIFE_STATUSES), the agent's RMA Status filter. */
  device_status: z.preprocess(
    (value) => (value === '' || value === null ? undefined : value),
    wholeNumber('device_status is a status an RMA takes a device through').refine((value) => RMA_DEVICE_LIFE_STATUSES.includes(value), 'device_status is a status an RMA takes a device through').optional(),
  ),
  office_id: optionalIdParam,
  sort_by: sortKeyParam(RMA_DEVICE_SORTS),
  sort: sortParam,
});
export type RmaDeviceListQuery = z.infer<typeof rmaDeviceListQuery>;

/** GET manager/get_device_list_to_initiate_rma_v2: keyword, office, carton, IMEI (its start), status (one Initiate RMA offers). */
export const rmaCandidatesQuery = z.object({
  page: pageParam,
  results: resultsParam,
  keyword: keywordParam,
  office_id: optionalIdParam,
  carton: z.preprocess((value) => (value === '' || value === null ? undefined : value), text('A carton is text').trim().max(64, 'A carton is at most 64 characters').optional()),
  imei: z.preprocess((value) => (value === '' || value === null ? undefined : value), text('IMEI is digits').trim().regex(/^\d{1,20}$/, 'IMEI is digits').optional()),
  status: z.preprocess(
    (value) => (value === '' || value === null ? undefined : value),
    wholeNumber('That status cannot be returned').refine((value) => !RMA_NOT_INITIABLE.includes(value), 'That status cannot be returned').optional(),
  ),
});
export type RmaCandidatesQuery = z.infer<typeof rmaCandidatesQuery>;

/** An IMEI typed on the direct RMA form (doc 2 §5): digits only, 15 (an ICCID 19 or 20), 'Please enter valid IMEI'. */
const typedImei = z.preprocess(
  (value) => (typeof value === 'number' && Number.isSafeInteger(value) ? String(value) : value),
  text('Please enter valid IMEI').trim().regex(/^(\d{15}|\d{19,20})$/, 'Please enter valid IMEI'),
);

/**
 * The fields beside `device_image` of POST manager/create_rma and agent/create_rma (ours; doc 2
 * §2 Create RMA form, agent-rmareport; doc 2 §5 "Direct RMA form"). `reason` is one of the RMA
 * reasons (its id, as the console's picker sends it) or words of the user's own, kept as the
 * comment of reason Other: the spec asks the user to "enter" it.
 */
export const createRmaBody = z
  .object({
    imei: typedImei,
    reason: z.preprocess((value) => (typeof value === 'number' ? String(value) : value), text('Please enter reason').trim().min(1, 'Please enter reason').max(500, 'The reason is at most 500 characters')),
    notes,
  })
  .transform(({ imei, reason, notes: comment }) => {
    const chosen = /^\d{1,2}$/.test(reason) ? Number(reason) : undefined;
    if (chosen !== undefined && REASON_IDS.includes(chosen)) return { imei, reason: chosen, notes: comment ?? null };
    return { imei, reason: RMA_REASON_OTHER, notes: comment ? `${reason}\n${comment}` : reason };
  });
export type CreateRmaBody = z.infer<typeof createRmaBody>;

/** The field beside `device_image` of POST manager/upload_rma_device_image: the RMA device whose photo it replaces. */
export const uploadRmaDeviceImageBody = z.object({ rma_device_id: idParam('rma_device_id is required') });
export type UploadRmaDeviceImageBody = z.infer<typeof uploadRmaDeviceImageBody>;

/** GET manager/rma_device_image/:id (ours): the photo of one RMA device. */
export const rmaDeviceImageParams = z.object({ id: idParam('The RMA device id is required') });
