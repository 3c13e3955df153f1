import type { AnnouncementEvent } from './announcement.events';
import { ANNOUNCEMENT_EVENT_SCHEMAS } from './announcement.event-schemas';

type DataOf<Type extends AnnouncementEvent['type']> = Extract<AnnouncementEvent, { type: Type }>['data'];

const ANNOUNCEMENT_ID = '0190f1a2-3b4c-7d5e-8f60-718293a4b5c6';

describe('ANNOUNCEMENT_EVENT_SCHEMAS', () => {
  it('takes an announcement for everyone and one for a retailer\u2019s agents, and refuses one without documents', () => {
    const everyone: DataOf<'AnnouncementPublished'> = { announcement_id: ANNOUNCEMENT_ID, message_text: 'Welcome to the distribution portal.', documents: [] };
    expect(ANNOUNCEMENT_EVENT_SCHEMAS.AnnouncementPublished.safeParse(everyone).success).toBe(true);
    const agents: DataOf<'AnnouncementPublished'> = {
      ...everyone,
      documents: [{ name: 'Schedule', url: '/files/announcement-files/0190f1a2-3b4c-7d5e-8f60-718293a4b5c7.pdf' }],
      audience_roles: [2],
      retailer_id: '0190f1a2-3b4c-7d5e-8f60-718293a4b5c3',
    };
    expect(ANNOUNCEMENT_EVENT_SCHEMAS.AnnouncementPublished.safeParse(agents).success).toBe(true);
    const { documents: _documents, ...withoutDocuments } = everyone;
    expect(ANNOUNCEMENT_EVENT_SCHEMAS.AnnouncementPublished.safeParse(withoutDocuments).success).toBe(false);
  });

  it('takes a view', () => {
    const data: DataOf<'AnnouncementViewed'> = { announcement_id: ANNOUNCEMENT_ID, user_id: '0190f1a2-3b4c-7d5e-8f60-718293a4b5c8' };
    expect(ANNOUNCEMENT_EVENT_SCHEMAS.AnnouncementViewed.safeParse(data).success).toBe(true);
    expect(ANNOUNCEMENT_EVENT_SCHEMAS.AnnouncementViewed.safeParse({ announcement_id: ANNOUNCEMENT_ID }).success).toBe(false);
  });
});
