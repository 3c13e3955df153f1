import { z } from 'zod';
import { blankAsMissing, multilineText, requiredText, text, wholeNumberBetween, zipCode } from '../platform/input';
import { dateParam, idParam, keywordParam, optionalIdParam, optionalTextParam, pageParam, sortKeyParam, sortParam } from '../platform/list-params';
import { orderDeliveryMethods } from './orders.codes';

/**
 * Device orders' requests (doc 2 §5 "Order request", §7 Orders), with the spec's messages. The
 * spec does not show the request's payload (doc 2 §9): ours is the inventory order entity's own
 * fields (doc 2 §3), the same names the approve/reject and resubmit calls send.
 */

const DELIVERY_METHOD_IDS: readonly number[] = orderDeliveryMethods.map((method) => method.id);
/** The most of one kind in one order: a business's monthly need, far below any column's limit. */
export const ORDER_MAX_QUANTITY = 100_000;
const quantity = (name: string) =>
  z.preprocess((value) => blankAsMissing(value) ?? 0, wholeNumberBetween(0, ORDER_MAX_QUANTITY, `${name} is a whole number from 0 to ${ORDER_MAX_QUANTITY.toLocaleString('en-US')}`));
const optionalLine = (max: number) => z.preprocess(blankAsMissing, text().trim().max(max, `At most ${max} characters`).optional());

/** Where the order goes and who receives it (doc 2 §3 inventory order, §5). */
const shippingFields = {
  ship_to_name: requiredText('Please input ship name', 100),
  company_name: optionalLine(100),
  address: requiredText('Please input Address', 200),
  address2: optionalLine(200),
  address3: optionalLine(200),
  city: requiredText('Please input City', 100),
  state: requiredText('Please input State', 50),
  zip: zipCode('Please input ZIP'),
  // Exactly 10 digits (doc 2 §5); a formatted number ((214) 555-0100) is read as its digits.
  contact_phone_number: z.preprocess(
    (value) => (typeof value === 'string' ? value.replace(/[\s().-]/g, '') : typeof value === 'number' ? String(value) : value),
    text('Please input mobile number').regex(/^\d{10}$/, 'Please input mobile number'),
  ),
  email: z.preprocess(blankAsMissing, text('Please input Email').trim().max(254, 'Please input Email').pipe(z.email('Please input Email'))),
};

/** At least one of phones, tablets, SIMs (doc 2 §5, the spec's words), where phones and tablets may be ordered (an office in CA). */
export const AT_LEAST_ONE_MESSAGE = 'You must request at least one Phone or Tablet.';
/** The same rule where only SIMs may be ordered (any office outside CA): the spec's sentence would name what the form does not offer. */
export const AT_LEAST_ONE_SIM_MESSAGE = 'You must request at least one SIM.';
/**
 * The words for "nothing ordered": the spec's where phones and tablets are offered, SIMs alone
 * elsewhere. The rule itself is the decider's (it knows the office); the form says it first.
 */
export const atLeastOneMessage = (phonesAndTablets: boolean): string => (phonesAndTablets ? AT_LEAST_ONE_MESSAGE : AT_LEAST_ONE_SIM_MESSAGE);

/**
 * POST manager/create_inventory_request_order (payload ours): the office, how it is delivered,
 * where, and how many. "At least one" is the decider's rule: its words depend on the office.
 */
export const createInventoryOrderBody = z
  .object({
    office_id: idParam('Please select office'),
    method_of_delivery: z.preprocess(
      blankAsMissing,
      wholeNumberBetween(0, 99, 'Please select delivery method').refine((value) => DELIVERY_METHOD_IDS.includes(value), 'Please select delivery method'),
    ),
    ...shippingFields,
    devices_requested: quantity('Phones'),
    tablets_requested: quantity('Tablets'),
    sims_requested: quantity('SIMs'),
  });
export type CreateInventoryOrderBody = z.infer<typeof createInventoryOrderBody>;

/** POST inventory_request_order_accept_reject/:id (doc 2 §7): req_action 2 approve / 3 reject, the approved quantities, a comment, the shipping as the approver leaves it. */
export const answerInventoryOrderBody = z.object({
  req_action: wholeNumberBetween(2, 3, 'req_action is 2 (approve) or 3 (reject)'),
  devices_approved: quantity('Phones approved'),
  tablets_approved: quantity('Tablets approved'),
  sims_approved: quantity('SIMs approved'),
  admin_comments: z.preprocess(blankAsMissing, multilineText('A comment is text').trim().max(1000, 'A comment is at most 1,000 characters').optional()),
  ...shippingFields,
});
export type AnswerInventoryOrderBody = z.infer<typeof answerInventoryOrderBody>;

/** POST resubmit_inventory_request_order/:id (doc 2 §7 "the same fields"): the requester's new version, with a required comment. */
export const resubmitInventoryOrderBody = z
  .object({
    comments: z.preprocess(blankAsMissing, multilineText('please enter comment').trim().min(1, 'please enter comment').max(1000, 'A comment is at most 1,000 characters')),
    ...shippingFields,
    devices_requested: quantity('Phones'),
    tablets_requested: quantity('Tablets'),
    sims_requested: quantity('SIMs'),
  });
export type ResubmitInventoryOrderBody = z.infer<typeof resubmitInventoryOrderBody>;

/** One order by its id in the path. */
export const inventoryOrderParams = z.object({ id: idParam('The order id is required') });

export const INVENTORY_ORDER_SORTS = ['created_at', 'order_prefix', 'status', 'approval_status', 'office_number'] as const;

/** GET manager/get_inventory_request_order_list and its export (doc 2 §7: office_id, status, approval_status, filter, sort_by, sort, keyword, page, date range, order_id; 25 a page). */
export const inventoryOrdersListQuery = z.object({
  page: pageParam,
  results: z.preprocess(blankAsMissing, wholeNumberBetween(1, 100, 'results is a whole number from 1 to 100').default(25)),
  keyword: keywordParam,
  office_id: optionalIdParam,
  status: z.preprocess(blankAsMissing, wholeNumberBetween(1, 10, 'status is one of the order statuses').optional()),
  approval_status: z.preprocess(blankAsMissing, wholeNumberBetween(1, 7, 'approval_status is one of the approval statuses').optional()),
  order_id: optionalTextParam(30),
  filter: optionalTextParam(50),
  date_range_start: dateParam,
  date_range_end: dateParam,
  sort_by: sortKeyParam(INVENTORY_ORDER_SORTS),
  sort: sortParam,
});
export type InventoryOrdersListQuery = z.infer<typeof inventoryOrdersListQuery>;
