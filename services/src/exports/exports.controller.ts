import { Controller, Get, Inject, Param, Query, StreamableFile } from '@nestjs/common';
import {
  type ExportDownloadQuery,
  type ExportFormat,
  type ExportProgress,
  exportDownloadQuery,
  exportIdParams,
} from '@portal/contracts';
import type { AuthenticatedUser } from '../auth/auth.service';
import { signingSecret } from '../auth/credentials';
import { CurrentUser } from '../auth/current-user';
import { ApiError } from '../platform/http/error-filter';
import { ZodValidation } from '../platform/http/zod-body';
import type { Platform } from '../platform/platform';
import { PLATFORM } from '../platform/tokens';
import { formatExportDate } from './export-definition';
import { exportProgressOf } from './export-links';
import { checkExportSignature } from './export-signing';
import { type ExportStorage, createExportStorage } from './export-storage';
import { findExportRecord } from './exports-store';

const CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** Answers exports' progress and serves finished files through signed links (each list's `*_export` call starts one, see ExportStarter). */
@Controller('api/v1')
export class ExportsController {
  private readonly storage: ExportStorage;

  constructor(@Inject(PLATFORM) private readonly platform: Platform) {
    this.storage = createExportStorage(platform.config);
  }

  /** GET /api/v1/exports/:id: the caller's own export only (another user's is 404). */
  @Get('exports/:id')
  async progress(@Param(new ZodValidation(exportIdParams)) { id }: { id: string }, @CurrentUser() user: AuthenticatedUser): Promise<ExportProgress> {
    const record = await findExportRecord(this.platform.database.db, id);
    if (!record || record.user_id !== user.user_id) throw new ApiError(404, 'No such export.');
    return exportProgressOf(this.platform.database.db, this.platform.config, record);
  }

  /** GET /api/v1/exports/:id/download: public, the signature over (export, user, expiry) is the credential. */
  @Get('exports/:id/download')
  async download(@Param(new ZodValidation(exportIdParams)) { id }: { id: string }, @Query(new ZodValidation(exportDownloadQuery)) query: ExportDownloadQuery): Promise<StreamableFile> {
    const record = await findExportRecord(this.platform.database.db, id);
    const secret = await signingSecret(this.platform.database.db);
    const check = record ? checkExportSignature(secret, record.id, record.user_id, query.expires, query.signature) : 'invalid';
    if (check === 'invalid') throw new ApiError(403, 'This download link is not valid. Export the report again.');
    if (check === 'expired') throw new ApiError(403, 'This download link has expired. Export the report again.');
    if (record!.status !== 'done' || record!.file === null) throw new ApiError(404, 'This report is not ready yet.');
    const stream = await this.storage.open(record!.file);
    if (!stream) throw new ApiError(404, 'This report is no longer available. Export the report again.');
    const filename = `${record!.name}-${formatExportDate(record!.created_at)}.${record!.format}`;
    return new StreamableFile(stream, { type: CONTENT_TYPES[record!.format], disposition: `attachment; filename="${filename}"` });
  }
}
