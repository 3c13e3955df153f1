import { DomainError } from '../platform/commands/command-errors';
import { Controller, Inject, StreamableFile } from '@nestjs/common';
import { RouteParams, RouteQuery, Serves } from '../platform/http/serves';
import {
  type ExportDownloadQuery,
  type ExportFormat,
  type ExportProgress,
} from '@portal/contracts';
import type { AuthenticatedUser } from '../auth/auth.service';
import { signingSecret } from '../auth/credentials.store';
import { CurrentUser } from '../auth/current-user';
import type { Platform } from '../platform/platform';
import { PLATFORM } from '../platform/tokens';
import { exportDownloadName, exportProgressOf } from './export-links';
import { checkExportSignature } from './export-signing';
import { type ExportStorage, createExportStorage } from './export-storage';
import { findExportRecord } from './exports.store';

const CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** Answers exports' progress and serves finished files through signed links (each list's `*_export` call starts one, see ExportStarter). */
@Controller()
export class ExportsController {
  private readonly storage: ExportStorage;

  constructor(@Inject(PLATFORM) private readonly platform: Platform) {
    this.storage = createExportStorage(platform.config);
  }

  /** GET /api/v1/exports/:id: the caller's own export only (another user's is 404). */
  @Serves('GET /api/v1/exports/:id')
  async progress(@RouteParams() { id }: { id: string }, @CurrentUser() user: AuthenticatedUser): Promise<ExportProgress> {
    const record = await findExportRecord(this.platform.database.db, id);
    if (!record || record.user_id !== user.user_id) throw new DomainError('No such export.', 404);
    return exportProgressOf(this.platform.database.db, this.platform.config, record);
  }

  /** GET /api/v1/exports/:id/download: public, the signature over (export, user, expiry) is the credential. */
  @Serves('GET /api/v1/exports/:id/download')
  async download(@RouteParams() { id }: { id: string }, @RouteQuery() query: ExportDownloadQuery): Promise<StreamableFile> {
    const record = await findExportRecord(this.platform.database.db, id);
    const secret = await signingSecret(this.platform.database.db);
    const check = record ? checkExportSignature(secret, record.id, record.user_id, query.expires, query.signature) : 'invalid';
    if (check === 'invalid') throw new DomainError('This download link is not valid. Export the report again.', 403);
    if (check === 'expired') throw new DomainError('This download link has expired. Export the report again.', 403);
    if (record!.status !== 'done' || record!.file === null) throw new DomainError('This report is not ready yet.', 404);
    const stream = await this.storage.open(record!.file);
    if (!stream) throw new DomainError('This report is no longer available. Export the report again.', 404);
    return new StreamableFile(stream, { type: CONTENT_TYPES[record!.format], disposition: `attachment; filename="${exportDownloadName(record!)}"` });
  }
}
