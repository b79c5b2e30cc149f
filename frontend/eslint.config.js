// ESLint for the frontend: typescript-eslint with type information, the rules of hooks,
// and import boundaries (bulletproof-react's zones).
//
// TypeScript: one version, 6.0, for `npm run typecheck` and for typescript-eslint's parser
// and type-aware rules, which need TypeScript's JavaScript API (TypeScript 7, the native
// compiler, ships none yet, and typescript-eslint 8 accepts < 6.1).
//
// Boundaries: ESLint's own `no-restricted-imports`, one entry per feature, rather than
// import-x's `no-restricted-paths`: that plugin and its TypeScript resolver load a native
// resolver whose builds for other platforms the package registry here does not carry, so
// their lock file entries would break `npm ci`. Imports between folders use the `@/`
// alias (a relative import never climbs out of its feature), so the import text says
// where it points.
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { defineConfig } from 'eslint/config';

const features = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** `no-restricted-imports` options: these patterns, with the reason each is refused. */
function restrictImports(...patterns) {
  return ['error', { patterns }];
}

const noApp = {
  group: ['@/app', '@/app/*'],
  message: 'Only src/app wires routes and providers; move what is shared to components/ or lib/.',
};
const noFeatures = {
  group: ['@/features/*'],
  message: 'Shared code (components/, lib/, config/, i18n/) never depends on a feature.',
};
const noClimbing = {
  group: ['../../*'],
  message: 'Import from another folder through the @/ alias.',
};

export default defineConfig(
  // Generated from the services' OpenAPI documents (scripts/openapi-types.sh).
  { ignores: ['dist/', 'node_modules/', 'coverage/', 'src/lib/api/schema/'] },
  { linterOptions: { reportUnusedDisableDirectives: 'error' } },
  js.configs.recommended,
  tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      // `typeof import('./module')` types a lazily loaded route module without loading it.
      '@typescript-eslint/consistent-type-imports': ['error', { disallowTypeAnnotations: false }],
      // React ignores what an event handler returns; react-hook-form's handleSubmit is async.
      '@typescript-eslint/no-misused-promises': [
        'error',
        { checksVoidReturn: { attributes: false } },
      ],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      // A caught error or an abort reason is passed on as it is, as fetch does.
      '@typescript-eslint/prefer-promise-reject-errors': ['error', { allowThrowingUnknown: true }],
    },
  },
  {
    files: ['**/*.js'],
    extends: [tseslint.configs.disableTypeChecked],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    languageOptions: { globals: globals.browser },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    files: ['e2e/**/*.ts', '*.config.ts'],
    languageOptions: { globals: globals.node },
  },
  // Shared code depends on neither features nor the app.
  {
    files: ['src/{components,lib,config,i18n}/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': restrictImports(noApp, noFeatures) },
  },
  // A feature imports shared code and itself, never another feature nor the app.
  ...features.map((feature) => ({
    files: [`src/features/${feature}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': restrictImports(noApp, noClimbing, {
        group: ['@/features/*', `!@/features/${feature}`],
        message: 'Features never import each other: move what they share to components/ or lib/.',
      }),
    },
  })),
);
