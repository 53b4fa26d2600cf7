/*
 * What the rest of the api may use of the wallet module: account deletion's erasure of the
 * member's passes and device registrations, and which wallets are on (event pages link to them).
 */
export { WalletErasure } from './wallet-erasure.service.js';
export { GetWalletSettingsQuery } from './queries/get-wallet-settings/get-wallet-settings.query.js';
