export * from './sync-job-writer.js';
