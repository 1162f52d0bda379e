/** What every route plugin is registered with (the kernel's definition). */
export type { RouteContext } from './kernel/module';
