export * from './constants.js';
export * from './common.js';
export * from './auth.js';
export * from './venue-requests.js';
