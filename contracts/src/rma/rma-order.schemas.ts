import { z } from 'zod';
import { blankAsMissing, multilineText, numberBetween, requiredText, text, wholeNumber, wholeNumberBetween, zipCode } from '../platform/input';
import { idParam, keywordParam, optionalIdParam, optionalTextParam, pageParam, resultsParam, sortKeyParam, sortParam } from '../platform/list-params';
import { deviceIdParam } from '../inventory/inventory.schemas';
import { RMA_MAX_IMEIS } from './rma.schemas';

/** The RMA order's request bodies (doc 2 §3 "Shipping submission", §4, §5 Submit RMA), with the spec's messages. */

/** A box measure: optional, at least 1 (doc 2 §5), decimals allowed (inches, pounds). */
const boxMeasure = (name: string) => z.preprocess(blankAsMissing, numberBetween(1, 10_000, `The box ${name} is at least 1`).optional());

/** POST manager/submit_rma_order: the approved RMA devices of one office, shipped in `no_of_boxes` boxes from the address given. */
export const submitRmaOrderBody = z.object({
  rma_list: z
    .array(idParam('Please select the RMA devices'), { error: 'Please select the RMA devices' })
    .min(1, 'Please select the RMA devices')
    .max(RMA_MAX_IMEIS, `At most ${RMA_MAX_IMEIS.toLocaleString('en-US')} RMA devices in one order`),
  address: requiredText('Please input Address', 200),
  city: requiredText('Please input City', 100),
  state: requiredText('Please input State', 50),
  zip: zipCode('Please input ZIP'),
  no_of_boxes: z.preprocess(blankAsMissing, wholeNumberBetween(1, 999, 'Please input number of boxes')),
  box_length: boxMeasure('length'),
  box_width: boxMeasure('width'),
  box_height: boxMeasure('height'),
  box_weight: boxMeasure('weight'),
});
export type SubmitRmaOrderBody = z.infer<typeof submitRmaOrderBody>;

/** POST manager/approve_reject_rma_order/:id (ours): approve (2) or reject (3) a submitted order; the comment is required on RMA Status (doc 2 §5). */
export const answerRmaOrderBody = z.object({
  status: wholeNumber('status is 2 (approve) or 3 (reject)').refine((value) => value === 2 || value === 3, 'status is 2 (approve) or 3 (reject)'),
  comments: z.preprocess(blankAsMissing, multilineText('Please input comment').trim().min(1, 'Please input comment').max(1000, 'A comment is at most 1,000 characters')),
});
export type AnswerRmaOrderBody = z.infer<typeof answerRmaOrderBody>;

/** An RMA order by its id in the path. */
export const rmaOrderParams = z.object({ id: idParam('The RMA order id is required') });

/** POST integration rma_orders/:rma_prefix/received (ours): the IMEIs the returns desk found in the boxes. */
export const rmaOrderReceivedParams = z.object({ rma_prefix: z.preprocess(blankAsMissing, text('The RMA number is required').trim().regex(/^RMA-\d{6,}$/, 'An RMA number reads RMA-000123')) });
export const rmaOrderReceivedBody = z.object({
  imei: z.array(deviceIdParam('IMEI is required'), { error: 'List the IMEIs received' }).max(RMA_MAX_IMEIS, `At most ${RMA_MAX_IMEIS.toLocaleString('en-US')} IMEIs`),
});
export type RmaOrderReceivedBody = z.infer<typeof rmaOrderReceivedBody>;

/** The columns RMA Status sorts by. */
export const RMA_ORDER_SORTS = ['created_at', 'rma_prefix', 'status', 'ibo_market_name', 'rma_device_count'] as const;

/** GET manager/get_rma_orders_list and its export (doc 2 §7: status, ibo_marketer_id, filter, sort_by, sort, keyword, page, rma_id). */
export const rmaOrdersListQuery = z.object({
  page: pageParam,
  results: resultsParam,
  keyword: keywordParam,
  status: z.preprocess(blankAsMissing, wholeNumberBetween(1, 5, 'status is one of the RMA order statuses').optional()),
  ibo_marketer_id: optionalIdParam,
  rma_id: optionalTextParam(20),
  filter: optionalTextParam(50),
  sort_by: sortKeyParam(RMA_ORDER_SORTS),
  sort: sortParam,
});
export type RmaOrdersListQuery = z.infer<typeof rmaOrdersListQuery>;

/** The PDFs an RMA order carries (doc 2 §3: rma_form_url, rma_shipping_label_url). */
export const RMA_ORDER_DOCUMENTS = ['rma_form', 'shipping_label'] as const;
export type RmaOrderDocument = (typeof RMA_ORDER_DOCUMENTS)[number];

/** GET /api/v1/rma_orders/:id/documents/:document (ours): the link's path; its query is the signature. */
export const rmaOrderDocumentParams = z.object({
  id: idParam('The RMA order id is required'),
  document: z.enum(RMA_ORDER_DOCUMENTS, { error: `document is one of ${RMA_ORDER_DOCUMENTS.join(', ')}` }),
});
export type RmaOrderDocumentParams = z.infer<typeof rmaOrderDocumentParams>;
