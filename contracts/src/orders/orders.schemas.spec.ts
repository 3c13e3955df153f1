import { answerInventoryOrderBody, atLeastOneMessage, createInventoryOrderBody, inventoryOrdersListQuery, resubmitInventoryOrderBody } from './orders.schemas';

/** The field messages a parse gives, by field. */
function problems(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }): Record<string, string> {
  return Object.fromEntries((result.error?.issues ?? []).map((issue) => [String(issue.path[0] ?? ''), issue.message]));
}

const shipping = { ship_to_name: 'Dallas Office', address: '2100 Commerce St', city: 'Dallas', state: 'TX', zip: '75201', contact_phone_number: '(214) 555-0100', email: 'dallas@example.com' };

describe('Order request (doc 2 §5)', () => {
  it('takes the order: quantities as whole numbers (blank is 0), the phone number as its 10 digits', () => {
    expect(createInventoryOrderBody.parse({ office_id: 'o-1', method_of_delivery: '3', ...shipping, devices_requested: '', tablets_requested: 2, sims_requested: '10' })).toEqual({
      office_id: 'o-1',
      method_of_delivery: 3,
      ...shipping,
      contact_phone_number: '2145550100',
      company_name: undefined,
      address2: undefined,
      address3: undefined,
      devices_requested: 0,
      tablets_requested: 2,
      sims_requested: 10,
    });
  });

  it("says the spec's sentence for each missing or wrong field", () => {
    expect(problems(createInventoryOrderBody.safeParse({ method_of_delivery: 1, ship_to_name: ' ', address: '', city: null, zip: '752011', contact_phone_number: '214555010', email: 'not-mail', devices_requested: -1 }))).toEqual({
      office_id: 'Please select office',
      method_of_delivery: 'Please select delivery method',
      ship_to_name: 'Please input ship name',
      address: 'Please input Address',
      city: 'Please input City',
      state: 'Please input State',
      zip: 'Please input ZIP',
      contact_phone_number: 'Please input mobile number',
      email: 'Please input Email',
      devices_requested: 'Phones is a whole number from 0 to 100,000',
    });
  });

  it('reads missing quantities as 0: "at least one" is the decider\'s rule, in words that depend on the office', () => {
    expect(createInventoryOrderBody.parse({ office_id: 'o-1', method_of_delivery: 2, ...shipping, devices_requested: 0, tablets_requested: '0' })).toMatchObject({ devices_requested: 0, tablets_requested: 0, sims_requested: 0 });
    expect([atLeastOneMessage(true), atLeastOneMessage(false)]).toEqual(['You must request at least one Phone or Tablet.', 'You must request at least one SIM.']);
  });
});

describe('approve / reject and resubmit (doc 2 §4, §7)', () => {
  it('takes req_action 2 or 3 only, with the approved quantities and the shipping', () => {
    expect(answerInventoryOrderBody.parse({ req_action: '2', devices_approved: 1, ...shipping }).req_action).toBe(2);
    expect(problems(answerInventoryOrderBody.safeParse({ req_action: 4, ...shipping }))).toEqual({ req_action: 'req_action is 2 (approve) or 3 (reject)' });
  });

  it('requires the resubmit comment', () => {
    expect(problems(resubmitInventoryOrderBody.safeParse({ comments: '  ', ...shipping, sims_requested: 1 }))).toEqual({ comments: 'please enter comment' });
  });

  it('lists 25 a page unless asked, with the statuses the codes have', () => {
    expect(inventoryOrdersListQuery.parse({})).toMatchObject({ page: 1, results: 25 });
    expect(problems(inventoryOrdersListQuery.safeParse({ status: 11, approval_status: 8 }))).toEqual({ status: 'status is one of the order statuses', approval_status: 'approval_status is one of the approval statuses' });
  });
});
