import { EVENT_CATALOG, catalogEntry } from './event-catalog';

describe('the event catalog', () => {
  it('names each event type once, with a description and a schema', () => {
    const types = EVENT_CATALOG.map((entry) => entry.type);
    expect(new Set(types).size).toBe(types.length);
    expect(types.length).toBeGreaterThan(80);
    for (const entry of EVENT_CATALOG) expect(entry.description.length).toBeGreaterThan(10);
    expect(catalogEntry('DeviceReceived')?.capability).toBe('inventory');
    expect(catalogEntry('DeviceRmaApproved')?.capability).toBe('inventory');
    expect(catalogEntry('__proto__')).toBeUndefined();
  });
});
