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

const apiModules = readdirSync('apps/api/src/modules', { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
/** the schema file (packages/db/src/schema) and table-name prefix of modules not named alike */
const SCHEMA_OF = { jobs: 'system', account: null, system: null };
const schemaOf = (module) => (module in SCHEMA_OF ? SCHEMA_OF[module] : module);

/**
 * Tables: only `own`'s (a repository's own schema file), never another module's; published read
 * models (views other modules publish, packages/db/src/schema/published) for everyone.
 */
const tablesOf = (own) => [
  {
    group: ['@nomsan/db/schema/*', ...(own ? [`!@nomsan/db/schema/${own}`] : []), '!@nomsan/db/schema/published'],
    message: own
      ? "A repository touches only its module's tables; read another module's data through its published read model."
      : "Only a module's repository touches its tables; another module's data comes through its service.",
  },
  {
    regex: String.raw`^@nomsan/db/schema(/index)?$`,
    message: "The whole schema is the migrations' view, not a module's.",
  },
];

/** the API package's own files by relative path, without a build suffix */
const packagePaths = [
  { group: ['@nomsan/api', '@nomsan/api/*'], message: 'Inside the API package, import by relative path.' },
  { regex: String.raw`^\.{1,2}/.*\.js$`, message: 'Import TypeScript sources without a .js suffix.' },
];

/** another module only through its service (<module>/<module>.service) */
const otherModules = [
  {
    regex: String.raw`^\.\./(?!\.\.)([^/]+)/(?!\1\.service$)`,
    message: 'Reach another module only through its service (<module>/<module>.service).',
  },
];
/** a repository builds its SQL from its own tables and published read models only */
const noModules = [
  {
    regex: String.raw`^\.\./(?!\.\.)`,
    message: 'A repository builds its SQL from its own tables and published read models only.',
  },
];

/** `db.query.<table>` (or `ctx.db.query`, `tx.query`) only for the module's own tables, named with its prefix */
const ownRelationalQueries = (module) => {
  const onDb =
    "[object.property.name='query']:matches([object.object.name=/^(db|tx)$/], [object.object.property.name=/^(db|tx)$/])";
  return {
    selector: schemaOf(module)
      ? `MemberExpression${onDb}[property.name!=/^${schemaOf(module)}[A-Z]/]`
      : `MemberExpression${onDb}`,
    message: 'A module queries only its own tables.',
  };
};

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
  // Module boundaries (apps/api/src/modules/<module>): a module's files touch only its own
  // tables (its schema file, and the read models others publish), reach another module only
  // through that module's service, and import the API package's own files by relative path.
  ...apiModules.flatMap((module) => [
    {
      files: [`apps/api/src/modules/${module}/**/*.ts`],
      ignores: ['**/*.test.ts', '**/*.repository.ts'],
      rules: {
        'no-restricted-imports': ['error', { patterns: [...tablesOf(null), ...packagePaths, ...otherModules] }],
        'no-restricted-syntax': ['error', ownRelationalQueries(module)],
      },
    },
    {
      files: [`apps/api/src/modules/${module}/**/*.repository.ts`],
      ignores: ['**/*.test.ts'],
      rules: {
        'no-restricted-imports': [
          'error',
          { patterns: [...tablesOf(schemaOf(module)), ...packagePaths, ...noModules] },
        ],
        'no-restricted-syntax': ['error', ownRelationalQueries(module)],
      },
    },
  ]),
  {
    // The API's shared code (kernel, lib, plugins, app) touches no table.
    files: ['apps/api/src/**/*.ts'],
    ignores: ['apps/api/src/modules/**', '**/*.test.ts', 'apps/api/src/test/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...packagePaths,
            {
              group: ['@nomsan/db/schema', '@nomsan/db/schema/*'],
              message: "Only a module's repository touches tables.",
            },
          ],
        },
      ],
    },
  },
  {
    // The server composes the API from its public entry (apps/api/src/index.ts) only.
    files: ['apps/server/src/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@nomsan/api/*'],
              message: "Import the API from its public entry, '@nomsan/api'.",
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
