#!/usr/bin/env node
// npm run test:stress: the browser scenarios (test/browser) while two CPU burners keep both cores
// busy, STRESS_ROUNDS times in a row (3 unless told). A test that fails on a loaded machine is a
// broken test: CI machines are shared and noisy. Prints each round's time and outcome; stops the
// burners at the end, on a failure, on Ctrl-C, and — should this runner be killed outright — the
// burners notice they have lost their parent and stop themselves.
//
//   STRESS_ROUNDS=1 npm run test:stress        one round (what .ci/run does after npm test)
//   STRESS_BURNERS=4 npm run test:stress       more burners (default 2: one per core of CI's machines)
//   npm run test:stress -- test/browser/onboarding.e2e.ts   only the files named (jest's patterns)
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const rounds = Number(process.env.STRESS_ROUNDS ?? 3);
const burnerCount = Number(process.env.STRESS_BURNERS ?? 2);
const patterns = process.argv.slice(2);
if (!Number.isInteger(rounds) || rounds < 1) throw new Error(`STRESS_ROUNDS must be a whole number of 1 or more (got ${process.env.STRESS_ROUNDS})`);
if (!Number.isInteger(burnerCount) || burnerCount < 0) throw new Error(`STRESS_BURNERS must be a whole number (got ${process.env.STRESS_BURNERS})`);

// A burner: a busy loop that looks up every 100 ms whether its parent (this runner) is still
// there; once it has been orphaned (re-parented) it exits.
const BURNER = `
const parent = ${process.pid};
for (;;) {
  const until = Date.now() + 100;
  while (Date.now() < until);
  if (process.ppid !== parent) process.exit(0);
}`;

const burners = [];
function startBurners() {
  for (let index = 0; index < burnerCount; index++) {
    burners.push(spawn(process.execPath, ['-e', BURNER], { stdio: 'ignore' }));
  }
}
function stopBurners() {
  for (const burner of burners.splice(0)) {
    if (burner.exitCode === null && burner.signalCode === null) burner.kill('SIGKILL');
  }
}

let jest;
function stopEverything(signal) {
  stopBurners();
  if (jest && jest.exitCode === null) jest.kill(signal);
}
process.on('exit', stopBurners);
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    console.log(`\n${signal}: stopping the burners and jest`);
    stopEverything(signal);
    process.exit(130);
  });
}

/** One round: jest's `tests` project on the browser files, its output passed through. */
function runRound() {
  return new Promise((resolve) => {
    const jestBin = path.join(root, 'node_modules', 'jest', 'bin', 'jest.js');
    jest = spawn(process.execPath, [jestBin, ...(patterns.length ? patterns : ['test/browser']), '--selectProjects', 'tests'], { cwd: root, stdio: 'inherit' });
    jest.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
const results = [];
startBurners();
console.log(`browser stress: ${rounds} round(s) of ${patterns.join(' ') || 'test/browser'} with ${burnerCount} CPU burner(s) (pids ${burners.map((burner) => burner.pid).join(', ')})`);
try {
  for (let round = 1; round <= rounds; round++) {
    console.log(`\n=== stress round ${round} of ${rounds} ===`);
    const started = Date.now();
    const code = await runRound();
    results.push({ round, ms: Date.now() - started, passed: code === 0 });
    console.log(`=== stress round ${round}: ${code === 0 ? 'passed' : `FAILED (jest exited with ${code})`} in ${seconds(Date.now() - started)} ===`);
  }
} finally {
  stopBurners();
}
console.log('\nbrowser stress rounds:');
for (const { round, ms, passed } of results) console.log(`  round ${round}: ${passed ? 'passed' : 'FAILED'} in ${seconds(ms)}`);
process.exit(results.every((result) => result.passed) ? 0 : 1);
