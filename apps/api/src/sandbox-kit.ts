import type * as Kit from '@nomsan/sandbox/kit';

/**
 * The sandbox's stand-ins (packages/sandbox: the banks, the carrier, the tax service, the sign-in
 * providers, the podcast feeds, the movable clock), handed in by the process that runs the
 * sandbox (apps/server: `await import('@nomsan/sandbox/kit')`). The API names only their types:
 * it has no dependency on the package, and a production process never loads it.
 */
export type SandboxKit = typeof Kit;

/** the kit, where a setting asks for the sandbox; a process that asks without one is misconfigured */
export function sandboxKitOf(kit: SandboxKit | undefined): SandboxKit {
  if (!kit) throw new Error('the sandbox is on but no sandbox kit was given to createApp');
  return kit;
}
