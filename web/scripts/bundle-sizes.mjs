#!/usr/bin/env node
/**
 * Bundle budgets per route (DESIGN.md §8: the console must be fast to open).
 *
 * Reads dist/.vite/manifest.json (`vite build` with `build.manifest: true`) and, for each route
 * with a lazily loaded page, sums the gzipped size of the JavaScript a browser fetches to show
 * it: the entry chunk and every chunk it imports statically, the page's chunk and every chunk it
 * imports statically, and — for routes drawn inside the menu layout, when the layout (Shell) is
 * itself loaded lazily — the layout's chunk and its static imports. Each chunk counts once.
 * Dynamic imports are not followed: they load later, on demand.
 *
 * Routes come from src/app/routes.tsx (`const X = lazy(() => import('…'))` and the entries whose
 * `page:` is X). Budgets: the login page 300 kB, the dashboards 600 kB; every other screen is
 * held to the dashboards' 600 kB. Exit code 1 when a budget is missed, 2 when there is no build.
 *
 * Usage: node scripts/bundle-sizes.mjs [distDir]   (distDir defaults to web/dist)
 */
import console from 'node:console';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import process from 'node:process';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const KB = 1000;
const LOGIN_BUDGET = 300 * KB;
const DASHBOARD_BUDGET = 600 * KB;
/** The budget of one route path. */
function budgetFor(routePath) {
  if (routePath === '/login') return { kind: 'login', budget: LOGIN_BUDGET };
  if (routePath === '/' || /dashboard/i.test(routePath)) return { kind: 'dashboard', budget: DASHBOARD_BUDGET };
  return { kind: 'screen', budget: DASHBOARD_BUDGET };
}
/** The menu layout, when it is loaded lazily (src/app/App.tsx). */
const LAYOUT_SOURCE = 'src/app/Shell.tsx';
/** No menu layout on /login and on paths whose last segment contains 'page' (doc 1 §2.1; routes.tsx `layoutFor`). */
const drawnInLayout = (routePath) => routePath !== '/login' && !(routePath.split('/').filter(Boolean).pop() ?? '').includes('page');

const webDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const distDir = path.resolve(process.argv[2] ?? path.join(webDir, 'dist'));
const manifestFile = path.join(distDir, '.vite', 'manifest.json');
if (!existsSync(manifestFile)) {
  console.error(`No ${manifestFile}: run \`vite build\` first (build.manifest must be true).`);
  process.exit(2);
}
/** @type {Record<string, { file: string; src?: string; name?: string; isEntry?: boolean; isDynamicEntry?: boolean; imports?: string[] }>} */
const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));

const gzipCache = new Map();
function gzipped(file) {
  if (!gzipCache.has(file)) gzipCache.set(file, gzipSync(readFileSync(path.join(distDir, file)), { level: 9 }).length);
  return gzipCache.get(file);
}

/** Manifest keys reachable from `key` through static imports, `key` included. */
function staticClosure(key, into = new Set()) {
  if (into.has(key) || !manifest[key]) return into;
  into.add(key);
  for (const imported of manifest[key].imports ?? []) staticClosure(imported, into);
  return into;
}
const jsBytes = (keys) => [...keys].filter((key) => manifest[key].file.endsWith('.js')).reduce((sum, key) => sum + gzipped(manifest[key].file), 0);

const entryKeys = Object.keys(manifest).filter((key) => manifest[key].isEntry);
if (entryKeys.length === 0) {
  console.error('The manifest has no entry chunk.');
  process.exit(2);
}
const entryClosure = new Set();
for (const key of entryKeys) staticClosure(key, entryClosure);
const layoutKey = Object.keys(manifest).find((key) => manifest[key].isDynamicEntry && manifest[key].src === LAYOUT_SOURCE);

/** Route paths per page source (e.g. 'src/features/auth/LoginPage'), read from the route table. */
function routesByPage() {
  const routesFile = path.join(webDir, 'src', 'app', 'routes.tsx');
  const byPage = new Map();
  if (!existsSync(routesFile)) return byPage;
  const source = readFileSync(routesFile, 'utf8');
  const lazyPages = new Map();
  for (const [, name, specifier] of source.matchAll(/const\s+(\w+)\s*=\s*lazy\(\s*\(\)\s*=>\s*import\(\s*['"]([^'"]+)['"]\s*\)\s*\)/g)) {
    lazyPages.set(name, path.relative(webDir, path.resolve(path.dirname(routesFile), specifier)).split(path.sep).join('/'));
  }
  for (const line of source.split('\n')) {
    const page = /\bpage:\s*(\w+)/.exec(line)?.[1];
    const routePath = /['"](\/[^'"]*)['"]/.exec(line)?.[1];
    if (!page || !routePath || !lazyPages.has(page)) continue;
    const pageSource = lazyPages.get(page);
    byPage.set(pageSource, [...(byPage.get(pageSource) ?? []), routePath]);
  }
  return byPage;
}
const pageRoutes = routesByPage();
const withoutExtension = (src) => src.replace(/\.[cm]?[jt]sx?$/, '');

const rows = [];
for (const key of Object.keys(manifest)) {
  const chunk = manifest[key];
  if (!chunk.isDynamicEntry || !chunk.src || key === layoutKey) continue;
  const routePaths = pageRoutes.get(withoutExtension(chunk.src)) ?? [];
  const closure = new Set(entryClosure);
  staticClosure(key, closure);
  // Lazy chunks that are not route pages (the 403 page, the not-built page) show inside the layout.
  if (layoutKey && (routePaths.length === 0 ? true : routePaths.some(drawnInLayout))) staticClosure(layoutKey, closure);
  const budgets = (routePaths.length ? routePaths : ['']).map(budgetFor);
  const strictest = budgets.reduce((a, b) => (b.budget < a.budget ? b : a));
  const page = path.basename(withoutExtension(chunk.src));
  rows.push({ route: routePaths.length ? routePaths.join(' ') : `(${page})`, page, ...strictest, chunks: closure.size, bytes: jsBytes(closure) });
}
const order = { login: 0, dashboard: 1, screen: 2 };
rows.sort((a, b) => order[a.kind] - order[b.kind] || Number(a.route.startsWith('(')) - Number(b.route.startsWith('(')) || a.route.localeCompare(b.route));

const kb = (bytes) => `${(bytes / KB).toFixed(1)} kB`;
const header = ['Route', 'Page', 'Chunks', 'JS gzip', 'Budget', 'Result'];
const table = rows.map((row) => [row.route, row.page, String(row.chunks), kb(row.bytes), kb(row.budget), row.bytes <= row.budget ? 'PASS' : 'MISS']);
const widths = header.map((title, column) => Math.max(title.length, ...table.map((cells) => cells[column].length)));
const numeric = new Set([2, 3, 4]);
const line = (cells) => cells.map((cell, column) => (numeric.has(column) ? cell.padStart(widths[column]) : cell.padEnd(widths[column]))).join('  ').trimEnd();

console.log(`Entry ${entryKeys.join(', ')} and its static imports: ${kb(jsBytes(entryClosure))} gzip in ${entryClosure.size} chunks${layoutKey ? `; lazy layout ${LAYOUT_SOURCE} counted on menu-layout routes` : ''}`);
console.log(line(header));
console.log(widths.map((width) => '-'.repeat(width)).join('  '));
for (const cells of table) console.log(line(cells));

const missed = rows.filter((row) => row.bytes > row.budget);
if (missed.length > 0) {
  console.error(`\nOver budget: ${missed.map((row) => `${row.route} (${kb(row.bytes)} > ${kb(row.budget)})`).join(', ')}`);
  process.exit(1);
}
console.log(`\nAll ${rows.length} routes within budget.`);
