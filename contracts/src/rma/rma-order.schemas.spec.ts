import { answerRmaOrderBody, rmaOrderReceivedParams, rmaOrdersListQuery, submitRmaOrderBody } from './rma-order.schemas';

/** The field messages a parse gives, by field. */
function problems(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }): Record<string, string> {
  return Object.fromEntries((result.error?.issues ?? []).map((issue) => [String(issue.path[0] ?? ''), issue.message]));
}

describe('Submit RMA (doc 2 §5)', () => {
  const good = { rma_list: ['r-1', 'r-2'], address: '100 Main St', city: 'Dallas', state: 'TX', zip: '75201', no_of_boxes: '2' };

  it('takes the shipping submission, boxes as a whole number, measures optional with decimals', () => {
    expect(submitRmaOrderBody.parse({ ...good, box_length: '12', box_weight: 15.5, box_width: '' })).toEqual({
      ...good,
      no_of_boxes: 2,
      box_length: 12,
      box_weight: 15.5,
      box_width: undefined,
      box_height: undefined,
    });
  });

  it("says the spec's sentence for each missing or wrong field", () => {
    expect(problems(submitRmaOrderBody.safeParse({ rma_list: [], address: ' ', city: '', state: null, zip: '7520A', no_of_boxes: 0 }))).toEqual({
      rma_list: 'Please select the RMA devices',
      address: 'Please input Address',
      city: 'Please input City',
      state: 'Please input State',
      zip: 'Please input ZIP',
      no_of_boxes: 'Please input number of boxes',
    });
    for (const zip of ['752011', '', '75 20', '-7520', '1e3']) expect(problems(submitRmaOrderBody.safeParse({ ...good, zip }))).toEqual({ zip: 'Please input ZIP' });
    expect(submitRmaOrderBody.parse({ ...good, zip: 752 }).zip).toBe('752');
    for (const no_of_boxes of ['1.5', '-1', 'two', '1000']) expect(problems(submitRmaOrderBody.safeParse({ ...good, no_of_boxes }))).toEqual({ no_of_boxes: 'Please input number of boxes' });
    expect(problems(submitRmaOrderBody.safeParse({ ...good, box_height: '0.5' }))).toEqual({ box_height: 'The box height is at least 1' });
  });
});

describe('RMA order answer and receipt', () => {
  it('requires the comment on approve or reject (doc 2 §5), and only 2 or 3', () => {
    expect(answerRmaOrderBody.parse({ status: '2', comments: ' Checked ' })).toEqual({ status: 2, comments: 'Checked' });
    expect(problems(answerRmaOrderBody.safeParse({ status: 2, comments: '  ' }))).toEqual({ comments: 'Please input comment' });
    expect(problems(answerRmaOrderBody.safeParse({ status: 4, comments: 'x' }))).toEqual({ status: 'status is 2 (approve) or 3 (reject)' });
  });

  it('reads an RMA number as RMA- and digits', () => {
    expect(rmaOrderReceivedParams.parse({ rma_prefix: 'RMA-000123' })).toEqual({ rma_prefix: 'RMA-000123' });
    for (const rma_prefix of ['RMA-12', '../x', 'rma-000123', 'RMA-000123\u0000']) expect(rmaOrderReceivedParams.safeParse({ rma_prefix }).success).toBe(false);
  });

  it('filters RMA Status by status 1-5 and sorts by known columns only', () => {
    expect(rmaOrdersListQuery.parse({ status: '5', sort_by: 'rma_prefix', sort: 'asc' })).toMatchObject({ status: 5, sort_by: 'rma_prefix', sort: 'ASC', page: 1 });
    expect(rmaOrdersListQuery.safeParse({ sort_by: 'constructor' }).success).toBe(false);
    expect(rmaOrdersListQuery.safeParse({ status: 6 }).success).toBe(false);
  });
});
