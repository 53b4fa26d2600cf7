export * from './tiers.js';
export * from './club-night.js';
export * from './redemption-undo.js';
