import {
  type AnnouncementEvent,
  type Position,
  type PublishAnnouncementInput,
  START,
  announcementStream,
  announcementViewsStream,
  publishAnnouncementCommand,
} from '@portal/contracts';
import { latestAnnouncementId } from '@portal/projections';
import { v7 as uuidv7 } from 'uuid';
import { type CommandContext, eventMetadata } from '../platform/commands/command-context';
import { DomainError, withConcurrencyRetry } from '../platform/commands/command-errors';
import type { Database } from '../platform/db/database';
import type { EventStore } from '../platform/event-store/event-store';
import type { PendingUpload } from '../platform/storage/uploads';
import { decideMarkViewed, decidePublishAnnouncement, evolveViews, initialAnnouncementState, initialViewsState } from './announcement.decider';

/** The announcements' commands: load what the rules need, decide, append. */
export class AnnouncementCommands {
  constructor(
    private readonly database: Database,
    private readonly store: EventStore,
  ) {}

  /**
   * The user has seen every announcement published so far: records the newest one the read model
   * (which is what the Announcements screen shows) knows, once. Idempotent: when it is already
   * recorded nothing is appended, and the answer is the position of the user's earlier view.
   */
  async markViewed(userId: string, context: CommandContext): Promise<Position> {
    return withConcurrencyRetry(async () => {
      const streamId = announcementViewsStream(userId);
      const history = await this.store.readStream(streamId);
      const state = history.reduce((current, recorded) => evolveViews(current, { type: recorded.type, data: recorded.data } as AnnouncementEvent), initialViewsState);
      const events = decideMarkViewed({ user_id: userId, latest_announcement_id: await latestAnnouncementId(this.database.db) }, state);
      if (events.length === 0) return history[history.length - 1]?.position ?? START;
      const metadata = eventMetadata(context);
      const result = await this.store.append([{ streamId, expectedVersion: history.length, events: events.map((event) => ({ ...event, metadata })) }]);
      return result.position;
    });
  }
}

/**
 * Publishing needs only the event store (a new stream per announcement), so the demo seed, which
 * has no read model at hand, publishes through this same function that the PublishAnnouncement
 * command runs. A file comes pending: it is written only once the decision accepts
 * (platform/storage/uploads.ts).
 */
export async function publishAnnouncement(store: EventStore, input: PublishAnnouncementInput, context: CommandContext, file?: PendingUpload): Promise<{ id: string; position: Position }> {
  const command = publishAnnouncementCommand.parse(input);
  const id = uuidv7();
  const decision = decidePublishAnnouncement({ ...command, announcement_id: id }, initialAnnouncementState);
  const append = async (events: AnnouncementEvent[]) => {
    const metadata = eventMetadata(context);
    const result = await store.append([{ streamId: announcementStream(id), expectedVersion: 'no_stream', events: events.map((event) => ({ ...event, metadata })) }]);
    return { id, position: result.position };
  };
  if (file) return file.keepIfAccepted(decision, append);
  if (decision instanceof DomainError) throw decision;
  return append(decision);
}
