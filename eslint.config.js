import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * A server module is reached through its face, its index.ts (docs/architecture.md#server-modules-in-layers):
 * an import that names a file inside another module is refused. A test may also use a module's test-support.
 */
const otherModulesInsides = (fromInsideModule) => ({
  regex: fromInsideModule ? '^\\.\\./(?!\\.)[^/]+/(?!test-(support|context)$).+' : '(^|/)modules/[^/]+/(?!test-(support|context)$).+',
  message: "Import the other module's face (its index.ts), not its files.",
});

/** The web app talks to the server over HTTP only. */
const webTalksHttpOnly = { group: ['apps/server/*', '**/apps/server/**'], message: 'The web app talks to the server over HTTP only.' };

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'e2e/screenshots/**', 'bench/.out/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': ['error', { allow: ['warn', 'error'] }],
      eqeqeq: ['error', 'always'],
    },
  },
  {
    // CommonJS configuration files (dependency-cruiser's) load what they share with require().
    files: ['**/*.cjs'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    // Command-line scripts and benchmarks report on the console.
    files: ['bench/**', 'scripts/**'],
    rules: { 'no-console': 'off' },
  },
  {
    // Each module's tables.ts widens the database's Database interface by declaration merging.
    files: ['apps/server/src/modules/*/tables.ts'],
    rules: { '@typescript-eslint/no-empty-object-type': ['error', { allowInterfaces: 'with-single-extends' }] },
  },
  {
    files: ['apps/server/src/modules/*/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [otherModulesInsides(true)] }] },
  },
  {
    files: ['apps/server/src/**/*.ts', 'bench/**/*.ts', 'faults/**/*.ts', 'e2e/**/*.ts', 'drill/**/*.ts', 'cluster/**/*.ts'],
    ignores: ['apps/server/src/modules/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [otherModulesInsides(false)] }] },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [webTalksHttpOnly] }] },
  },
  {
    // Features do not reach into each other's insides (docs/front-end.md#structure): a feature
    // uses another only through its public face (features/<name>/index.ts); app/ composes them.
    files: ['apps/web/src/features/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            webTalksHttpOnly,
            { regex: '^\\.\\./[a-z][A-Za-z]*/', message: "Use the other feature's public face (../<feature>), not its insides." },
            { regex: 'features/[a-z][A-Za-z]*/', message: "Use the other feature's public face (../<feature>), not its insides." },
          ],
        },
      ],
    },
  },
  {
    // Shared code sits below the features: ui/ and lib/ never import a feature.
    files: ['apps/web/src/ui/**/*.{ts,tsx}', 'apps/web/src/lib/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [webTalksHttpOnly, { regex: '(^|/)features(/|$)', message: 'ui/ and lib/ sit below the features and never import one.' }] }],
    },
  },
);
