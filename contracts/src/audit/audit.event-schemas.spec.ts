import type { AuditCheckpointEvent } from './audit.events';
import { AUDIT_CHECKPOINT_EVENT_SCHEMAS } from './audit.event-schemas';

describe('AUDIT_CHECKPOINT_EVENT_SCHEMAS', () => {
  it('takes a recorded checkpoint, and refuses another payload version', () => {
    const data: AuditCheckpointEvent['data'] = {
      kind: 'portal-audit-checkpoint',
      version: 1,
      position: '1042.98311',
      streams: 3120,
      events: 98311,
      merkle_root: 'a1'.repeat(32),
      signed_at: '2026-03-02T15:04:05.000Z',
      key_id: '0123456789abcdef',
      public_key: 'MCowBQYDK2VwAyEAGb9ECWmEzf6FQbrBZ9w7lshQhqowtrbLDFw4rXAxZuE=',
      signature: 'c2lnbmF0dXJl',
      file: 'checkpoint-1042.98311.json',
    };
    expect(AUDIT_CHECKPOINT_EVENT_SCHEMAS.AuditCheckpointRecorded.safeParse(data).success).toBe(true);
    expect(AUDIT_CHECKPOINT_EVENT_SCHEMAS.AuditCheckpointRecorded.safeParse({ ...data, version: 2 }).success).toBe(false);
  });
});
