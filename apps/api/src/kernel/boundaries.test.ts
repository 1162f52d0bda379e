import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

/**
 * The module boundaries are lint rules (eslint.config.js); these plant a file that breaks each
 * one where a module's code would live, and a file that keeps to it, and lint them.
 */
describe('lint keeps the module boundaries', () => {
  let eslint: ESLint;
  beforeAll(() => {
    eslint = new ESLint({ cwd: ROOT });
  });

  async function problems(path: string, code: string): Promise<string[]> {
    const [result] = await eslint.lintText(code, { filePath: join(ROOT, path) });
    return (result?.messages ?? []).filter((m) => m.severity === 2).map((m) => `${m.ruleId}: ${m.message}`);
  }

  const planted: [string, string, string, RegExp][] = [
    [
      "a repository importing another module's tables",
      'apps/api/src/modules/catalog/planted.repository.ts',
      "import { commerceOffer } from '@nomsan/db/schema/commerce';\nexport const planted = commerceOffer;\n",
      /touches only its module's tables/,
    ],
    [
      'a repository reading the whole schema',
      'apps/api/src/modules/catalog/planted.repository.ts',
      "import * as schema from '@nomsan/db/schema/index';\nexport const planted = schema;\n",
      /whole schema/,
    ],
    [
      "a repository embedding another module's SQL through its service",
      'apps/api/src/modules/search/planted.repository.ts',
      "import { catalogService } from '../catalog/catalog.service';\nexport const planted = catalogService;\n",
      /own tables and published read models only/,
    ],
    [
      "a relational query of another module's table",
      'apps/api/src/modules/catalog/planted.repository.ts',
      'export const planted = (db: any) => db.query.identityUser.findMany();\n',
      /queries only its own tables/,
    ],
    [
      "the same through a context's database",
      'apps/api/src/modules/search/planted.service.ts',
      'export const planted = (ctx: any) => ctx.db.query.catalogBook.findFirst();\n',
      /queries only its own tables/,
    ],
    [
      'a service touching tables',
      'apps/api/src/modules/catalog/planted.service.ts',
      "import { catalogBook } from '@nomsan/db/schema/catalog';\nexport const planted = catalogBook;\n",
      /Only a module's repository touches its tables/,
    ],
    [
      "another module's repository",
      'apps/api/src/modules/catalog/planted.service.ts',
      "import { commerceRepository } from '../commerce/commerce.repository';\nexport const planted = commerceRepository;\n",
      /only through its service/,
    ],
    [
      'an import through the package path',
      'apps/api/src/modules/catalog/planted.service.ts',
      "import { AppError } from '@nomsan/api/errors';\nexport const planted = AppError;\n",
      /relative path/,
    ],
    [
      'an import with a .js suffix',
      'apps/api/src/modules/catalog/planted.service.ts',
      "import { AppError } from '../../errors.js';\nexport const planted = AppError;\n",
      /without a \.js suffix/,
    ],
    [
      "the server importing the API's internals",
      'apps/server/src/planted.ts',
      "import { createApp } from '@nomsan/api/app';\nexport const planted = createApp;\n",
      /public entry/,
    ],
    [
      "the API's shared code touching tables",
      'apps/api/src/lib/planted.ts',
      "import { catalogBook } from '@nomsan/db/schema/catalog';\nexport const planted = catalogBook;\n",
      /Only a module's repository touches tables/,
    ],
  ];

  it.each(planted)('refuses %s', async (_what, path, code, expected) => {
    const found = await problems(path, code);
    expect(
      found.some((p) => expected.test(p)),
      found.join('\n') || 'no problem reported',
    ).toBe(true);
  });

  const kept: [string, string, string][] = [
    [
      'a repository with its own tables and published read models',
      'apps/api/src/modules/catalog/planted.repository.ts',
      "import { catalogBook } from '@nomsan/db/schema/catalog';\nimport { offersOf } from '@nomsan/db/schema/published/commerce';\nexport const planted = [catalogBook, offersOf];\n",
    ],
    [
      'a relational query of its own table',
      'apps/api/src/modules/catalog/planted.repository.ts',
      'export const planted = (db: { query: { catalogBook: { findMany(): unknown } } }) => db.query.catalogBook.findMany();\n',
    ],
    [
      "another module's service",
      'apps/api/src/modules/search/planted.service.ts',
      "import type { CatalogService } from '../catalog/catalog.service';\nexport type Planted = CatalogService;\n",
    ],
    [
      "the server importing the API's public entry",
      'apps/server/src/planted.ts',
      "import { createApp } from '@nomsan/api';\nexport const planted = createApp;\n",
    ],
  ];

  it.each(kept)('accepts %s', async (_what, path, code) => {
    expect(await problems(path, code)).toEqual([]);
  });
});
