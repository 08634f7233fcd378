import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

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
    // Command-line scripts and benchmarks report on the console.
    files: ['bench/**', 'scripts/**'],
    rules: { 'no-console': 'off' },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [webTalksHttpOnly] }] },
  },
  {
    // Features do not reach into each other's insides (CONVENTIONS 1, bulletproof-react): a feature
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
