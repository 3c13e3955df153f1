import {
  AGGREGATE_IN_STOCK,
  AGING_BANDS,
  ASSIGN_SOURCE,
  INVENTORY_STATUS,
  IN_STOCK_GROUP,
  LOST_DEFECTIVE_GROUP,
  type ReferenceItem,
  agentStatuses,
  assignSources,
  deliveryMethods,
  deviceTypes,
  genders,
  inventoryOrderApprovalStatuses,
  inventoryOrderStatuses,
  deviceTypeName,
  inventoryStatuses,
  officeSortKeys,
  onboardingSources,
  onboardingStatuses,
  onboardingStatusesForCustomEmail,
  onboardingSummaryStages,
  orderDeliveryMethods,
  otherStatuses,
  radPiiIssueStatuses,
  rmaDeviceStatuses,
  rmaOrderStatuses,
  rmaReasons,
  usStates,
} from '../index';

const lists: Record<string, readonly ReferenceItem[]> = {
  inventoryStatuses,
  deviceTypes,
  assignSources,
  agentStatuses,
  rmaReasons,
  rmaDeviceStatuses,
  rmaOrderStatuses,
  inventoryOrderStatuses,
  inventoryOrderApprovalStatuses,
  orderDeliveryMethods,
  onboardingSources,
  onboardingStatuses,
  onboardingStatusesForCustomEmail,
  radPiiIssueStatuses,
  deliveryMethods,
  officeSortKeys,
  genders,
};

const ids = (list: readonly ReferenceItem[]): number[] => list.map((item) => item.id);

describe('reference lists', () => {
  describe.each(Object.entries(lists))('%s', (_name, list) => {
    it('is not empty and has whole-number ids, each once', () => {
      expect(list.length).toBeGreaterThan(0);
      expect(ids(list).every((id) => Number.isInteger(id) && id >= 0)).toBe(true);
      expect(new Set(ids(list)).size).toBe(list.length);
    });

    it('names every code', () => {
      for (const item of list) expect(item.name.trim()).not.toBe('');
    });
  });

  it('reads device type codes as their display names, lists too, unknown codes as they came', () => {
    expect(deviceTypeName('FREEPHONE_SMART')).toBe('Free Smartphone');
    expect(deviceTypeName('PHONE, SIM')).toBe('Phone, SIM');
    expect(deviceTypeName('WATCH')).toBe('WATCH');
    expect(deviceTypeName(null)).toBe('');
  });

  it('keeps the spec device type codes, each once', () => {
    expect(deviceTypes.map((type) => type.code)).toEqual(['FREEPHONE_SMART', 'PHONE', 'SIM', 'TABLET']);
  });

  it('gives every inventory status a name of its own, so no two checkboxes, cards or cells read alike (the aggregate 13 included)', () => {
    const names = inventoryStatuses.map((status) => status.name);
    expect(new Set(names).size).toBe(names.length);
  });

  it('names its status and source constants after listed codes', () => {
    expect(ids(inventoryStatuses)).toEqual(expect.arrayContaining(Object.values(INVENTORY_STATUS)));
    expect(new Set(Object.values(INVENTORY_STATUS)).size).toBe(inventoryStatuses.length);
    expect(ids(assignSources)).toEqual(expect.arrayContaining(Object.values(ASSIGN_SOURCE)));
    expect(assignSources.find((source) => source.id === ASSIGN_SOURCE.OFFICE_TRANSFER)?.name).toMatch(/Transfer/);
  });

  it('keeps the onboarding keys exactly as the spec gives them', () => {
    expect(ids(onboardingStatuses)).toEqual([1, 2, 3, 4, 5, 6, 9, 12, 13, 20, 22, 23, 24, 25, 27]);
    expect(onboardingStatuses.find((stage) => stage.id === 20)?.name).toBe('Expired');
    expect(onboardingSummaryStages.find((stage) => stage.key === null)?.name).toBe('RAD Link Failed');
    for (const stage of onboardingStatusesForCustomEmail) expect(onboardingStatuses).toContainEqual(stage);
  });
});

describe('inventory status groups', () => {
  const listed = ids(inventoryStatuses);

  it('are made of listed statuses', () => {
    for (const id of [...IN_STOCK_GROUP, ...LOST_DEFECTIVE_GROUP, AGGREGATE_IN_STOCK]) expect(listed).toContain(id);
  });

  it('are disjoint, each id once', () => {
    const all = [...IN_STOCK_GROUP, ...LOST_DEFECTIVE_GROUP, ...otherStatuses()];
    expect(new Set(all).size).toBe(all.length);
  });

  it('leave the aggregate 13 out of every group', () => {
    expect(IN_STOCK_GROUP).not.toContain(13);
    expect(LOST_DEFECTIVE_GROUP).not.toContain(13);
    expect(otherStatuses()).not.toContain(13);
  });

  it('put every other listed status in "others": transfer between offices, sold, and returned to the returns desk (ours)', () => {
    expect(otherStatuses()).toEqual([7, 8, 17]);
    expect([...IN_STOCK_GROUP, ...LOST_DEFECTIVE_GROUP, ...otherStatuses(), 13].sort((a, b) => a - b)).toEqual(
      [...listed].sort((a, b) => a - b),
    );
  });

  it('compute "others" from whatever list is displayed, never offering 13, 14, 20 or 22', () => {
    const displayed = [...inventoryStatuses, { id: 14, name: 'x' }, { id: 20, name: 'x' }, { id: 22, name: 'x' }, { id: 23, name: 'x' }];
    expect(otherStatuses(displayed)).toEqual([7, 8, 17, 23]);
  });
});

describe('US states', () => {
  it('are the 50 states and DC, each with a unique two-letter short name', () => {
    expect(usStates).toHaveLength(51);
    for (const state of usStates) {
      expect(state.short_name).toMatch(/^[A-Z]{2}$/);
      expect(state.name.trim()).not.toBe('');
    }
    expect(new Set(usStates.map((state) => state.short_name)).size).toBe(51);
    expect(new Set(usStates.map((state) => state.name)).size).toBe(51);
    expect(usStates.map((state) => state.short_name)).toContain('DC');
  });
});

describe('aging bands', () => {
  it('cover every age from the day of allocation on, without gaps', () => {
    expect(AGING_BANDS[0].minDays).toBe(0);
    for (let i = 1; i < AGING_BANDS.length; i++) expect(AGING_BANDS[i].minDays).toBe(AGING_BANDS[i - 1].maxDays! + 1);
    expect(AGING_BANDS[AGING_BANDS.length - 1].maxDays).toBeNull();
  });
});
