export * from './tiers.js';
export * from './club-night.js';
export * from './redemption-undo.js';
export * from './points-expiry.js';
