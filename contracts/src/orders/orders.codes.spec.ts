import { orderApproved } from './orders.codes';

describe('orderApproved (issue 42: approved quantities only once someone approved)', () => {
  it('holds while the last answer is an approval (approval status 2, 4, 6), also once shipped or fulfilled', () => {
    expect([null, 1, 2, 3, 4, 5, 6, 7].filter((approval_status) => orderApproved({ approval_status }))).toEqual([2, 4, 6]);
  });
});
