export * from './events.js';
export * from './jobs.js';
export * from './event-routes.js';
export * from './enqueue.js';
export * from './connection.js';
export * from './job-options.js';
export * from './ac-reachability.js';
