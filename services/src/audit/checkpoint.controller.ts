import { Controller, Inject, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import type { AuditDeviceParams, CheckpointKeyAnswer, DeviceProofAnswer } from '@portal/contracts';
import { deviceInScope } from '@portal/projections';
import type { AuthenticatedUser } from '../auth/auth.service';
import { CurrentUser } from '../auth/current-user';
import { DomainError } from '../platform/commands/command-errors';
import { runInBackground } from '../platform/db/database';
import { type CheckpointSigningKey, loadSigningKey } from '../platform/event-store/checkpoint-key';
import { CHECKPOINTS_KEPT_BY_POSTGRES, CheckpointProofs } from '../platform/event-store/checkpoints';
import { RouteParams, Serves } from '../platform/http/serves';
import type { Platform } from '../platform/platform';
import { PLATFORM } from '../platform/tokens';

/** How often an api process looks for a newer checkpoint to read ahead (one query when there is none). */
const WARM_EVERY_MS = 5 * 60_000;

/**
 * Signed checkpoints over HTTP (docs/AUDIT.md "Signed checkpoints and proofs"): the key they are
 * signed with, and a device's proof that `node scripts/verify-proof.mjs` checks without the service.
 */
@Controller()
export class CheckpointController implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly proofs: CheckpointProofs;
  private key: Promise<CheckpointSigningKey> | undefined;
  private warming: ReturnType<typeof setInterval> | undefined;

  constructor(@Inject(PLATFORM) private readonly platform: Platform) {
    this.proofs = new CheckpointProofs(platform.database.db);
  }

  /** Keeps the latest checkpoint's tree read ahead of the proofs: at start, then each time a new checkpoint appears. */
  onApplicationBootstrap(): void {
    if (this.platform.eventStore.name !== 'postgres') return;
    const warm = () =>
      void runInBackground(() => this.proofs.warm()).catch((error: unknown) => this.platform.logger.warn({ err: error }, 'reading the latest audit checkpoint\'s tree failed; the next proof reads it'));
    warm();
    this.warming = setInterval(warm, WARM_EVERY_MS);
    this.warming.unref();
  }

  onModuleDestroy(): void {
    if (this.warming) clearInterval(this.warming);
  }

  private requirePostgres(): void {
    if (this.platform.eventStore.name !== 'postgres') throw new DomainError(CHECKPOINTS_KEPT_BY_POSTGRES, 409);
  }

  @Serves('GET /api/v1/audit/checkpoints/key')
  async signingKey(): Promise<CheckpointKeyAnswer> {
    this.requirePostgres();
    // The key the worker signs with: the same configuration, or the same kept file (made here when the worker has not yet).
    if (!this.key) {
      const loading = loadSigningKey(this.platform.config, { create: true }).then((key) => key!);
      this.key = loading;
      loading.catch(() => {
        if (this.key === loading) this.key = undefined;
      });
    }
    const key = await this.key;
    return { key_id: key.keyId, public_key_pem: key.publicKey.export({ format: 'pem', type: 'spki' }).toString(), public_key_base64: key.publicKeyRaw.toString('base64') };
  }

  /** A device outside the caller's scope does not exist, as for every audit route (AuditController). */
  @Serves('GET /api/v1/audit/devices/:imei/proof')
  async proof(@RouteParams() { imei }: AuditDeviceParams, @CurrentUser() user: AuthenticatedUser): Promise<DeviceProofAnswer> {
    if (!(await deviceInScope(this.platform.database.db, user.scope, imei))) throw new DomainError(`IMEI ${imei} is not in your inventory.`, 404);
    this.requirePostgres();
    const proof = await this.proofs.proofOf(`device-${imei}`);
    if (proof === 'no events' || proof === 'no checkpoint') throw new DomainError('No checkpoint yet covers this device: the next one will (npm run audit:checkpoint records one now).', 404);
    if (proof === 'not in the tree') throw new DomainError('The store no longer holds this device\'s stream as its checkpoint saw it: run npm run audit:verify.', 409);
    return { imei, ...proof };
  }
}
