/**
 * The sandbox's stand-ins as one module, for the process that runs the sandbox to hand to the
 * API (`createApp({ sandboxKit })`): the API does not depend on this package, and a production
 * process without the sandbox never loads it.
 */
export { registerSandbox } from './sandbox';
export { sandboxQpay } from './qpay';
export { sandboxGolomt } from './golomt';
export { sandboxHipay } from './hipay';
export { sandboxUpoint } from './upoint';
export { sandboxUnitel } from './unitel';
export { sandboxPosApi } from './posapi';
export { sandboxPodcastFeeds } from './podcast-feeds';
export { sandboxClockRoutes } from './clock';
