import { describe, expect, it } from 'vitest';
import { scopeTotals } from './live-store';

describe('a user\'s live figures from their rooms', () => {
  it('adds up the widest level only: an IBO manager\'s markets, not also their offices', () => {
    expect(
      scopeTotals({
        'market:m1': { room: 'market:m1', agents: 10, offices: 3, devices_in_stock: 3 },
        'market:m2': { room: 'market:m2', agents: 5, offices: 1, devices_in_stock: 1 },
        'office:o1': { room: 'office:o1', agents: 4, offices: 1, devices_in_stock: 1 },
      }),
    ).toEqual({ agents: 15, offices: 4, devices_in_stock: 4 });
  });

  it('sums an office manager\'s offices, takes the super admin\'s all, and has nothing before the first counts', () => {
    expect(scopeTotals({ 'office:a': { room: 'office:a', agents: 2, offices: 1, devices_in_stock: 1 }, 'office:b': { room: 'office:b', agents: 3, offices: 1, devices_in_stock: 1 } })).toEqual({ agents: 5, offices: 2, devices_in_stock: 2 });
    expect(scopeTotals({ all: { room: 'all', agents: 120, offices: 12, devices_in_stock: 12 }, 'retailer:r': { room: 'retailer:r', agents: 1, offices: 1, devices_in_stock: 1 } })).toEqual({ agents: 120, offices: 12, devices_in_stock: 12 });
    expect(scopeTotals({})).toBeUndefined();
  });
});
