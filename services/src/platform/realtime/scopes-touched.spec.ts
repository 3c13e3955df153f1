import type { RecordedEvent } from '@portal/contracts';
import { type ScopeLookups, scopesTouched, scopesTouchedByBatch } from './scopes-touched';
import { InProcessLiveBus, type LiveMessage } from './live-bus';
import { roomsOfScope, scopeOfRoom } from './rooms';

const recorded = (type: string, data: object, streamPosition = 2): RecordedEvent =>
  ({ type, data, streamPosition, streamId: 'user-u1', position: { commit: 1n, prepare: 1n }, eventId: 'e', schemaVersion: 1, metadata: {}, recordedAt: new Date() }) as unknown as RecordedEvent;

// Two markets of one retailer: m1 holds offices dallas and houston, m2 holds little-rock.
const lookups: ScopeLookups = {
  officeBefore: async () => 'dallas',
  officeOfUser: async () => 'houston',
  officeAncestry: async (ids) =>
    ids.map((office_id) => ({ office_id, ibo_marketer_id: office_id === 'little-rock' ? 'm2' : 'm1', retailer_id: 'r1' })),
  marketRetailers: async (ids) => ids.map((ibo_marketer_id) => ({ ibo_marketer_id, retailer_id: 'r1' })),
  officeOfCandidate: async () => 'little-rock',
};

describe('scopesTouched', () => {
  it("sends a candidate's move to their office's rooms (the Onboarding Summary on screen follows it)", async () => {
    const event = { ...recorded('CandidateStageChanged', { candidate_id: 'c1', from: 3, to: 4 }), streamId: 'candidate-c1' } as RecordedEvent;
    const rooms = await scopesTouched(event, lookups);
    expect([...rooms].sort()).toEqual(expect.arrayContaining(['office:little-rock', 'market:m2', 'retailer:r1', 'all']));
  });

  it('sends an agent move to the old and the new office and every scope above them', async () => {
    const rooms = await scopesTouched(recorded('AgentOfficeChanged', { user_id: 'u1', office_id: 'houston' }), lookups);
    expect(rooms.sort()).toEqual(['agent:u1', 'all', 'market:m1', 'office:dallas', 'office:houston', 'retailer:r1']);
  });

  it('maps the other organisation events', async () => {
    expect((await scopesTouched(recorded('UserCreated', { user_id: 'u2', office_id: 'little-rock', ibo_marketer_id: 'm2', retailer_id: 'r1' }), lookups)).sort()).toEqual(
      ['agent:u2', 'all', 'market:m2', 'office:little-rock', 'retailer:r1'],
    );
    expect((await scopesTouched(recorded('OfficeManagersAssigned', { office_id: 'dallas', manager_ids: [], supervisor_ids: [] }), lookups)).sort()).toEqual(
      ['all', 'market:m1', 'office:dallas', 'retailer:r1'],
    );
    expect((await scopesTouched(recorded('IboMarketCreated', { ibo_marketer_id: 'm3', name: 'M', retailer_id: 'r2' }), lookups)).sort()).toEqual(
      // (the fake lookups place every market under r1 as well)
      ['all', 'market:m3', 'retailer:r1', 'retailer:r2'],
    );
    expect((await scopesTouched(recorded('UserRolesChanged', { user_id: 'u3', role_ids: [2] }), lookups)).sort()).toEqual(
      ['agent:u3', 'all', 'market:m1', 'office:houston', 'retailer:r1'],
    );
    // A user with no unit touches only their own room; events of no scope touch nothing.
    expect(await scopesTouched(recorded('UserCreated', { user_id: 'u4' }), lookups)).toEqual(['agent:u4', 'all']);
    expect(await scopesTouched(recorded('UserPasswordChanged', { user_id: 'u1', reason: 'changed' }), lookups)).toEqual([]);
    expect(await scopesTouched(recorded('DeviceReceived', {}), lookups)).toEqual([]);
  });

  it('answers each room of a batch once', async () => {
    const rooms = await scopesTouchedByBatch(
      [recorded('AgentOfficeChanged', { user_id: 'u1', office_id: 'houston' }), recorded('OfficeManagersAssigned', { office_id: 'houston', manager_ids: [], supervisor_ids: [] })],
      lookups,
    );
    expect(rooms).toHaveLength(new Set(rooms).size);
    expect(rooms).toContain('office:houston');
  });
});

describe('rooms and in-process scope changes', () => {
  it('maps rooms back to scopes and scopes to rooms', async () => {
    expect(scopeOfRoom('office:o1')).toEqual({ kind: 'office', officeIds: ['o1'] });
    expect(scopeOfRoom('all')).toEqual({ kind: 'all' });
    expect(scopeOfRoom('nonsense')).toBeUndefined();
    expect(await roomsOfScope({} as never, { kind: 'office', officeIds: ['a', 'b'] })).toEqual(['office:a', 'office:b']);
    expect(await roomsOfScope({} as never, { kind: 'agent', agentId: 'u1' })).toEqual(['agent:u1']);
  });

  it('delivers published messages to subscribers until they unsubscribe, and no empty scope change', async () => {
    const bus = new InProcessLiveBus();
    const heard: LiveMessage[] = [];
    const unsubscribe = await bus.subscribe((message) => heard.push(message));
    await bus.publish({ kind: 'scopes', rooms: ['office:o1', 'all'] });
    await bus.publish({ kind: 'scopes', rooms: [] });
    await bus.publish({ kind: 'export', user_id: 'u1', push: { export_id: 'e1', status: 'running', rows_written: 5, rows_total: 10 } });
    await unsubscribe();
    await bus.publish({ kind: 'scopes', rooms: ['office:o2'] });
    expect(heard).toEqual([
      { kind: 'scopes', rooms: ['office:o1', 'all'] },
      { kind: 'export', user_id: 'u1', push: { export_id: 'e1', status: 'running', rows_written: 5, rows_total: 10 } },
    ]);
  });
});
