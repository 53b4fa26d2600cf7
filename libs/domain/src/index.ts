export * from './tiers.js';
export * from './club-night.js';
