import { ROLE } from '@portal/contracts/platform/roles';
import { describe, expect, it } from 'vitest';
import { answerBlocked, approvalLevelFor, orderStatusChip, resubmitBlocked, seesAnswer } from './orders-choices';

/** Orders at each step of the chain (status, approval_status), as docs/ORDERS.md moves them. */
const AT = {
  requestedNoApproval: { status: 1, approval_status: null },
  requested: { status: 1, approval_status: 1 },
  iboApproved: { status: 2, approval_status: 2 },
  iboRejected: { status: 3, approval_status: 3 },
  retailerApproved: { status: 4, approval_status: 4 },
  retailerRejected: { status: 5, approval_status: 5 },
  adminApproved: { status: 6, approval_status: 6 },
  adminRejected: { status: 7, approval_status: 7 },
  fulfilled: { status: 8, approval_status: 6 },
  shipped: { status: 9, approval_status: 6 },
} as const;
type Step = keyof typeof AT;
const STEPS = Object.keys(AT) as Step[];

// The rule table of docs/ORDERS.md, written out: where each user may approve or reject.
const MAY_ANSWER: [string, number[], Step[]][] = [
  ['office manager (3)', [ROLE.OFFICE_MANAGER], []],
  ['IBO manager (11)', [ROLE.IBO_MANAGER], ['requestedNoApproval', 'requested']],
  ['retailer manager (12)', [ROLE.RETAILER_MANAGER], ['requestedNoApproval', 'requested', 'iboApproved']],
  ['admin (1)', [ROLE.SUPER_ADMIN], ['retailerApproved']],
  ['IBO manager who is also an agent (11, 2)', [ROLE.IBO_MANAGER, ROLE.AGENT], ['requestedNoApproval', 'requested']],
  ['IBO and retailer manager (11, 12)', [ROLE.IBO_MANAGER, ROLE.RETAILER_MANAGER], ['requestedNoApproval', 'requested', 'iboApproved']],
];

describe('Order Devices: who may approve or reject (docs/ORDERS.md)', () => {
  it.each(MAY_ANSWER)('%s', (_who, roles, answerable) => {
    for (const step of STEPS) expect([step, answerBlocked(AT[step], roles) === false]).toEqual([step, answerable.includes(step)]);
  });

  it('acts at the highest level open to the user', () => {
    expect(approvalLevelFor([ROLE.IBO_MANAGER, ROLE.RETAILER_MANAGER], 1)).toBe('retailer');
    expect(approvalLevelFor([ROLE.IBO_MANAGER], null)).toBe('ibo');
    expect(approvalLevelFor([ROLE.SUPER_ADMIN, ROLE.RETAILER_MANAGER], 4)).toBe('admin');
    expect(approvalLevelFor([ROLE.SUPER_ADMIN], 1)).toBeUndefined();
  });

  it('says why not, naming whom the order awaits', () => {
    expect(answerBlocked(AT.requested, [ROLE.SUPER_ADMIN])).toBe('This order awaits an IBO manager or a retailer manager.');
    expect(answerBlocked(AT.iboApproved, [ROLE.IBO_MANAGER])).toBe('This order awaits a retailer manager.');
    expect(answerBlocked(AT.retailerApproved, [ROLE.RETAILER_MANAGER])).toBe('This order awaits an admin.');
    expect(answerBlocked(AT.iboRejected, [ROLE.RETAILER_MANAGER])).toBe('This order was rejected: resubmit it to start the approval again.');
    for (const step of ['retailerRejected', 'adminApproved', 'adminRejected', 'fulfilled', 'shipped'] as const) {
      expect(answerBlocked(AT[step], [ROLE.SUPER_ADMIN])).toBe('This order is past its approval: only an order awaiting approval can be approved or rejected.');
    }
  });

  it('hides Approve / Reject from an office manager only', () => {
    expect(seesAnswer([ROLE.OFFICE_MANAGER])).toBe(false);
    expect(seesAnswer([ROLE.OFFICE_MANAGER, ROLE.AGENT])).toBe(false);
    for (const role of [ROLE.IBO_MANAGER, ROLE.RETAILER_MANAGER, ROLE.SUPER_ADMIN]) expect(seesAnswer([role])).toBe(true);
  });

  it('offers Resubmit at a rejection only (approval status 3, 5, 7)', () => {
    expect(STEPS.filter((step) => resubmitBlocked(AT[step]) === false)).toEqual(['iboRejected', 'retailerRejected', 'adminRejected']);
    expect(resubmitBlocked(AT.requested)).toBe('Only a rejected order can be resubmitted.');
  });

  it('colours the status chip as doc 2 §4 says', () => {
    const chip = (status: number, status_text = `status ${status}`) => orderStatusChip({ status, status_text });
    expect([1, 9, 10].map((status) => chip(status))).toEqual([1, 9, 10].map((status) => ({ color: 'orange', text: `status ${status}` })));
    expect([6, 8].map((status) => chip(status).color)).toEqual(['green', 'green']);
    // The spec's 'IBO Manager' for both, with which it was in words (issue 42: colour alone told them apart).
    expect([chip(2, 'Approved by IBO Manager'), chip(3, 'Rejected by IBO Manager')]).toEqual([
      { color: 'cyan', text: 'IBO Manager (Approved)' },
      { color: 'red', text: 'IBO Manager (Rejected)' },
    ]);
    expect([chip(4).text, chip(5).text]).toEqual(['Approved by Retailer', 'Rejected by Retailer']);
    expect(chip(7, 'Rejected by Admin')).toEqual({ color: 'volcano', text: 'Rejected by Admin' });
  });
});
