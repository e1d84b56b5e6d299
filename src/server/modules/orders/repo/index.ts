// The order domain's tables, one file per aggregate; importers keep `import * as repo from './repo'`.
export * from './customers';
export * from './idempotency';
export * from './limits';
export * from './orders';
export * from './placement';
export * from './settings';
export * from './slots';
export * from './staff';
export * from './stock';
