export * from './tcp-proxy.js';
export * from './test-database.js';
export * from './wait-for.js';
export * from './s3-stub.js';
export * from './activecampaign-stub.js';
export * from './test-app.js';
