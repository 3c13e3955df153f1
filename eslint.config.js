// @ts-check
const js = require('@eslint/js');
const tseslint = require('typescript-eslint');
const path = require('node:path');

/**
 * Console features meet only through web/src/app (DESIGN.md §2): a file under
 * web/src/features/<a>/ may not import from web/src/features/<b>/. Shared helpers live in app/.
 */
const featureOf = (file) => /[\\/]web[\\/]src[\\/]features[\\/]([^\\/]+)[\\/]/.exec(file)?.[1];
const featureBoundaries = {
  rules: {
    'no-cross-feature-imports': {
      meta: { type: 'problem', schema: [], messages: { crossing: "A feature imports only its own files and web/src/app: '{{source}}' is in features/{{target}}. Move what both use to web/src/app." } },
      create(context) {
        const file = context.filename;
        const own = featureOf(file);
        const check = (node) => {
          const source = node.source && node.source.value;
          if (!own || typeof source !== 'string' || !source.startsWith('.')) return;
          const target = featureOf(path.resolve(path.dirname(file), source) + path.sep);
          if (target && target !== own) context.report({ node, messageId: 'crossing', data: { source, target } });
        };
        return { ImportDeclaration: check, ImportExpression: check, ExportNamedDeclaration: check, ExportAllDeclaration: check };
      },
    },
  },
};

module.exports = tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '.tsbuild/**', '.data/**', 'scratch/**', 'web/dist/**', 'test-output/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts'],
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-non-null-assertion': 'off',
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    // Node scripts run by hand (e.g. scripts/make-training-video.mjs): ES modules with Node's globals.
    files: ['scripts/**/*.mjs', 'docs/**/*.mjs', 'web/scripts/**/*.mjs'],
    languageOptions: { sourceType: 'module', globals: { Buffer: 'readonly', console: 'readonly', process: 'readonly', document: 'readonly', performance: 'readonly', requestAnimationFrame: 'readonly', MediaRecorder: 'readonly', Blob: 'readonly', btoa: 'readonly', fetch: 'readonly', setTimeout: 'readonly', URLSearchParams: 'readonly' } },
  },
  {
    files: ['**/*.js'],
    languageOptions: { sourceType: 'commonjs', globals: { module: 'writable', require: 'readonly', __dirname: 'readonly', process: 'readonly' } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    // Request schemas build text and dates from contracts/src/platform/input.ts (control characters, sane dates: DESIGN.md §12).
    files: ['contracts/src/**/*.ts'],
    ignores: ['contracts/src/platform/input.ts', 'contracts/src/**/*.events.ts', 'contracts/src/**/*.event-schemas.ts', 'contracts/src/platform/event-envelope.ts', 'contracts/src/**/*.spec.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: "CallExpression[callee.object.name='z'][callee.property.name='string']", message: 'Request text is text() or multilineText() from platform/input.ts: they refuse control characters.' },
        { selector: "MemberExpression[object.object.name='z'][object.property.name='iso']", message: 'Request dates are wireDate() from platform/input.ts: MM-DD-YYYY or ISO, within a sane range.' },
        { selector: "MemberExpression[object.name='z'][property.name='coerce']", message: 'Request numbers are wholeNumber() / wholeNumberBetween() from platform/input.ts: z.coerce calls into a client\'s object.' },
      ],
    },
  },
  {
    // Services read read models through projections' query functions only (DESIGN.md §2, §5): no SQL in a
    // capability folder. The platform, and the record stores of rows kept outside the event log (*.store.ts), excepted.
    files: ['services/src/**/*.ts'],
    ignores: ['services/src/platform/**', 'services/src/**/*.store.ts', 'services/src/**/*.spec.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [{ name: 'kysely', message: 'No SQL in services/src/<capability>/: call a query function of projections/src/<capability>/ (or a *.store.ts for rows kept outside the event log).' }] },
      ],
    },
  },
  {
    files: ['web/src/features/**/*.ts', 'web/src/features/**/*.tsx'],
    plugins: { 'feature-boundaries': featureBoundaries },
    rules: { 'feature-boundaries/no-cross-feature-imports': 'error' },
  },
  {
    files: ['test/**/*.ts', 'bench/**/*.ts', 'services/src/cli/**/*.ts'],
    rules: { 'no-console': 'off' },
  },
);
