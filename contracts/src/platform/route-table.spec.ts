import { adminRoutes } from '../admin/admin.routes';
import { authRoutes } from '../auth/auth.routes';
import { dashboardRoutes } from '../dashboard/dashboard.routes';
import { exportsRoutes } from '../exports/exports.routes';
import { helpRoutes } from '../help/help.routes';
import { subscriptionsRoutes } from '../subscriptions/subscriptions.routes';
import { auditRoutes } from '../audit/audit.routes';
import { documentsRoutes } from '../documents/documents.routes';
import { messagesRoutes } from '../messages/messages.routes';
import { inventoryRoutes } from '../inventory/inventory.routes';
import { onboardingRoutes } from '../onboarding/onboarding.routes';
import { ordersRoutes } from '../orders/orders.routes';
import { reportsRoutes } from '../reports/reports.routes';
import { referenceRoutes } from '../reference/reference.routes';
import { rmaRoutes } from '../rma/rma.routes';
import { salesRoutes } from '../sales/sales.routes';
import { z } from 'zod';
import { type ApiRoute, CANDIDATE_TOKEN_HEADER, type HttpMethod } from './api-route';
import { sortKeyMessage } from './list-params';
import { ROLE, type RoleId } from './roles';
import { apiRoutes, findRoute } from './route-table';

const MANAGER_ROLES: readonly RoleId[] = [ROLE.OFFICE_MANAGER, ROLE.IBO_MANAGER, ROLE.RETAILER_MANAGER];

function route(method: HttpMethod, path: string): ApiRoute {
  const found = apiRoutes.find((r) => r.method === method && r.path === path);
  if (!found) throw new Error(`no route ${method} ${path}`);
  return found;
}

/** The roles of the spec's screens that call a route (the auditor, ours, is tested on its own below). */
function roles(method: HttpMethod, path: string): readonly RoleId[] {
  const { access } = route(method, path);
  if (typeof access === 'string') throw new Error(`${method} ${path} is ${access}, not a role list`);
  return access.filter((role) => role !== ROLE.AUDITOR).sort((a, b) => a - b);
}

/** A concrete path for a pattern: every parameter becomes a plausible value. */
const concrete = (path: string): string =>
  path.split('/').map((segment) => (segment.startsWith(':') ? '356938035643809' : segment)).join('/');

describe('the API route table', () => {
  it('holds each (method, path) once', () => {
    const keys = apiRoutes.map((r) => `${r.method} ${r.path}`);
    expect(keys.filter((key, i) => keys.indexOf(key) !== i)).toEqual([]);
  });

  it('puts every path under /api/', () => {
    expect(apiRoutes.filter((r) => !r.path.startsWith('/api/')).map((r) => r.path)).toEqual([]);
  });

  it('gives every path clean segments: no braces, no empty segment, no trailing slash', () => {
    const bad = apiRoutes.filter((r) => /[{}?#\s]/.test(r.path) || r.path.split('/').slice(1).some((s) => s === '' || s === ':'));
    expect(bad.map((r) => r.path)).toEqual([]);
  });

  it('lets role 1 reach every route a manager role reaches, except the office actions the spec denies it (doc 3 §6)', () => {
    const missing = apiRoutes.filter(
      (r) => typeof r.access !== 'string' && r.access.some((role) => MANAGER_ROLES.includes(role)) && !r.access.includes(ROLE.SUPER_ADMIN),
    );
    expect(missing.map((r) => `${r.method} ${r.path}`)).toEqual(['POST /api/v1/offices/:id', 'POST /api/v1/offices/action/:id']);
  });

  it('keeps agent-base routes for role 2 alone', () => {
    const agentBase = apiRoutes.filter((r) => r.path.startsWith('/api/v1/agent/'));
    expect(agentBase.length).toBeGreaterThan(0);
    for (const r of agentBase) expect([r.path, r.access]).toEqual([r.path, [ROLE.AGENT]]);
  });

  it('lets no route be reached by the roles that reach no screen (4, 5, 8, 9, 14)', () => {
    const unscreened: readonly RoleId[] = [ROLE.DISTRIBUTOR, ROLE.RETAILER, ROLE.MASTER_AGENT, ROLE.BACK_OFFICE, ROLE.OFFICE_SUPERVISOR];
    const reached = apiRoutes.filter((r) => typeof r.access !== 'string' && r.access.some((role) => unscreened.includes(role)));
    expect(reached.map((r) => r.path)).toEqual([]);
  });

  it('lets the auditor read what a retailer manager reads and change nothing: GETs without an effect only, plus the audit routes', () => {
    const audited = apiRoutes.filter((r) => Array.isArray(r.access) && r.access.includes(ROLE.AUDITOR));
    expect(audited.filter((r) => r.method !== 'GET' || r.effect)).toEqual([]);
    const retailerReads = apiRoutes.filter((r) => r.method === 'GET' && !r.effect && Array.isArray(r.access) && r.access.includes(ROLE.RETAILER_MANAGER));
    expect(retailerReads.filter((r) => !audited.includes(r)).map((r) => r.path)).toEqual([]);
    expect(audited.filter((r) => r.capability === 'audit').map((r) => r.path).sort()).toEqual(['/api/v1/audit/checkpoints/key', '/api/v1/audit/devices/:imei', '/api/v1/audit/devices/:imei/history', '/api/v1/audit/devices/:imei/proof', '/api/v1/audit/fleet', '/api/v1/audit/verify']);
    // The GETs that change the business's records (a resent mail, a shipped order) are not the auditor's; its own read mark is.
    expect(apiRoutes.filter((r) => r.effect).map((r) => r.path).sort()).toEqual([
      '/api/v1/candidate/resend_invite/:id', '/api/v1/candidate/resent_remainders/:id', '/api/v1/candidate/send_email_remainders/:id', '/api/v1/manager/update_rma_order_to_shipped_status/:id',
    ]);
  });

  it('gives no route an empty role list, and only integration paths integration access', () => {
    expect(apiRoutes.filter((r) => Array.isArray(r.access) && r.access.length === 0)).toEqual([]);
    const integration = apiRoutes.filter((r) => r.access === 'integration').map((r) => r.path).sort();
    expect(integration).toEqual(['/api/integration/v1/activations', '/api/integration/v1/activations/:imei/reversal', '/api/integration/v1/events', '/api/integration/v1/events/stream', '/api/integration/v1/onboarding_stages', '/api/integration/v1/rma_orders/:rma_prefix/received', '/api/integration/v1/shipments', '/api/integration/v1/webhooks', '/api/integration/v1/webhooks', '/api/integration/v1/webhooks/:id', '/api/integration/v1/webhooks/:id/deliveries', '/api/integration/v1/webhooks/:id/replay']);
    expect(apiRoutes.filter((r) => r.path.startsWith('/api/integration/') && r.access !== 'integration')).toEqual([]);
  });

  it('files each capability\'s routes under that capability, with a summary and a spec reference', () => {
    const tables: Record<string, readonly ApiRoute[]> = {
      auth: authRoutes, dashboard: dashboardRoutes, inventory: inventoryRoutes, rma: rmaRoutes, orders: ordersRoutes,
      sales: salesRoutes, onboarding: onboardingRoutes, admin: adminRoutes, reference: referenceRoutes, help: helpRoutes,
      exports: exportsRoutes, reports: reportsRoutes, documents: documentsRoutes, messages: messagesRoutes, audit: auditRoutes,
      subscriptions: subscriptionsRoutes,
    };
    for (const [capability, table] of Object.entries(tables)) {
      expect(table.length).toBeGreaterThan(0);
      expect(table.filter((r) => r.capability !== capability)).toEqual([]);
    }
    expect(apiRoutes).toHaveLength(Object.values(tables).reduce((sum, table) => sum + table.length, 0));
    expect(apiRoutes.filter((r) => r.summary.trim() === '' || !/^doc [123] §/.test(r.spec))).toEqual([]);
  });

  it('declares the request schemas of the routes served so far, and bodies only on writes', () => {
    const withSchema = (path: string) => apiRoutes.find((r) => r.path === path && (r.body ?? r.query));
    for (const path of ['/api/login', '/api/register', '/api/forgot_password', '/api/reset_password', '/api/v1/change_password', '/api/v1/password_force_update', '/api/v1/change_office', '/api/v1/offices', '/api/v1/reference/offices', '/api/v1/userlist_based_on_role/:role']) {
      expect(withSchema(path)).toBeDefined();
    }
    expect(apiRoutes.filter((r) => r.body && r.method === 'GET')).toEqual([]);
  });
});

describe('findRoute', () => {
  it('finds every route of the table from a concrete path, so no route hides another', () => {
    for (const r of apiRoutes) expect(findRoute(r.method, concrete(r.path))).toBe(r);
  });

  it('matches parameterised paths segment by segment', () => {
    expect(findRoute('GET', '/api/v1/device_log/356938035643809')?.path).toBe('/api/v1/device_log/:id');
    expect(findRoute('GET', '/api/v1/aged/ibo/42/days16_30/PHONE')?.path).toBe('/api/v1/aged/ibo/:id/:bucket/:Product_Type');
    expect(findRoute('POST', '/api/v1/offices/action/7')?.path).toBe('/api/v1/offices/action/:id');
    expect(findRoute('POST', '/api/v1/offices/7')?.path).toBe('/api/v1/offices/:id');
    expect(findRoute('GET', '/api/v1/userlist_based_on_role/office_supervisor')?.path).toBe('/api/v1/userlist_based_on_role/:role');
    expect(findRoute('DELETE', '/api/v1/candidate/onboarding/12')?.path).toBe('/api/v1/candidate/onboarding/:id');
  });

  it('ignores a query string, one trailing slash and the method\'s case', () => {
    expect(findRoute('get', '/api/v1/reference/offices?term=Dal')?.path).toBe('/api/v1/reference/offices');
    expect(findRoute('GET', '/api/v1/users/')?.path).toBe('/api/v1/users');
  });

  it('tells GET and POST of one path apart', () => {
    expect(findRoute('GET', '/api/v1/legacy_detailed_sales_report')?.method).toBe('GET');
    expect(findRoute('POST', '/api/v1/legacy_detailed_sales_report')?.method).toBe('POST');
    expect(roles('GET', '/api/v1/users')).not.toEqual(roles('POST', '/api/v1/users'));
  });

  it('rejects unknown paths, wrong methods, missing or extra segments and empty parameters', () => {
    expect(findRoute('GET', '/api/v1/unknown')).toBeUndefined();
    expect(findRoute('DELETE', '/api/v1/users')).toBeUndefined();
    expect(findRoute('GET', '/api/v1/device_log')).toBeUndefined();
    expect(findRoute('GET', '/api/v1/device_log/1/2')).toBeUndefined();
    expect(findRoute('GET', '/api/v1/device_log//')).toBeUndefined();
    expect(findRoute('GET', '/api/v1//agentinventorylistv1')).toBeUndefined();
    expect(findRoute('GET', 'api/v1/users')).toBeUndefined();
    expect(findRoute('GET', '')).toBeUndefined();
    expect(findRoute('GET', '/API/V1/USERS')).toBeUndefined();
    expect(findRoute('PATCH', '/api/v1/users/1')).toBeUndefined();
  });
});

describe('access from the spec (route roles are the union of the roles of the screens that call them)', () => {
  it('keeps the spec\'s own spellings', () => {
    for (const path of ['/api/v1/candidate/resent_remainders/:id', '/api/v1/candidate/send_email_remainders/:id', '/api/v1/agent/agentinventorylistv1',
      '/api/v1/manager/managerinventorylist_optimisation', '/api/v1/manager/get_approved_rma_device_list_v2']) {
      expect(apiRoutes.some((r) => r.path === path)).toBe(true);
    }
  });

  it('opens the Users list to roles 11, 12 and 1 only', () => {
    expect(roles('GET', '/api/v1/users')).toEqual([1, 11, 12]);
    expect(roles('POST', '/api/v1/users/:id')).toEqual([1, 11, 12]);
  });

  it('keeps adding users and IBOs/markets for role 12 (and 1)', () => {
    expect(roles('POST', '/api/v1/users')).toEqual([1, 12]);
    expect(roles('POST', '/api/v1/ibo_marketers')).toEqual([1, 12]);
    expect(roles('GET', '/api/v1/ibo_marketers')).toEqual([1, 12]);
  });

  it('keeps agent inventory for role 2 alone', () => {
    expect(roles('GET', '/api/v1/agent/agentinventorylistv1')).toEqual([2]);
    expect(roles('GET', '/api/v1/agent/agentdashboard')).toEqual([2]);
  });

  it('opens sign-in, forgot, register and reset to anyone, and logout to any signed-in user', () => {
    for (const path of ['/api/login', '/api/forgot_password', '/api/register', '/api/reset_password']) {
      expect(route('POST', path).access).toBe('public');
    }
    expect(route('POST', '/api/v1/logout').access).toBe('signed-in');
    // Every user changes their own password (the auditor and the super role too).
    expect(route('POST', '/api/v1/change_password').access).toBe('signed-in');
    expect(route('POST', '/api/v1/password_force_update').access).toBe('signed-in');
    expect(apiRoutes.filter((r) => r.access === 'public').map((r) => r.path).sort()).toEqual(
      // The candidate's own page and a unit's form page (the link's token is the credential), the export download, an RMA order's PDFs, the help files (training documents and videos, announcements' files) and the documents' PDFs are public:
      // their signed, expiring links are the credential (the browser opens them in a new tab or a <video> element, without the bearer token).
      [
        '/api/forgot_password', '/api/login', '/api/register', '/api/reset_password', '/api/v1/announcements/files/:id', '/api/v1/candidate_files/:id/:file',
        '/api/v1/candidate_profile', '/api/v1/candidate_profile', '/api/v1/candidate_profile/sign', '/api/v1/candidate_profile/upload',
        '/api/v1/documents/files/:kind/:id', '/api/v1/exports/:id/download', '/api/v1/forms/:form_id/:token', '/api/v1/forms/:form_id/:token',
        '/api/v1/rma_orders/:id/documents/:document', '/api/v1/training/files/:id',
      ],
    );
  });

  it('opens what agent and manager screens share to both', () => {
    for (const [method, path] of [
      ['GET', '/api/v1/announcements'],
      ['GET', '/api/v1/announcements/check_new'],
      ['GET', '/api/v1/get_document_list/:user_id'],
      ['GET', '/api/v1/manager/get_documents'],
      ['GET', '/api/v1/reference/rma_reasons'],
    ] as const) {
      expect(roles(method, path)).toEqual([1, 2, 3, 11, 12]);
    }
  });

  it('keeps the manager inventory screens for roles 3, 11, 12 (and 1), without role 2', () => {
    expect(roles('GET', '/api/v1/detailed_inventory_report')).toEqual([1, 3, 11, 12]);
    expect(roles('POST', '/api/v1/manager/assigndevice')).toEqual([1, 3, 11, 12]);
    expect(roles('GET', '/api/v1/dashboard_count')).toEqual([1, 3, 11, 12]);
  });

  it('follows route access, not menu hiding: role 3 reaches inventory by IBO, but aged by IBO is a roles 11/12 route', () => {
    expect(roles('GET', '/api/v1/inventory_summary_reports/ibo_marketer')).toContain(ROLE.OFFICE_MANAGER);
    expect(roles('GET', '/api/v1/aged_inventory_summary_reports/manager')).toContain(ROLE.OFFICE_MANAGER);
    expect(roles('GET', '/api/v1/aged_inventory_summary_reports/ibo_marketer')).toEqual([1, 11, 12]);
    expect(roles('GET', '/api/v1/aged/ibo/:id/:bucket/:Product_Type')).toEqual([1, 11, 12]);
  });

  it('narrows where the spec narrows: order approval is not role 3\'s, candidate edit and office admin are roles 11/12', () => {
    expect(roles('POST', '/api/v1/inventory_request_order_accept_reject/:id')).toEqual([1, 11, 12]);
    expect(roles('POST', '/api/v1/resubmit_inventory_request_order/:id')).toEqual([1, 3, 11, 12]);
    expect(roles('POST', '/api/v1/candidate/update_candidate_info/:id')).toEqual([1, 11, 12]);
    expect(roles('POST', '/api/v1/candidate/send_invite')).toEqual([1, 3, 11, 12]);
    // "The super role ... cannot edit or act on offices" (doc 3 §6).
    expect(roles('POST', '/api/v1/offices/:id')).toEqual([11, 12]);
    expect(roles('POST', '/api/v1/offices/action/:id')).toEqual([11, 12]);
  });

  it('validates the login body with the spec\'s messages', () => {
    const body = route('POST', '/api/login').body!;
    const result = body.safeParse({ email: '  ' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['email', 'Email is Required'],
      ['password', 'Password is Required'],
    ]);
    expect(body.parse({ email: 'a@b.co', password: 'x', deviceid: 'web-browser', platform_type: 4, portal_type: '2' })).toEqual({
      email: 'a@b.co', password: 'x', deviceid: 'web-browser', platform_type: 4, portal_type: 2,
    });
    expect(route('POST', '/api/forgot_password').body!.safeParse({}).error?.issues[0]?.message).toBe('Email is Required');
  });

  it("marks exactly the candidate's own page as taking the invite's token (x-candidate-token), each of them public to the guard", () => {
    const tokenRoutes = apiRoutes.filter((r) => r.candidateToken).map((r) => `${r.method} ${r.path}`);
    expect(tokenRoutes.sort()).toEqual(['GET /api/v1/candidate_profile', 'POST /api/v1/candidate_profile', 'POST /api/v1/candidate_profile/sign', 'POST /api/v1/candidate_profile/upload']);
    expect(apiRoutes.filter((r) => r.candidateToken && r.access !== 'public')).toEqual([]);
    expect(CANDIDATE_TOKEN_HEADER).toBe('x-candidate-token');
  });

  it("takes every list's sort key through the one schema: '' is the list's own order, any unknown key (a prototype name too) the same refusal naming the keys", () => {
    const sorted = apiRoutes.flatMap((r) => {
      const properties = r.query ? ((z.toJSONSchema(r.query, { io: 'input', unrepresentable: 'any' }) as { properties?: Record<string, { enum?: string[] }> }).properties ?? {}) : {};
      const name = ['sort_by', 'sort_key'].find((candidate) => Object.hasOwn(properties, candidate));
      return name ? [{ route: r, name, keys: properties[name]!.enum ?? [] }] : [];
    });
    expect(sorted.length).toBeGreaterThan(40);
    for (const { route: r, name, keys } of sorted) {
      const where = `${r.method} ${r.path}`;
      expect({ where, keys: keys.length > 0 }).toEqual({ where, keys: true });
      for (const unknown of ['toString', '__proto__', 'constructor', 'hasOwnProperty', 'password_hash', keys[0]!.toUpperCase()].filter((key) => !keys.includes(key))) {
        const result = r.query!.safeParse({ [name]: unknown });
        const issue = result.error?.issues.find((candidate) => candidate.path[0] === name);
        expect({ where, unknown, message: issue?.message }).toEqual({ where, unknown, message: sortKeyMessage(keys, name) });
      }
      for (const known of [keys[0]!, '']) {
        const result = r.query!.safeParse({ [name]: known });
        expect({ where, known, refused: result.error?.issues.some((candidate) => candidate.path[0] === name) ?? false }).toEqual({ where, known, refused: false });
      }
    }
  });
});
