import { describe, expect, it } from 'vitest';
import { createTestDatabase } from '@nomsan/db/testing';
import { createModules, modules } from '../modules/index';
import { inDependencyOrder, resolveModules, type AnyModule, type Kernel } from './module';

const kernel = {} as Kernel;
const fake = (name: string, dependsOn: string[], made: string[]) =>
  ({
    name,
    dependsOn,
    create: (_kernel: Kernel, deps: Record<string, unknown>) => {
      made.push(name);
      return { name, deps: Object.keys(deps) };
    },
  }) as unknown as AnyModule;

describe('modules resolved from one list', () => {
  it('makes each module once, after what it depends on, with only its dependencies', () => {
    const made: string[] = [];
    const services = resolveModules(
      [fake('search', ['catalog'], made), fake('catalog', ['commerce'], made), fake('commerce', [], made)],
      kernel,
    ) as unknown as Record<string, { deps: string[] }>;
    expect(made).toEqual(['commerce', 'catalog', 'search']);
    expect(services.search?.deps).toEqual(['catalog']);
    expect(services.commerce?.deps).toEqual([]);
  });

  it('refuses a dependency missing from the list, a name listed twice, and a cycle', () => {
    expect(() => resolveModules([fake('catalog', ['commerce'], [])], kernel)).toThrow(
      /commerce, which is not in the list/,
    );
    expect(() => resolveModules([fake('a', [], []), fake('a', [], [])], kernel)).toThrow(/listed twice/);
    expect(() => resolveModules([fake('a', ['b'], []), fake('b', ['a'], [])], kernel)).toThrow(/cycle/);
  });

  it('composes the store: every module of the list, each after its dependencies', async () => {
    const order = inDependencyOrder(modules).map((m) => m.name as string);
    for (const module of modules) {
      for (const dep of module.dependsOn as string[])
        expect(order.indexOf(dep)).toBeLessThan(order.indexOf(module.name));
    }
    const t = await createTestDatabase({ template: false });
    const composed = createModules({ db: t.handle, publicBaseUrl: 'http://localhost:3000', mediaBaseUrl: '/media' });
    expect(Object.keys(composed.services).sort()).toEqual(order.slice().sort());
    await composed.close();
    await t.dispose();
  });
});
