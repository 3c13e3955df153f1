import { randomUUID } from 'node:crypto';
import type { EventMetadata, RoleId } from '@portal/contracts';

/** Who issues a command, when, and under which correlation: stamped into every event's metadata. */
export interface CommandContext {
  readonly actor: { readonly user_id: string; readonly roles: readonly RoleId[] };
  readonly now: Date;
  readonly correlationId: string;
  readonly scope?: EventMetadata['scope'];
}

/** The actor for work the system does on its own behalf (the demo seed, sign-up). */
export function systemContext(now = new Date(), actorId = 'system'): CommandContext {
  return { actor: { user_id: actorId, roles: [] }, now, correlationId: randomUUID() };
}

export function eventMetadata(context: CommandContext): EventMetadata {
  return {
    user_id: context.actor.user_id,
    roles: [...context.actor.roles],
    ...(context.scope && { scope: context.scope }),
    command_id: randomUUID(),
    correlation_id: context.correlationId,
    occurred_at: context.now.toISOString(),
  };
}
