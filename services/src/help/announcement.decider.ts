import { ANNOUNCEMENT_AUDIENCE_ROLES, type AnnouncementEvent, HELP_MESSAGES, type PublishAnnouncementCommand } from '@portal/contracts';
import { DomainError } from '../platform/commands/command-errors';

/**
 * The announcement rules, pure: each function takes what the handler loaded and answers the
 * events to append (possibly none), or a refusal in words.
 */

/** What an announcement stream says about the announcement. */
export interface AnnouncementState {
  readonly published: boolean;
}

export const initialAnnouncementState: AnnouncementState = { published: false };

export function evolveAnnouncement(state: AnnouncementState, event: AnnouncementEvent): AnnouncementState {
  return event.type === 'AnnouncementPublished' ? { published: true } : state;
}

/**
 * PublishAnnouncement: a message (and maybe documents) for the roles of its audience (none: every
 * role with the Announcements screen) among the people of its retailer (null: everyone). Only
 * roles that reach the Announcements screen can be an audience.
 */
export function decidePublishAnnouncement(
  command: PublishAnnouncementCommand & { announcement_id: string },
  state: AnnouncementState,
): AnnouncementEvent[] | DomainError {
  if (state.published) return new DomainError('That announcement is already published', 409);
  const message = command.message_text.trim();
  if (message.length === 0) return new DomainError(HELP_MESSAGES.message, 422, { message_text: HELP_MESSAGES.message });
  const audience = [...new Set(command.audience_roles)].sort((a, b) => a - b);
  if (audience.some((role) => !(ANNOUNCEMENT_AUDIENCE_ROLES as readonly number[]).includes(role))) return new DomainError(HELP_MESSAGES.audience, 400, { audience_roles: HELP_MESSAGES.audience });
  return [
    {
      type: 'AnnouncementPublished',
      data: {
        announcement_id: command.announcement_id,
        message_text: message,
        documents: command.documents.map((document) => ({ name: document.name.trim(), url: document.url.trim() })),
        ...(audience.length > 0 && { audience_roles: audience }),
        ...(command.retailer_id !== null && { retailer_id: command.retailer_id }),
      },
    },
  ];
}

/** What a user's views stream says: the announcements they have marked as seen (each one covering those before it). */
export interface ViewsState {
  readonly seen: ReadonlySet<string>;
}

export const initialViewsState: ViewsState = { seen: new Set() };

export function evolveViews(state: ViewsState, event: AnnouncementEvent): ViewsState {
  return event.type === 'AnnouncementViewed' ? { seen: new Set([...state.seen, event.data.announcement_id]) } : state;
}

/**
 * MarkAnnouncementsViewed: the user has seen everything published so far, i.e. up to the newest
 * announcement (`latest_announcement_id`, undefined when there is none). Idempotent: when the
 * user has already marked that one, nothing new is recorded.
 */
export function decideMarkViewed(command: { user_id: string; latest_announcement_id: string | undefined }, state: ViewsState): AnnouncementEvent[] {
  const latest = command.latest_announcement_id;
  if (latest === undefined || state.seen.has(latest)) return [];
  return [{ type: 'AnnouncementViewed', data: { announcement_id: latest, user_id: command.user_id } }];
}
