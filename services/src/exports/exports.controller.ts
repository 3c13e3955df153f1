import { createReadStream } from 'node:fs';
import path from 'node:path';
import { Controller, Get, Inject, Param, Query, StreamableFile } from '@nestjs/common';
import {
  EXPORT_PREPARING_MESSAGE,
  EXPORT_READY_MESSAGE,
  type ExportAnswer,
  type ExportDownloadQuery,
  type ExportFormat,
  type ExportProgress,
  exportDownloadQuery,
  exportFormatQuery,
  officeListQuery,
} from '@portal/contracts';
import type { OfficeFilters } from '@portal/projections';
import { randomUUID } from 'node:crypto';
import type { AuthenticatedUser } from '../auth/auth.service';
import { signingSecret } from '../auth/credentials';
import { CurrentUser } from '../auth/current-user';
import { ApiError } from '../platform/http/error-filter';
import { ZodValidation } from '../platform/http/zod-body';
import type { Platform } from '../platform/platform';
import { PLATFORM } from '../platform/tokens';
import { formatExportDate } from './export-definition';
import { checkExportSignature, signedDownloadPath } from './export-signing';
import { enqueueExport, exportsDirectory } from './export-processor';
import { type ExportRecord, createExportRecord, findExportRecord } from './exports-store';
import { officeExport } from './office-export';

/** How long an export call waits for a small export to finish before answering "being prepared". */
export const EXPORT_WAIT_MS = 1000;

const CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** The office export's query: the Office list's filters (and the spec's alias names), plus `format`. */
const officeExportQuery = officeListQuery.and(exportFormatQuery);

/** Starts exports, answers their progress, and serves finished files through signed links. */
@Controller('api/v1')
export class ExportsController {
  constructor(@Inject(PLATFORM) private readonly platform: Platform) {}

  /** GET /api/v1/office_export (doc 3 §7 Offices): the Office list's rows, in the caller's scope, as CSV or XLSX. */
  @Get('office_export')
  async officeExport(@Query(new ZodValidation(officeExportQuery)) query: Record<string, unknown> & { format: ExportFormat }, @CurrentUser() user: AuthenticatedUser): Promise<ExportAnswer> {
    const { status, search_text, ibo_marketer_id, office_id } = query as OfficeFilters;
    const filters: OfficeFilters = { status, search_text, ibo_marketer_id, office_id };
    return this.start(officeExport.name, query.format, user, filters as Record<string, unknown>);
  }

  /** GET /api/v1/exports/:id: the caller's own export only (another user's is 404). */
  @Get('exports/:id')
  async progress(@Param('id') id: string, @CurrentUser() user: AuthenticatedUser): Promise<ExportProgress> {
    const record = await findExportRecord(this.platform.database.db, id);
    if (!record || record.user_id !== user.user_id) throw new ApiError(404, 'No such export.');
    return {
      status: record.status,
      rows_written: record.rows_written,
      rows_total: record.rows_total,
      ...(record.status === 'done' && { url: await this.url(record) }),
      ...(record.status === 'failed' && record.error !== null && { error: record.error }),
    };
  }

  /** GET /api/v1/exports/:id/download: public, the signature over (export, user, expiry) is the credential. */
  @Get('exports/:id/download')
  async download(@Param('id') id: string, @Query(new ZodValidation(exportDownloadQuery)) query: ExportDownloadQuery): Promise<StreamableFile> {
    const record = await findExportRecord(this.platform.database.db, id);
    const secret = await signingSecret(this.platform.database.db);
    const check = record ? checkExportSignature(secret, record.id, record.user_id, query.expires, query.signature) : 'invalid';
    if (check === 'invalid') throw new ApiError(403, 'This download link is not valid. Export the report again.');
    if (check === 'expired') throw new ApiError(403, 'This download link has expired. Export the report again.');
    if (record!.status !== 'done' || record!.file === null) throw new ApiError(404, 'This report is not ready yet.');
    const file = path.join(exportsDirectory(this.platform.config.dataDirectory), path.basename(record!.file));
    const filename = `${record!.name}-${formatExportDate(record!.created_at)}.${record!.format}`;
    return new StreamableFile(createReadStream(file), { type: CONTENT_TYPES[record!.format], disposition: `attachment; filename="${filename}"` });
  }

  private async start(name: string, format: ExportFormat, user: AuthenticatedUser, filters: Record<string, unknown>): Promise<ExportAnswer> {
    const db = this.platform.database.db;
    const id = randomUUID();
    await createExportRecord(db, { id, user_id: user.user_id, name, format });
    await enqueueExport(this.platform.jobs, { export_id: id, user_id: user.user_id, name, format, scope: user.scope, filters });
    const deadline = Date.now() + EXPORT_WAIT_MS;
    for (;;) {
      const record = await findExportRecord(db, id);
      if (record?.status === 'done') return { download: 1, message: EXPORT_READY_MESSAGE, url: await this.url(record), export_id: id };
      if (record?.status === 'failed' || Date.now() >= deadline) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return { download: 0, message: EXPORT_PREPARING_MESSAGE, export_id: id };
  }

  private async url(record: ExportRecord): Promise<string> {
    const signed = signedDownloadPath(await signingSecret(this.platform.database.db), record.id, record.user_id);
    return `${this.platform.config.PUBLIC_URL?.replace(/\/$/, '') ?? ''}${signed}`;
  }
}
