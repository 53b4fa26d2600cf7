export * from './media-types.js';
export * from './object-storage.js';
export * from './upload-signature.js';
export * from './local-disk-storage.js';
export * from './create-object-storage.js';
