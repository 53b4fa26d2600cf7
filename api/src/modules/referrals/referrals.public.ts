/*
 * What the rest of the api may use of the referrals module: recording a sign-up's invite code in
 * the sign-up's transaction.
 */
export { Referrals } from './referrals.service.js';
