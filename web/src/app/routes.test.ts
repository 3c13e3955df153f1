import { describe, expect, it } from 'vitest';
import { canOpen, layoutFor, menuFor, screenRoutes } from './routes';

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
});
