// @ts-check
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const webFeatures = readdirSync('apps/web/app/features', { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      'dist/**',
      'data/**',
      '**/.react-router/**',
      'coverage/**',
      '.bench/**',
      'e2e/.artifacts/**',
      '.tmp/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['tsconfig.json', 'apps/web/tsconfig.json'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-self-import': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat['recommended-latest'],
  },
  {
    // Features do not import each other; shared code (lib, ui) imports no feature or route.
    files: ['apps/web/app/**/*.{ts,tsx}'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...webFeatures.map((feature) => ({
              target: `./apps/web/app/features/${feature}`,
              from: './apps/web/app/features',
              except: [`./${feature}`],
              message: 'Features do not import each other; compose them in a route.',
            })),
            {
              target: ['./apps/web/app/lib', './apps/web/app/ui'],
              from: ['./apps/web/app/features', './apps/web/app/routes'],
              message: 'Shared code must not depend on features or routes.',
            },
            {
              target: './apps/web/app/features',
              from: './apps/web/app/routes',
              message: 'Features must not depend on routes.',
            },
          ],
        },
      ],
    },
  },
  {
    // A domain reaches another domain through its service, never its repository or tables.
    files: ['apps/api/src/**/*.ts'],
    ignores: ['apps/api/src/**/*.repository.ts', 'apps/api/src/**/*.test.ts', 'apps/api/src/test/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['@nomsan/db/schema/*'], message: 'Only a repository touches tables.' },
            {
              group: ['../*/*.repository', '../../modules/*/*.repository'],
              message: "Call the other module's service.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['scripts/**', 'bench/**', 'e2e/**', '**/*.test.ts', '**/test/**', 'packages/demo/**', 'packages/db/**'],
    rules: { 'no-console': 'off' },
  },
);
