import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

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
    // Features do not reach into each other's insides (CONVENTIONS 1): web features share through src/ui and src/app.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [{ group: ['apps/server/*', '**/apps/server/**'], message: 'The web app talks to the server over HTTP only.' }] }] },
  },
);
