/*
 * What the rest of the api may use of the wallet module: account deletion's erasure of the
 * member's passes and device registrations.
 */
export { WalletErasure } from './wallet-erasure.service.js';
