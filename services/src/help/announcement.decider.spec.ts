import type { AnnouncementEvent } from '@portal/contracts';
import { DomainError } from '../platform/commands/command-errors';
import {
  type ViewsState,
  decideMarkViewed,
  decidePublishAnnouncement,
  evolveAnnouncement,
  evolveViews,
  initialAnnouncementState,
  initialViewsState,
} from './announcement.decider';

const given = (events: AnnouncementEvent[]): ViewsState => events.reduce(evolveViews, initialViewsState);
const viewed = (announcementId: string, userId = 'u1'): AnnouncementEvent => ({ type: 'AnnouncementViewed', data: { announcement_id: announcementId, user_id: userId } });
const refusal = (result: unknown) => (result instanceof DomainError ? [result.status, result.message] : result);

describe('announcement rules', () => {
  describe('publishing', () => {
    it('given no announcement, when one is published, then AnnouncementPublished carries the trimmed message and documents', () => {
      const result = decidePublishAnnouncement(
        { announcement_id: 'a1', message_text: '  Holiday cut-off is Dec 20  ', documents: [{ name: ' Holiday schedule.pdf ', url: '/files/announcements/holiday-schedule.pdf' }], audience_roles: [], retailer_id: null },
        initialAnnouncementState,
      );
      expect(result).toEqual([
        {
          type: 'AnnouncementPublished',
          data: { announcement_id: 'a1', message_text: 'Holiday cut-off is Dec 20', documents: [{ name: 'Holiday schedule.pdf', url: '/files/announcements/holiday-schedule.pdf' }] },
        },
      ]);
    });

    it('given no announcement, when the message is blank, then it is refused with the spec message', () => {
      expect(refusal(decidePublishAnnouncement({ announcement_id: 'a1', message_text: '   ', documents: [], audience_roles: [], retailer_id: null }, initialAnnouncementState))).toEqual([422, 'Please input message']);
    });

    it('addresses the roles of its audience (sorted, once each) among a retailer\'s people; a role without the Announcements screen is refused', () => {
      const result = decidePublishAnnouncement({ announcement_id: 'a2', message_text: 'Count your stock', documents: [], audience_roles: [3, 2, 3], retailer_id: 'r-1' }, initialAnnouncementState);
      expect(result).toEqual([{ type: 'AnnouncementPublished', data: { announcement_id: 'a2', message_text: 'Count your stock', documents: [], audience_roles: [2, 3], retailer_id: 'r-1' } }]);
      expect(refusal(decidePublishAnnouncement({ announcement_id: 'a3', message_text: 'x', documents: [], audience_roles: [1], retailer_id: null }, initialAnnouncementState))).toEqual([400, 'Audience is a list of 2, 3, 11, 12']);
    });

    it('given a published announcement, when it is published again, then it is refused', () => {
      const published = evolveAnnouncement(initialAnnouncementState, { type: 'AnnouncementPublished', data: { announcement_id: 'a1', message_text: 'Hi', documents: [] } });
      expect(refusal(decidePublishAnnouncement({ announcement_id: 'a1', message_text: 'Hi', documents: [], audience_roles: [], retailer_id: null }, published))).toEqual([409, 'That announcement is already published']);
    });
  });

  describe('marking as viewed', () => {
    it('given a user who has seen nothing, when they view, then the newest announcement is recorded as seen', () => {
      expect(decideMarkViewed({ user_id: 'u1', latest_announcement_id: 'a2' }, given([]))).toEqual([viewed('a2')]);
    });

    it('given a user who has seen the newest announcement, when they view again, then nothing new is recorded', () => {
      expect(decideMarkViewed({ user_id: 'u1', latest_announcement_id: 'a2' }, given([viewed('a1'), viewed('a2')]))).toEqual([]);
    });

    it('given a user who saw an older announcement, when a newer one exists, then the newer one is recorded', () => {
      expect(decideMarkViewed({ user_id: 'u1', latest_announcement_id: 'a3' }, given([viewed('a2')]))).toEqual([viewed('a3')]);
    });

    it('given no announcement at all, when a user views, then nothing is recorded', () => {
      expect(decideMarkViewed({ user_id: 'u1', latest_announcement_id: undefined }, given([]))).toEqual([]);
    });

    it('ignores publications when folding a views stream', () => {
      const state = given([{ type: 'AnnouncementPublished', data: { announcement_id: 'a1', message_text: 'Hi', documents: [] } }]);
      expect([...state.seen]).toEqual([]);
    });
  });
});
