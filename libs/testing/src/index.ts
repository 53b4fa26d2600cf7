export * from './tcp-proxy.js';
export * from './test-database.js';
export * from './wait-for.js';
