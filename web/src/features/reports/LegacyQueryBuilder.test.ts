import { legacyQueryString } from '@portal/contracts/reports/reports.schemas';
import { describe, expect, it } from 'vitest';
import { type BuilderQuery, operatorsFor, toQueryString } from './LegacyQueryBuilder';
import { statusesFromLink } from './StatusGroups';

describe('Legacy Data query builder', () => {
  it('limits each field to its operators (doc 1 §2.12)', () => {
    expect(operatorsFor('imei')).toEqual(['=', '!=', 'in', 'contains', 'beginsWith', 'endsWith']);
    expect(operatorsFor('order_id')).toContain('between');
    expect(operatorsFor('rma_id')).toContain('between');
    expect(operatorsFor('carton')).not.toContain('between');
    expect(operatorsFor('device_type')).toEqual(['=', '!=']);
  });

  it('writes query_string as the contract reads it: flat rules, and/or, lists for In and Between', () => {
    const query: BuilderQuery = {
      combinator: 'or',
      rules: [
        { id: 1, field: 'imei', operator: 'endsWith', value: ' 3809 ' },
        { id: 2, field: 'rma_id', operator: 'between', value: ['RMA-1', 'RMA-9'] },
        { id: 3, field: 'pallet', operator: 'in', value: ['P-1', 'P-2'] },
        { id: 4, field: 'device_type', operator: '=', value: 'TABLET' },
      ],
    };
    const text = toQueryString(query)!;
    expect(JSON.parse(text)).toEqual({
      combinator: 'or',
      rules: [
        { field: 'imei', operator: 'endsWith', value: '3809' },
        { field: 'rma_id', operator: 'between', value: ['RMA-1', 'RMA-9'] },
        { field: 'pallet', operator: 'in', value: ['P-1', 'P-2'] },
        { field: 'device_type', operator: '=', value: 'TABLET' },
      ],
    });
    expect(legacyQueryString.safeParse(text).success).toBe(true);
    expect(toQueryString({ combinator: 'and', rules: [] })).toBeUndefined();
  });
});

describe('status links', () => {
  it('reads 13 as the whole in-stock group, other ids as themselves, and drops unknown ones', () => {
    expect(statusesFromLink('13')).toEqual([9, 3, 4, 5, 6, 12]);
    expect(statusesFromLink('4')).toEqual([4]);
    expect(statusesFromLink('10,11,99')).toEqual([10, 11]);
    expect(statusesFromLink(null)).toEqual([]);
  });
});
