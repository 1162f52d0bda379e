import type * as Kit from '@nomsan/sandbox/kit';

/**
 * The sandbox's stand-ins (packages/sandbox: the banks, the carrier, the tax service, the sign-in
 * providers, the podcast feeds, the movable clock), handed in by the process that runs the
 * sandbox as a loader (apps/server: `() => import('@nomsan/sandbox/kit')`), called only where a
 * setting asks for the sandbox. The API names only their types: it has no dependency on the
 * package, and a production process never loads it.
 */
export type SandboxKit = typeof Kit;
/** loads the kit: only a process whose settings ask for the sandbox calls it */
export type SandboxKitLoader = () => Promise<SandboxKit>;

/** the kit, where a setting asks for the sandbox; a process that asks without one is misconfigured */
export async function sandboxKitOf(load: SandboxKitLoader | undefined): Promise<SandboxKit> {
  if (!load) throw new Error('the sandbox is on but no sandbox kit was given to createApp');
  return load();
}
