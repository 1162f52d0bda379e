export * from './billing';
export * from './catalog';
export * from './commerce';
export * from './podcasts';
export * from './search';
export * from './system';
