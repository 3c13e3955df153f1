import type { ApiRoute } from '../platform/api-route';
import { exportDownloadQuery, exportIdParams } from '../platform/export';

const capability = 'exports';
const spec = 'doc 1 §5 Export buttons, §7 *_export answers; DESIGN.md §7';

/** Our own export routes: progress of an export, and its signed download link. */
export const exportsRoutes: readonly ApiRoute[] = [
  { method: 'GET', path: '/api/v1/exports/:id', access: 'signed-in', capability,
    summary: 'Progress of one of the caller\'s exports (status, rows written, url when done)', spec, params: exportIdParams },
  // Public: the browser opens the link in a new tab without a bearer token; the HMAC signature (export, user, expiry) is the credential.
  { method: 'GET', path: '/api/v1/exports/:id/download', access: 'public', capability,
    summary: 'Download a finished export through its signed, expiring link', spec, params: exportIdParams, query: exportDownloadQuery,
    file: ['text/csv', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'] },
];
