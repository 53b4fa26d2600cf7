import { z } from 'zod';
import { Uuid } from './common.js';

/** Which wallets this server can add passes to (the web shows a wallet's buttons only when it is on). */
export const WalletSettings = z.object({ apple: z.boolean(), google: z.boolean() }).meta({ id: 'WalletSettings' });
export type WalletSettings = z.infer<typeof WalletSettings>;

export const WalletCouponParams = z.object({ userCouponId: Uuid });
export type WalletCouponParams = z.infer<typeof WalletCouponParams>;

/** A "Save to Google Wallet" link: https://pay.google.com/gp/v/save/<signed JWT>. */
export const GoogleWalletLink = z.object({ url: z.url() }).meta({ id: 'GoogleWalletLink' });
export type GoogleWalletLink = z.infer<typeof GoogleWalletLink>;

// ---- Apple's PassKit web service (paths and bodies as Apple's "PassKit Web Service Reference" names them)

const Identifier = z.string().min(1).max(200);

export const AppleDeviceRegistrationParams = z.object({
  deviceLibraryIdentifier: Identifier,
  passTypeIdentifier: Identifier,
  serialNumber: Identifier,
});
export type AppleDeviceRegistrationParams = z.infer<typeof AppleDeviceRegistrationParams>;

/** "pushToken: The push token that the server uses to send update notifications." */
export const AppleDeviceRegistration = z.object({ pushToken: z.string().min(1).max(200) });
export type AppleDeviceRegistration = z.infer<typeof AppleDeviceRegistration>;

export const AppleDevicePassesParams = z.object({ deviceLibraryIdentifier: Identifier, passTypeIdentifier: Identifier });
export type AppleDevicePassesParams = z.infer<typeof AppleDevicePassesParams>;

export const AppleDevicePassesQuery = z.object({ passesUpdatedSince: z.string().max(40).optional() });
export type AppleDevicePassesQuery = z.infer<typeof AppleDevicePassesQuery>;

/** "SerialNumbers: serialNumbers, lastUpdated": the passes changed since the tag, and the new tag. */
export const AppleUpdatedPasses = z.object({ serialNumbers: z.array(z.string()), lastUpdated: z.string() });
export type AppleUpdatedPasses = z.infer<typeof AppleUpdatedPasses>;

export const ApplePassParams = z.object({ passTypeIdentifier: Identifier, serialNumber: Identifier });
export type ApplePassParams = z.infer<typeof ApplePassParams>;

/** "LogEntries: logs, an array of log messages as strings." */
/** A device's log messages: a few short lines, as Apple's devices send them (the api logs the first 10, 300 characters each). */
export const AppleLogEntries = z.object({
  logs: z.array(z.string().max(1000, 'must be at most 1000 characters')).max(50, 'must hold at most 50 messages'),
});
export type AppleLogEntries = z.infer<typeof AppleLogEntries>;
