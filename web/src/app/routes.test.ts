import { describe, expect, it } from 'vitest';
import { ROLE } from '@portal/contracts/platform/roles';
import { breadcrumbs, canOpen, deviceImagePathFor, layoutFor, menuFor, returnPathAfterLogin, screenRoutes, profileScreensFor } from './routes';

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

  it('opens the screens the spec keeps out of the sidebars from the profile menu, at the path each role may open', () => {
    expect(profileScreensFor([2], true)).toEqual([
      { label: 'Messages', path: '/agent-Transaction' },
      { label: 'Compliance Documents', path: '/agent-compliancedocument' },
      { label: 'Device Image', path: '/agent-IMEI' },
    ]);
    expect(profileScreensFor([3], false).map((screen) => screen.path)).toEqual(['/Transaction', '/compliancedocument', '/IMEI', '/documents']);
    expect(profileScreensFor([14], false)).toEqual([]);
    // The device image screen (issue 42): where each role uploads one, and none for a role that may not.
    expect([deviceImagePathFor([2], true), deviceImagePathFor([3], false), deviceImagePathFor([12], false), deviceImagePathFor([ROLE.AUDITOR], false)]).toEqual(['/agent-IMEI', '/IMEI', '/IMEI', undefined]);
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

  it("gives the auditor (issue 23) the read-only screens' sidebar, with the Device Timeline, and no command screen", () => {
    expect(labels([ROLE.AUDITOR])).toEqual([
      'top/Dashboard',
      'top/Announcements',
      'top/Device Timeline',
      'Sales/Detailed Report',
      'Sales/Legacy Data',
      'Sales/By IBOs/Markets',
      'Sales/By Offices',
      'Sales/By Managers',
      'Sales/By Agents',
      'Inventory/Dashboard',
      'Inventory Reports/Detailed Report',
      'Inventory Reports/By IBOs/Markets',
      'Inventory Reports/By Offices',
      'Inventory Reports/By Managers',
      'Inventory Reports/By Agents',
      'Aged Inventory/By IBOs/Markets',
      'Aged Inventory/By Offices',
      'Aged Inventory/By Managers',
      'Aged Inventory/By Agents',
      'Integrations/Event Catalog',
      'Integrations/Webhooks',
      'bottom/Support',
    ]);
    for (const path of ['/dashboard', '/faq', '/trainingdocs', '/trainingvideos', '/changepassword', '/Inventory']) expect({ path, open: canOpen(byPath(path), [ROLE.AUDITOR]) }).toEqual({ path, open: true });
    for (const path of ['/ReceiveInventory', '/assignagent', '/transferdevice', '/rmainitiaterequest', '/orderinventory', '/sendinvite', '/employee', '/publishdocuments', '/Transaction', '/agent-dashboard']) {
      expect({ path, open: canOpen(byPath(path), [ROLE.AUDITOR]) }).toEqual({ path, open: false });
    }
    expect(returnPathAfterLogin('/assignagent', [ROLE.AUDITOR])).toBeUndefined();
  });

  it('opens the Device Timeline to the super role, retailer managers and auditors; only the auditor sees it in the sidebar', () => {
    const timeline = byPath('/audit/device');
    expect([ROLE.SUPER_ADMIN, ROLE.AGENT, ROLE.OFFICE_MANAGER, ROLE.IBO_MANAGER, ROLE.RETAILER_MANAGER, ROLE.AUDITOR].filter((role) => canOpen(timeline, [role]))).toEqual([ROLE.SUPER_ADMIN, ROLE.RETAILER_MANAGER, ROLE.AUDITOR]);
    expect({ page: timeline.page !== undefined, layout: timeline.layout, title: timeline.title }).toEqual({ page: true, layout: 'shell', title: 'Device Timeline' });
    expect(labels([ROLE.RETAILER_MANAGER])).not.toContain('top/Device Timeline');
    expect(labels([ROLE.SUPER_ADMIN])).not.toContain('top/Device Timeline');
    expect(returnPathAfterLogin('/audit/device?imei=356938035643809', [ROLE.AUDITOR])).toBe('/audit/device?imei=356938035643809');
    expect(breadcrumbs('/audit/device', '/InventoryDetailedReport?imei=3569', [ROLE.RETAILER_MANAGER])).toEqual([{ title: 'Inventory Detailed Report', to: '/InventoryDetailedReport?imei=3569' }, { title: 'Device Timeline' }]);
  });

  it('opens the Integrations screens (issue 24) to the super role, retailer managers and auditors, in their sidebars', () => {
    for (const path of ['/integrations/events', '/integrations/webhooks']) {
      const screen = byPath(path);
      expect({ path, built: screen.page !== undefined, capability: screen.capability, layout: screen.layout }).toEqual({ path, built: true, capability: 'subscriptions', layout: 'shell' });
      expect([ROLE.SUPER_ADMIN, ROLE.AGENT, ROLE.OFFICE_MANAGER, ROLE.IBO_MANAGER, ROLE.RETAILER_MANAGER, ROLE.AUDITOR].filter((role) => canOpen(screen, [role]))).toEqual([ROLE.SUPER_ADMIN, ROLE.RETAILER_MANAGER, ROLE.AUDITOR]);
    }
    expect([byPath('/integrations/events').title, byPath('/integrations/webhooks').title]).toEqual(['Event Catalog', 'Webhooks']);
    for (const roles of [[ROLE.SUPER_ADMIN], [ROLE.RETAILER_MANAGER], [ROLE.AUDITOR]]) {
      expect(labels(roles).filter((label) => label.startsWith('Integrations/'))).toEqual(['Integrations/Event Catalog', 'Integrations/Webhooks']);
    }
    for (const roles of [[ROLE.OFFICE_MANAGER], [ROLE.IBO_MANAGER], [ROLE.AGENT]]) expect(labels(roles).some((label) => label.startsWith('Integrations/'))).toBe(false);
    // The group sits after Administration, before the bottom entries.
    expect(menuFor([ROLE.RETAILER_MANAGER]).map((group) => group.group).slice(-3)).toEqual(['Administration', 'Integrations', 'bottom']);
    expect(breadcrumbs('/integrations/webhooks', undefined, [ROLE.RETAILER_MANAGER])).toEqual([{ title: 'Integrations' }, { title: 'Webhooks' }]);
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

describe('a screen opened by URL', () => {
  it('can load its page ahead of the first render: the module the render then uses', async () => {
    const offices = byPath('/offices').page!;
    const loaded = (await offices.preload()) as { default: unknown };
    expect(typeof loaded.default).toBe('function');
    expect(screenRoutes.filter((route) => route.page && typeof route.page.preload !== 'function')).toEqual([]);
  });
});
