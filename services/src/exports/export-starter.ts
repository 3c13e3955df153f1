import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { EXPORT_PREPARING_MESSAGE, EXPORT_READY_MESSAGE, type ExportAnswer, type ExportFormat, QUEUE_UNAVAILABLE_MESSAGE, exportFailedMessage } from '@portal/contracts';
import type { AuthenticatedUser } from '../auth/auth.service';
import type { Platform } from '../platform/platform';
import { PLATFORM } from '../platform/tokens';
import { QueueUnavailableError } from '../platform/queue/job-queue';
import type { ExportDefinition } from './export-definition';
import { exportDownloadName, exportDownloadUrl } from './export-links';
import { enqueueExport } from './export-processor';
import { createExportRecord, findExportRecord, markExportFailed } from './exports.store';

const POLL_MS = 50;

/**
 * Starts an export for a list's `*_export` call (the one path every list uses): records it,
 * queues it in the caller's scope, waits EXPORT_WAIT_MS for a small file and answers per the
 * spec: `download` 1 with the signed url, or 0 with the message while it is being prepared
 * (its progress then comes over the user's socket and GET /api/v1/exports/:id).
 */
@Injectable()
export class ExportStarter {
  constructor(@Inject(PLATFORM) private readonly platform: Pick<Platform, 'database' | 'jobs' | 'config'>) {}

  /** `asOf`: the rows come from an auditor's as-of read model, with its ages counted at its moment. */
  async start<Row, Filters>(definition: ExportDefinition<Row, Filters>, format: ExportFormat, user: AuthenticatedUser, filters: Omit<Filters, 'requested_at'>, asOf?: { readonly schema: string; readonly moment: string }): Promise<ExportAnswer> {
    const db = this.platform.database.db;
    const id = randomUUID();
    await createExportRecord(db, { id, user_id: user.user_id, name: definition.name, format });
    // Every export reads the moment it was asked for (`requested_at`: ages, "last 30 days"), so its file matches the screen.
    // Not the auditor's `as_of` (a past moment a report is rebuilt at, docs/AUDIT.md): that one is a filter of its own.
    const requested = { ...filters, requested_at: asOf?.moment ?? new Date().toISOString() } as Record<string, unknown>;
    try {
      await enqueueExport(this.platform.jobs, { export_id: id, user_id: user.user_id, name: definition.name, format, scope: user.scope, filters: requested, ...(asOf && { read_model: asOf.schema }) });
    } catch (error) {
      // Nothing was queued (e.g. Redis unreachable): the record says so, the caller gets a clear 503.
      await markExportFailed(db, id, error instanceof QueueUnavailableError ? QUEUE_UNAVAILABLE_MESSAGE : exportFailedMessage(id));
      throw error;
    }
    const deadline = Date.now() + this.platform.config.EXPORT_WAIT_MS;
    for (;;) {
      const record = await findExportRecord(db, id);
      // The file's name goes with every answer: the console's notice names the file it is about.
      const named = record ? { file_name: exportDownloadName(record) } : {};
      if (record?.status === 'done') return { download: 1, message: EXPORT_READY_MESSAGE, url: await exportDownloadUrl(db, this.platform.config, record), export_id: id, ...named };
      if (record?.status === 'failed' || Date.now() >= deadline) return { download: 0, message: EXPORT_PREPARING_MESSAGE, export_id: id, ...named };
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  }
}
