import { describe, expect, it } from 'vitest';
import { announcementsUnseen, rememberAnnouncementsSeen } from './announcements-seen';

function memoryStore() {
  const values = new Map<string, string>();
  return { getItem: (key: string) => values.get(key) ?? null, setItem: (key: string, value: string) => void values.set(key, value) };
}

describe('announcements seen in this browser', () => {
  it('opens for what the user has not dismissed, not again for what they have, again for a newer one', () => {
    const store = memoryStore();
    expect(announcementsUnseen('u1', 'a1', store)).toBe(true);
    rememberAnnouncementsSeen('u1', 'a1', store);
    expect(announcementsUnseen('u1', 'a1', store)).toBe(false);
    expect(announcementsUnseen('u1', 'a2', store)).toBe(true);
    expect(announcementsUnseen('u2', 'a1', store)).toBe(true);
  });

  it('does not open on an empty list', () => {
    expect(announcementsUnseen('u1', undefined, memoryStore())).toBe(false);
  });
});
