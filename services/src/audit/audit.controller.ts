import { Controller, Inject } from '@nestjs/common';
import type { AsOfQuery, AuditDeviceParams, DeviceHistoryAnswer, DeviceStateAsOf, FleetAsOfQuery, FleetAsOfStatus, StreamVerification, VerifyStreamQuery } from '@portal/contracts';
import { deviceInScope } from '@portal/projections';
import type { AuthenticatedUser } from '../auth/auth.service';
import { CurrentUser } from '../auth/current-user';
import { DomainError } from '../platform/commands/command-errors';
import { RouteParams, RouteQuery, Serves } from '../platform/http/serves';
import type { Platform } from '../platform/platform';
import { PLATFORM } from '../platform/tokens';
import { deviceHistory, deviceStateAsOf } from './device-history';
import { verifyStream } from '../platform/event-store/hash-chain';
import { FleetAsOf } from './fleet-as-of';

/** Auditors' questions about one device (docs/AUDIT.md), answered from the event store itself; a device outside the scope does not exist. */
@Controller()
export class AuditController {
  constructor(
    @Inject(PLATFORM) private readonly platform: Platform,
    private readonly fleetAsOf: FleetAsOf,
  ) {}

  private async requireInScope(user: AuthenticatedUser, imei: string): Promise<void> {
    if (!(await deviceInScope(this.platform.database.db, user.scope, imei))) throw new DomainError(`IMEI ${imei} is not in your inventory.`, 404);
  }

  @Serves('GET /api/v1/audit/devices/:imei/history')
  async history(@RouteParams() { imei }: AuditDeviceParams, @CurrentUser() user: AuthenticatedUser): Promise<DeviceHistoryAnswer> {
    await this.requireInScope(user, imei);
    return deviceHistory(this.platform.database.db, this.platform.eventStore, imei);
  }

  @Serves('GET /api/v1/audit/devices/:imei')
  async state(@RouteParams() { imei }: AuditDeviceParams, @RouteQuery() query: AsOfQuery, @CurrentUser() user: AuthenticatedUser): Promise<DeviceStateAsOf> {
    await this.requireInScope(user, imei);
    return deviceStateAsOf(this.platform.database.db, this.platform.eventStore, imei, query.as_of, new Date());
  }

  /** The fleet reports' read model as of a past moment: its progress, started when missing. */
  @Serves('GET /api/v1/audit/fleet')
  fleet(@RouteQuery() query: FleetAsOfQuery, @CurrentUser() user: AuthenticatedUser): Promise<FleetAsOfStatus> {
    return this.fleetAsOf.status(query.as_of, user);
  }

  /** A device's stream when the device is in scope; any stream for the super role (whose scope is everything); otherwise it does not exist. */
  @Serves('GET /api/v1/audit/verify')
  async verify(@RouteQuery() { stream }: VerifyStreamQuery, @CurrentUser() user: AuthenticatedUser): Promise<StreamVerification> {
    const device = /^device-(\d{4,20})$/.exec(stream);
    if (user.scope.kind !== 'all') {
      if (!device) throw new DomainError('No such stream', 404);
      await this.requireInScope(user, device[1]!);
    }
    if (this.platform.eventStore.name !== 'postgres') throw new DomainError('The hash chains are kept by the PostgreSQL event store only (docs/AUDIT.md).', 409);
    const checked = await verifyStream(this.platform.database.db, stream);
    if (checked.events === 0) throw new DomainError('No such stream', 404);
    return {
      stream,
      events: checked.events,
      valid: checked.break === null,
      first_break: checked.break && { stream_position: checked.break.stream_position, event_id: checked.break.event_id, reason: checked.break.reason },
    };
  }
}
