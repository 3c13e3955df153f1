import { describe, expect, it } from 'vitest';
import { ROLE } from '@portal/contracts/platform/roles';
import { breadcrumbs, canOpen, layoutFor, menuFor, returnPathAfterLogin, screenRoutes } from './routes';

const labels = (roles: number[]) => menuFor(roles).flatMap((group) => group.items.map((item) => `${group.group}/${item.label}`));
const byPath = (path: string) => screenRoutes.find((route) => route.path === path)!;

describe('route table', () => {
  it('has no menu layout on login and on paths whose last segment contains "page"', () => {
    expect(layoutFor('/login')).toBe('bare');
    expect(layoutFor('/page-register')).toBe('bare');
    expect(layoutFor('/page-reset-password')).toBe('bare');
    expect(layoutFor('/assignagent')).toBe('shell');
  });

  it('opens a screen only to roles that intersect its roles; role 1 reaches manager and administration screens', () => {
    expect(canOpen(byPath('/assignagent'), [3])).toBe(true);
    expect(canOpen(byPath('/assignagent'), [2])).toBe(false);
    expect(canOpen(byPath('/assignagent'), [1])).toBe(true);
    expect(canOpen(byPath('/marketers'), [11])).toBe(false);
    expect(canOpen(byPath('/marketers'), [12])).toBe(true);
    expect(canOpen(byPath('/agent-Inventory'), [3])).toBe(false);
    expect(canOpen(byPath('/changepassword'), [2])).toBe(true);
  });

  it('gives an agent the agent sidebar in the spec order', () => {
    expect(labels([2])).toEqual([
      'top/Dashboard',
      'top/Announcements',
      'top/Sales Report',
      'top/Inventory Summary',
      'top/My Inventory',
      'top/Initiate RMA',
      'top/RMA Status',
      'bottom/Support',
    ]);
  });

  it('hides from each manager role what doc 1 §6 hides, while the route stays open', () => {
    const office = labels([3]);
    expect(office).toContain('Inventory Reports/My Inventory');
    expect(office).not.toContain('Inventory Reports/By IBOs/Markets');
    expect(office).not.toContain('Inventory Reports/By Managers');
    expect(office).not.toContain('Aged Inventory/By Managers');
    expect(office.some((label) => label.startsWith('Administration/'))).toBe(false);
    expect(canOpen(byPath('/InventoryByIbo'), [3])).toBe(true);

    const ibo = labels([11]);
    expect(ibo).not.toContain('Inventory Reports/My Inventory');
    expect(ibo).toContain('Administration/Users');
    expect(ibo).not.toContain('Administration/IBOs/Markets');

    const retailer = labels([12]);
    expect(retailer).toContain('Administration/IBOs/Markets');
    expect(retailer).not.toContain('Inventory Reports/My Inventory');
  });

  it('lists every route of the spec once', () => {
    const paths = screenRoutes.map((route) => route.path.toLowerCase());
    expect(new Set(paths).size).toBe(paths.length);
    for (const path of ['/receiveinventory', '/legacydata', '/agedbyagent', '/createrma', '/sendinvite', '/editmarketers', '/agent-compliancedocument', '/trainingvideos']) {
      expect(paths).toContain(path);
    }
  });

  it('builds every sales screen and both dashboards: none of them says "not built yet"', () => {
    for (const path of ['/', '/dashboard', '/salesreport', '/salesreportoffice', '/salesreportmanagers', '/salesreportmarkets', '/salesreportagent', '/summary', '/agent-salesreport', '/agent-summary']) {
      expect({ path, built: byPath(path).page !== undefined }).toEqual({ path, built: true });
    }
    expect(screenRoutes.filter((route) => route.capability === 'sales' && !route.page)).toEqual([]);
    // The managers' home is the sales dashboard; the inventory count cards moved to Inventory → Dashboard.
    expect(byPath('/').page).toBe(byPath('/dashboard').page);
    expect(byPath('/summary').page).not.toBe(byPath('/').page);
  });

  it('builds the help screens; Training Content opens to and sits in the bottom menu of the super role and retailer managers only', () => {
    for (const path of ['/announcement', '/support', '/faq', '/trainingdocs', '/trainingvideos', '/trainingcontent']) {
      expect({ path, built: byPath(path).page !== undefined, capability: byPath(path).capability }).toEqual({ path, built: true, capability: 'help' });
    }
    const content = byPath('/trainingcontent');
    expect(content.title).toBe('Training Content');
    expect([ROLE.SUPER_ADMIN, ROLE.AGENT, ROLE.OFFICE_MANAGER, ROLE.IBO_MANAGER, ROLE.RETAILER_MANAGER].filter((role) => canOpen(content, [role]))).toEqual([ROLE.SUPER_ADMIN, ROLE.RETAILER_MANAGER]);
    expect(labels([ROLE.RETAILER_MANAGER])).toContain('bottom/Training Content');
    expect(labels([ROLE.SUPER_ADMIN])).toContain('bottom/Training Content');
    expect(labels([ROLE.IBO_MANAGER])).not.toContain('bottom/Training Content');
  });

  it('breadcrumbs: the screen a drill-down came from, with its link back; else the menu group; none at the top level', () => {
    const manager = [ROLE.OFFICE_MANAGER];
    expect(breadcrumbs('/InventoryDetailedReport', '/', manager)).toEqual([{ title: 'Dashboard', to: '/' }, { title: byPath('/InventoryDetailedReport').title }]);
    expect(breadcrumbs('/InventoryDetailedReport', undefined, manager)).toEqual([{ title: 'Inventory Reports' }, { title: byPath('/InventoryDetailedReport').title }]);
    expect(breadcrumbs('/', undefined, manager)).toEqual([]);
    // A forged or foreign origin is no crumb.
    expect(breadcrumbs('/InventoryDetailedReport', '//evil.example/x', manager)[0]).toEqual({ title: 'Inventory Reports' });
  });

  it('returns a sign-in to the page asked for only when the roles may open it, and never off the site', () => {
    expect(returnPathAfterLogin('/InventoryDetailedReport?status=4', [ROLE.OFFICE_MANAGER])).toBe('/InventoryDetailedReport?status=4');
    expect(returnPathAfterLogin('/assignagent', [ROLE.AGENT])).toBeUndefined();
    expect(returnPathAfterLogin('//evil.example/', [ROLE.OFFICE_MANAGER])).toBeUndefined();
    expect(returnPathAfterLogin('https://evil.example/', [ROLE.OFFICE_MANAGER])).toBeUndefined();
    expect(returnPathAfterLogin('/login', [ROLE.OFFICE_MANAGER])).toBeUndefined();
    expect(returnPathAfterLogin({ toString: () => '/' }, [ROLE.OFFICE_MANAGER])).toBeUndefined();
  });
});
