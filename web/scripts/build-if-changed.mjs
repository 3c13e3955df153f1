#!/usr/bin/env node
// `npm start`'s console build: `vite build` only when something the console is built from is newer
// than the last build (web/dist/index.html), as make decides. A later start of an unchanged
// checkout then reaches /health in seconds instead of waiting for a bundle it already has; an
// unchanged bundle also keeps its version, so open pages are not told of a "new" one.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const web = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const root = path.resolve(web, '..');
const built = path.join(web, 'dist', 'index.html');
// What the bundle is made of: the console's sources and settings, the contracts it imports, the installed packages.
const inputs = [path.join(web, 'src'), path.join(web, 'index.html'), path.join(web, 'vite.config.ts'), path.join(web, 'package.json'), path.join(web, 'tsconfig.json'), path.join(root, 'contracts', 'src'), path.join(root, 'package-lock.json')];

/** The newest modification time under `entry` (a file or a folder), 0 when it is missing. */
function newest(entry) {
  const stat = fs.statSync(entry, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  return fs.readdirSync(entry).reduce((latest, name) => Math.max(latest, newest(path.join(entry, name))), stat.mtimeMs);
}

const lastBuild = fs.statSync(built, { throwIfNoEntry: false })?.mtimeMs ?? 0;
if (lastBuild > 0 && inputs.every((input) => newest(input) < lastBuild)) {
  console.log('web/dist is up to date: the console is not built again');
} else {
  const { status } = spawnSync('npm', ['run', 'build'], { cwd: web, stdio: 'inherit' });
  process.exit(status ?? 1);
}
