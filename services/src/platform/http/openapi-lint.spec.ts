import { spawn } from 'node:child_process';
import path from 'node:path';
import { apiRoutes } from '@portal/contracts';
import { buildOpenApiDocument } from './openapi';

interface LintProblem {
  readonly ruleId: string;
  readonly severity: 'error' | 'warn' | 'off';
  readonly message: string;
  readonly pointer: string;
}

/**
 * Redocly's linter as a library (@redocly/openapi-core, the engine of `redocly lint`), with its
 * `recommended` rules: no CLI, so no telemetry; a `$ref` to another address fails instead of being
 * fetched, so nothing is downloaded. The library is ESM only and jest loads CommonJS: it runs in a
 * node of its own, reading the document on stdin and writing the problems as JSON.
 */
const LINT_PROGRAM = `
import { BaseResolver, createConfig, lintFromString } from '@redocly/openapi-core';
let source = '';
for await (const chunk of process.stdin) source += chunk;
const config = await createConfig({ extends: ['recommended'] });
const offline = new BaseResolver({ http: { headers: [], customFetch: (url) => { throw new Error('The lint downloads nothing: ' + url); } } });
const problems = await lintFromString({ source, absoluteRef: '/openapi.json', config, externalRefResolver: offline });
process.stdout.write(JSON.stringify(problems.map((problem) => ({ ruleId: problem.ruleId, severity: problem.severity, message: problem.message, pointer: problem.location[0]?.pointer ?? '' }))));
`;

/** The repository's root (from services/src/platform/http), where node finds @redocly/openapi-core. */
const ROOT = path.resolve(__dirname, '..', '..', '..', '..');

function lint(document: unknown): Promise<LintProblem[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--input-type=module', '--eval', LINT_PROGRAM], { cwd: ROOT, stdio: ['pipe', 'pipe', 'pipe'] });
    let output = '';
    let errors = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) reject(new Error(`the lint exited with ${code}: ${errors}`));
      else resolve(JSON.parse(output) as LintProblem[]);
    });
    child.stdin.end(JSON.stringify(document));
  });
}

/** Warnings of the recommended rules we keep, each with the reason; any other warning fails, to be fixed or given a reason here. */
const ACCEPTED_WARNINGS: Readonly<Record<string, string>> = {
  'info-license': 'A private back-office API (package.json: private): no license is offered to its clients.',
};

describe("the OpenAPI document under Redocly's recommended rules", () => {
  const document = buildOpenApiDocument(apiRoutes, { version: 'lint' });

  it('has no error, and only the warnings we keep for a reason', async () => {
    const problems = await lint(document);
    const line = (problem: LintProblem) => `${problem.ruleId} at ${problem.pointer}: ${problem.message}`;
    const warnings = problems.filter((problem) => problem.severity === 'warn');
    // The figures in the run's output (a warning we keep is still a warning).
    console.warn(`OpenAPI lint (redocly recommended): ${problems.filter((problem) => problem.severity === 'error').length} errors, ${warnings.length} warnings${warnings.map((warning) => `\n  warning ${line(warning)}`).join('')}`);
    expect(problems.filter((problem) => problem.severity === 'error').map(line)).toEqual([]);
    expect(warnings.filter((warning) => !Object.hasOwn(ACCEPTED_WARNINGS, warning.ruleId)).map(line)).toEqual([]);
  }, 60_000);

  it('is a lint that finds problems: no summary, a path parameter not declared, a reference to nowhere (errors); no success answer (a warning)', async () => {
    const broken = structuredClone(document) as unknown as { paths: Record<string, Record<string, Record<string, unknown>>> };
    const login = broken.paths['/api/login']!.post!;
    delete login.summary;
    login.responses = { 400: { $ref: '#/components/responses/BadRequest' } };
    const deviceLog = broken.paths['/api/v1/device_log/{id}']!.get!;
    deviceLog.parameters = [];
    deviceLog.responses = { ...(deviceLog.responses as object), 418: { $ref: '#/components/responses/Teapot' } };
    const problems = await lint(broken);
    const rules = (severity: LintProblem['severity']) => problems.filter((problem) => problem.severity === severity).map((problem) => problem.ruleId);
    expect(rules('error')).toEqual(expect.arrayContaining(['operation-summary', 'path-parameters-defined', 'no-unresolved-refs']));
    expect(rules('warn')).toContain('operation-2xx-response');
  }, 60_000);
});
