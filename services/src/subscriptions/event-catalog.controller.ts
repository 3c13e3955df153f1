import { Controller, Inject } from '@nestjs/common';
import { EVENT_CATALOG, type EventTypeRow, type Listed, deliveredDataSchema } from '@portal/contracts';
import { feedTypeCounts } from '@portal/projections';
import type { AuthenticatedUser } from '../auth/auth.service';
import { CurrentUser } from '../auth/current-user';
import { Serves } from '../platform/http/serves';
import type { Platform } from '../platform/platform';
import { PLATFORM } from '../platform/tokens';
import { toCloudEvent } from './cloud-event';

/** The event catalog (docs/SUBSCRIPTIONS.md): what downstream systems can receive, and how much of it the caller's scope holds. */
@Controller()
export class EventCatalogController {
  /** Built on the first request, not at every process start (90 JSON Schemas from zod). */
  private schemas: ReadonlyMap<string, Record<string, unknown>> | undefined;

  constructor(@Inject(PLATFORM) private readonly platform: Platform) {}

  @Serves('GET /api/v1/subscriptions/event_types')
  async eventTypes(@CurrentUser() user: AuthenticatedUser): Promise<Listed<EventTypeRow>> {
    this.schemas ??= new Map(EVENT_CATALOG.map((entry) => [entry.type, deliveredDataSchema(entry)]));
    const schemas = this.schemas;
    const counts = new Map((await feedTypeCounts(this.platform.database.db, user.scope)).map((count) => [count.type, count]));
    const latest = [...counts.values()];
    const examples = new Map((await this.platform.eventStore.readAt(latest.map((count) => count.last))).map((event) => [event.type, event]));
    const data = EVENT_CATALOG.map((entry): EventTypeRow => {
      const count = counts.get(entry.type);
      const example = examples.get(entry.type);
      return {
        type: entry.type,
        capability: entry.capability,
        description: entry.description,
        schema: schemas.get(entry.type)!,
        events: count?.events ?? 0,
        last_recorded_at: count?.last_recorded_at.toISOString() ?? null,
        example: example && count ? toCloudEvent(example, count.last.retailerId) : null,
      };
    });
    return { items: { data, total: data.length, current_page: 1 } };
  }
}
