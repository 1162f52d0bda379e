export * from './billing';
export * from './catalog';
export * from './commerce';
export * from './identity';
export * from './podcasts';
export * from './search';
export * from './system';
