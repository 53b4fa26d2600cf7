// Generated from the endpoint list (libs/contracts/src/endpoints) by `npm run routes:generate`: do not edit.
// The web calls the api only through these routes (lib/api-client.ts); a unit test fails while this file is stale.
import type { Route } from './endpoint.js';
import type { Endpoints } from './endpoints/index.js';

export const acknowledgeTierCelebration: Route<Endpoints['acknowledgeTierCelebration']> = {
  method: 'POST',
  path: '/api/auth/me/tier/celebrated',
};
export const addGuest: Route<Endpoints['addGuest']> = { method: 'POST', path: '/api/admin/events/:id/nights/:night/guest-list' };
export const adjustMemberPoints: Route<Endpoints['adjustMemberPoints']> = {
  method: 'POST',
  path: '/api/admin/members/:id/points-adjustments',
};
export const announceEvent: Route<Endpoints['announceEvent']> = { method: 'POST', path: '/api/admin/events/:id/announce' };
export const archiveVenue: Route<Endpoints['archiveVenue']> = { method: 'POST', path: '/api/admin/venues/:id/archive' };
export const cancelBooking: Route<Endpoints['cancelBooking']> = { method: 'POST', path: '/api/bookings/:id/cancel' };
export const changeMyPassword: Route<Endpoints['changeMyPassword']> = { method: 'POST', path: '/api/auth/me/password' };
export const changeStaffRole: Route<Endpoints['changeStaffRole']> = { method: 'PUT', path: '/api/admin/staff/:id/role' };
export const checkAtDoor: Route<Endpoints['checkAtDoor']> = { method: 'POST', path: '/api/door/check' };
export const claimCoupon: Route<Endpoints['claimCoupon']> = { method: 'POST', path: '/api/coupons/:id/claim' };
export const closeGuestList: Route<Endpoints['closeGuestList']> = {
  method: 'POST',
  path: '/api/admin/events/:id/nights/:night/guest-list/close',
};
export const confirmTotpEnrolment: Route<Endpoints['confirmTotpEnrolment']> = {
  method: 'POST',
  path: '/api/auth/2fa/totp/confirm',
};
export const createCoupon: Route<Endpoints['createCoupon']> = { method: 'POST', path: '/api/admin/coupons' };
export const createEvent: Route<Endpoints['createEvent']> = { method: 'POST', path: '/api/admin/events' };
export const createNamedDoor: Route<Endpoints['createNamedDoor']> = { method: 'POST', path: '/api/admin/door-devices' };
export const createNewsPost: Route<Endpoints['createNewsPost']> = { method: 'POST', path: '/api/admin/news' };
export const createPromotion: Route<Endpoints['createPromotion']> = { method: 'POST', path: '/api/admin/promotions' };
export const createVenue: Route<Endpoints['createVenue']> = { method: 'POST', path: '/api/admin/venues' };
export const deleteCoupon: Route<Endpoints['deleteCoupon']> = { method: 'DELETE', path: '/api/admin/coupons/:id' };
export const deleteMyAccount: Route<Endpoints['deleteMyAccount']> = { method: 'DELETE', path: '/api/auth/me' };
export const deleteNewsPost: Route<Endpoints['deleteNewsPost']> = { method: 'DELETE', path: '/api/admin/news/:id' };
export const deletePromotion: Route<Endpoints['deletePromotion']> = { method: 'DELETE', path: '/api/admin/promotions/:id' };
export const deleteWebhook: Route<Endpoints['deleteWebhook']> = { method: 'DELETE', path: '/api/admin/webhooks/:id' };
export const disableMember: Route<Endpoints['disableMember']> = { method: 'POST', path: '/api/admin/members/:id/disable' };
export const enableMember: Route<Endpoints['enableMember']> = { method: 'POST', path: '/api/admin/members/:id/enable' };
export const exportAuditLog: Route<Endpoints['exportAuditLog']> = { method: 'GET', path: '/api/admin/audit/export' };
export const exportMembers: Route<Endpoints['exportMembers']> = { method: 'GET', path: '/api/admin/members/export' };
export const exportMyData: Route<Endpoints['exportMyData']> = { method: 'GET', path: '/api/auth/me/export' };
export const finalizeUpload: Route<Endpoints['finalizeUpload']> = { method: 'POST', path: '/api/admin/upload/finalize' };
export const findDoorGuests: Route<Endpoints['findDoorGuests']> = { method: 'GET', path: '/api/door/guest-list' };
export const finishPasskeyRegistration: Route<Endpoints['finishPasskeyRegistration']> = {
  method: 'POST',
  path: '/api/auth/2fa/passkeys',
};
export const getActiveCampaignStatus: Route<Endpoints['getActiveCampaignStatus']> = {
  method: 'GET',
  path: '/api/admin/integrations/activecampaign',
};
export const getAdminMember: Route<Endpoints['getAdminMember']> = { method: 'GET', path: '/api/admin/members/:id' };
export const getAdminOverview: Route<Endpoints['getAdminOverview']> = { method: 'GET', path: '/api/admin/overview' };
export const getAdminStats: Route<Endpoints['getAdminStats']> = { method: 'GET', path: '/api/admin/stats' };
export const getApiDocs: Route<Endpoints['getApiDocs']> = { method: 'GET', path: '/api/docs' };
export const getApiDocsAsset: Route<Endpoints['getApiDocsAsset']> = { method: 'GET', path: '/api/docs/assets/:file' };
export const getApiDocsScript: Route<Endpoints['getApiDocsScript']> = { method: 'GET', path: '/api/docs/init.js' };
export const getBookingAvailability: Route<Endpoints['getBookingAvailability']> = {
  method: 'GET',
  path: '/api/bookings/availability',
};
export const getBookingCancellation: Route<Endpoints['getBookingCancellation']> = {
  method: 'GET',
  path: '/api/bookings/:id/cancellation',
};
export const getCardApplePass: Route<Endpoints['getCardApplePass']> = { method: 'GET', path: '/api/wallet/apple/card' };
export const getCardGoogleWalletLink: Route<Endpoints['getCardGoogleWalletLink']> = {
  method: 'GET',
  path: '/api/wallet/google/card',
};
export const getCommentRewards: Route<Endpoints['getCommentRewards']> = { method: 'GET', path: '/api/news/comment-rewards' };
export const getCouponApplePass: Route<Endpoints['getCouponApplePass']> = {
  method: 'GET',
  path: '/api/wallet/apple/coupons/:userCouponId',
};
export const getCouponGoogleWalletLink: Route<Endpoints['getCouponGoogleWalletLink']> = {
  method: 'GET',
  path: '/api/wallet/google/coupons/:userCouponId',
};
export const getDoorData: Route<Endpoints['getDoorData']> = { method: 'GET', path: '/api/door/data' };
export const getDoorSettings: Route<Endpoints['getDoorSettings']> = { method: 'GET', path: '/api/admin/door-settings' };
export const getDoorsTonight: Route<Endpoints['getDoorsTonight']> = { method: 'GET', path: '/api/admin/doors/tonight' };
export const getDoorTonight: Route<Endpoints['getDoorTonight']> = { method: 'GET', path: '/api/door/tonight' };
export const getEventApplePass: Route<Endpoints['getEventApplePass']> = { method: 'GET', path: '/api/events/:key/wallet/apple' };
export const getEventCalendar: Route<Endpoints['getEventCalendar']> = { method: 'GET', path: '/api/events/:key/calendar' };
export const getEventGoogleWalletLink: Route<Endpoints['getEventGoogleWalletLink']> = {
  method: 'GET',
  path: '/api/events/:key/wallet/google',
};
export const getEventNight: Route<Endpoints['getEventNight']> = { method: 'GET', path: '/api/events/:key' };
export const getGuestList: Route<Endpoints['getGuestList']> = {
  method: 'GET',
  path: '/api/admin/events/:id/nights/:night/guest-list',
};
export const getGuestListNights: Route<Endpoints['getGuestListNights']> = {
  method: 'GET',
  path: '/api/admin/guest-lists/tonight',
};
export const getInboxCounts: Route<Endpoints['getInboxCounts']> = { method: 'GET', path: '/api/admin/inbox/counts' };
export const getLatestApplePass: Route<Endpoints['getLatestApplePass']> = {
  method: 'GET',
  path: '/api/wallet/apple/v1/passes/:passTypeIdentifier/:serialNumber',
};
export const getMe: Route<Endpoints['getMe']> = { method: 'GET', path: '/api/auth/me' };
export const getMedia: Route<Endpoints['getMedia']> = { method: 'GET', path: '/media/news/:file' };
export const getMembershipSettings: Route<Endpoints['getMembershipSettings']> = {
  method: 'GET',
  path: '/api/admin/membership-settings',
};
export const getMyBirthday: Route<Endpoints['getMyBirthday']> = { method: 'GET', path: '/api/auth/me/birthday' };
export const getMyCard: Route<Endpoints['getMyCard']> = { method: 'GET', path: '/api/auth/me/card' };
export const getMyConsent: Route<Endpoints['getMyConsent']> = { method: 'GET', path: '/api/auth/me/consent' };
export const getMyGuestLists: Route<Endpoints['getMyGuestLists']> = { method: 'GET', path: '/api/auth/me/guest-lists' };
export const getMyReferrals: Route<Endpoints['getMyReferrals']> = { method: 'GET', path: '/api/referrals' };
export const getMyTier: Route<Endpoints['getMyTier']> = { method: 'GET', path: '/api/auth/me/tier' };
export const getNoShowRule: Route<Endpoints['getNoShowRule']> = { method: 'GET', path: '/api/admin/guest-list-rule' };
export const getOpenApiDocument: Route<Endpoints['getOpenApiDocument']> = { method: 'GET', path: '/api/openapi.json' };
export const getPromotionTonight: Route<Endpoints['getPromotionTonight']> = { method: 'GET', path: '/api/promotions/tonight' };
export const getSecondFactors: Route<Endpoints['getSecondFactors']> = { method: 'GET', path: '/api/auth/2fa' };
export const getSyncJob: Route<Endpoints['getSyncJob']> = { method: 'GET', path: '/api/admin/sync-jobs/:jobId' };
export const getTierBenefits: Route<Endpoints['getTierBenefits']> = { method: 'GET', path: '/api/admin/tier-benefits' };
export const getVenue: Route<Endpoints['getVenue']> = { method: 'GET', path: '/api/venue' };
export const getWalletSettings: Route<Endpoints['getWalletSettings']> = { method: 'GET', path: '/api/wallet' };
export const healthLive: Route<Endpoints['healthLive']> = { method: 'GET', path: '/health/live' };
export const healthReady: Route<Endpoints['healthReady']> = { method: 'GET', path: '/health/ready' };
export const inviteStaff: Route<Endpoints['inviteStaff']> = { method: 'POST', path: '/api/admin/staff/invitations' };
export const joinGuestList: Route<Endpoints['joinGuestList']> = {
  method: 'POST',
  path: '/api/events/:id/nights/:night/guest-list',
};
export const leaveGuestList: Route<Endpoints['leaveGuestList']> = {
  method: 'DELETE',
  path: '/api/events/:id/nights/:night/guest-list',
};
export const liftDoorLockout: Route<Endpoints['liftDoorLockout']> = { method: 'POST', path: '/api/admin/door-lockouts/:id/lift' };
export const likePost: Route<Endpoints['likePost']> = { method: 'PUT', path: '/api/news/:id/like' };
export const listAdminComments: Route<Endpoints['listAdminComments']> = { method: 'GET', path: '/api/admin/comments' };
export const listAdminCoupons: Route<Endpoints['listAdminCoupons']> = { method: 'GET', path: '/api/admin/coupons' };
export const listAdminVenues: Route<Endpoints['listAdminVenues']> = { method: 'GET', path: '/api/admin/venues' };
export const listAuditLog: Route<Endpoints['listAuditLog']> = { method: 'GET', path: '/api/admin/audit' };
export const listBookingCapacities: Route<Endpoints['listBookingCapacities']> = {
  method: 'GET',
  path: '/api/admin/booking-capacities',
};
export const listBookings: Route<Endpoints['listBookings']> = { method: 'GET', path: '/api/admin/bookings' };
export const listContactMessages: Route<Endpoints['listContactMessages']> = {
  method: 'GET',
  path: '/api/admin/contact-messages',
};
export const listCoupons: Route<Endpoints['listCoupons']> = { method: 'GET', path: '/api/coupons' };
export const listDoorConflicts: Route<Endpoints['listDoorConflicts']> = { method: 'GET', path: '/api/door/conflicts' };
export const listDoorLockouts: Route<Endpoints['listDoorLockouts']> = { method: 'GET', path: '/api/admin/door-lockouts' };
export const listDoorsToPick: Route<Endpoints['listDoorsToPick']> = { method: 'GET', path: '/api/door/doors' };
export const listEvents: Route<Endpoints['listEvents']> = { method: 'GET', path: '/api/admin/events' };
export const listMembers: Route<Endpoints['listMembers']> = { method: 'GET', path: '/api/admin/users' };
export const listMyCoupons: Route<Endpoints['listMyCoupons']> = { method: 'GET', path: '/api/coupons/my' };
export const listNamedDoors: Route<Endpoints['listNamedDoors']> = { method: 'GET', path: '/api/admin/door-devices' };
export const listNews: Route<Endpoints['listNews']> = { method: 'GET', path: '/api/news' };
export const listPointHistory: Route<Endpoints['listPointHistory']> = { method: 'GET', path: '/api/points/history' };
export const listPostComments: Route<Endpoints['listPostComments']> = { method: 'GET', path: '/api/news/:id/comments' };
export const listPromotions: Route<Endpoints['listPromotions']> = { method: 'GET', path: '/api/admin/promotions' };
export const listScans: Route<Endpoints['listScans']> = { method: 'GET', path: '/api/admin/scans' };
export const listStaff: Route<Endpoints['listStaff']> = { method: 'GET', path: '/api/admin/staff' };
export const listUpdatedApplePasses: Route<Endpoints['listUpdatedApplePasses']> = {
  method: 'GET',
  path: '/api/wallet/apple/v1/devices/:deviceLibraryIdentifier/registrations/:passTypeIdentifier',
};
export const listVenueChoices: Route<Endpoints['listVenueChoices']> = { method: 'GET', path: '/api/admin/venue-choices' };
export const listVenues: Route<Endpoints['listVenues']> = { method: 'GET', path: '/api/venues' };
export const listWebhookDeliveries: Route<Endpoints['listWebhookDeliveries']> = {
  method: 'GET',
  path: '/api/admin/webhooks/:id/deliveries',
};
export const listWebhooks: Route<Endpoints['listWebhooks']> = { method: 'GET', path: '/api/admin/webhooks' };
export const listWhatsOn: Route<Endpoints['listWhatsOn']> = { method: 'GET', path: '/api/events' };
export const logAppleWalletMessages: Route<Endpoints['logAppleWalletMessages']> = {
  method: 'POST',
  path: '/api/wallet/apple/v1/log',
};
export const markGuestsArrived: Route<Endpoints['markGuestsArrived']> = {
  method: 'POST',
  path: '/api/door/guest-list/:id/arrived',
};
export const openQueueDashboard: Route<Endpoints['openQueueDashboard']> = {
  method: 'POST',
  path: '/api/admin/queue-dashboard/pass',
};
export const postComment: Route<Endpoints['postComment']> = { method: 'POST', path: '/api/news/:id/comments' };
export const receiveLocalUpload: Route<Endpoints['receiveLocalUpload']> = { method: 'PUT', path: '/api/uploads/news/:file' };
export const redeemAtDoor: Route<Endpoints['redeemAtDoor']> = { method: 'POST', path: '/api/door/redeem' };
export const redeemMyCoupon: Route<Endpoints['redeemMyCoupon']> = { method: 'POST', path: '/api/coupons/redeem/:userCouponId' };
export const redeliverWebhook: Route<Endpoints['redeliverWebhook']> = {
  method: 'POST',
  path: '/api/admin/webhooks/deliveries/:id/redeliver',
};
export const register: Route<Endpoints['register']> = { method: 'POST', path: '/api/auth/register' };
export const registerAppleDevice: Route<Endpoints['registerAppleDevice']> = {
  method: 'POST',
  path: '/api/wallet/apple/v1/devices/:deviceLibraryIdentifier/registrations/:passTypeIdentifier/:serialNumber',
};
export const registerWebhook: Route<Endpoints['registerWebhook']> = { method: 'POST', path: '/api/admin/webhooks' };
export const removeComment: Route<Endpoints['removeComment']> = { method: 'DELETE', path: '/api/admin/comments/:id' };
export const removeSecondFactor: Route<Endpoints['removeSecondFactor']> = { method: 'DELETE', path: '/api/auth/2fa/factors/:id' };
export const removeStaff: Route<Endpoints['removeStaff']> = { method: 'DELETE', path: '/api/admin/staff/:id' };
export const requestBooking: Route<Endpoints['requestBooking']> = { method: 'POST', path: '/api/bookings' };
export const requestPasswordReset: Route<Endpoints['requestPasswordReset']> = {
  method: 'POST',
  path: '/api/auth/forgot-password',
};
export const resetPassword: Route<Endpoints['resetPassword']> = { method: 'POST', path: '/api/auth/reset-password' };
export const resetStaffSecondFactor: Route<Endpoints['resetStaffSecondFactor']> = {
  method: 'DELETE',
  path: '/api/admin/staff/:id/2fa',
};
export const saveNoShowRule: Route<Endpoints['saveNoShowRule']> = { method: 'PUT', path: '/api/admin/guest-list-rule' };
export const scrapeMetrics: Route<Endpoints['scrapeMetrics']> = { method: 'GET', path: '/metrics' };
export const sendContactMessage: Route<Endpoints['sendContactMessage']> = { method: 'POST', path: '/api/contact' };
export const sendMemberPasswordReset: Route<Endpoints['sendMemberPasswordReset']> = {
  method: 'POST',
  path: '/api/admin/members/:id/password-reset',
};
export const setBookingCapacity: Route<Endpoints['setBookingCapacity']> = {
  method: 'PUT',
  path: '/api/admin/booking-capacities',
};
export const setStaffVenues: Route<Endpoints['setStaffVenues']> = { method: 'PUT', path: '/api/admin/staff/:id/venues' };
export const signIn: Route<Endpoints['signIn']> = { method: 'POST', path: '/api/auth/login' };
export const signOut: Route<Endpoints['signOut']> = { method: 'POST', path: '/api/auth/logout' };
export const signUpload: Route<Endpoints['signUpload']> = { method: 'POST', path: '/api/admin/upload/sign' };
export const startBulkSync: Route<Endpoints['startBulkSync']> = { method: 'POST', path: '/api/admin/sync-contacts' };
export const startPasskeyAuthentication: Route<Endpoints['startPasskeyAuthentication']> = {
  method: 'POST',
  path: '/api/auth/2fa/passkeys/authentication-options',
};
export const startPasskeyRegistration: Route<Endpoints['startPasskeyRegistration']> = {
  method: 'POST',
  path: '/api/auth/2fa/passkeys/registration-options',
};
export const startTotpEnrolment: Route<Endpoints['startTotpEnrolment']> = { method: 'POST', path: '/api/auth/2fa/totp' };
export const syncContact: Route<Endpoints['syncContact']> = { method: 'POST', path: '/api/admin/sync-contact/:id' };
export const syncDoor: Route<Endpoints['syncDoor']> = { method: 'POST', path: '/api/door/sync' };
export const unarchiveVenue: Route<Endpoints['unarchiveVenue']> = { method: 'POST', path: '/api/admin/venues/:id/unarchive' };
export const undoRedemption: Route<Endpoints['undoRedemption']> = {
  method: 'POST',
  path: '/api/admin/redemptions/:userCouponId/undo',
};
export const unlikePost: Route<Endpoints['unlikePost']> = { method: 'DELETE', path: '/api/news/:id/like' };
export const unregisterAppleDevice: Route<Endpoints['unregisterAppleDevice']> = {
  method: 'DELETE',
  path: '/api/wallet/apple/v1/devices/:deviceLibraryIdentifier/registrations/:passTypeIdentifier/:serialNumber',
};
export const updateBooking: Route<Endpoints['updateBooking']> = { method: 'PATCH', path: '/api/admin/bookings/:id' };
export const updateContactMessage: Route<Endpoints['updateContactMessage']> = {
  method: 'PATCH',
  path: '/api/admin/contact-messages/:id',
};
export const updateCoupon: Route<Endpoints['updateCoupon']> = { method: 'PATCH', path: '/api/admin/coupons/:id' };
export const updateDoorSettings: Route<Endpoints['updateDoorSettings']> = { method: 'PUT', path: '/api/admin/door-settings' };
export const updateEvent: Route<Endpoints['updateEvent']> = { method: 'PUT', path: '/api/admin/events/:id' };
export const updateMembershipSettings: Route<Endpoints['updateMembershipSettings']> = {
  method: 'PUT',
  path: '/api/admin/membership-settings',
};
export const updateMyConsent: Route<Endpoints['updateMyConsent']> = { method: 'PATCH', path: '/api/auth/me/consent' };
export const updateMyProfile: Route<Endpoints['updateMyProfile']> = { method: 'PATCH', path: '/api/auth/me' };
export const updateNamedDoor: Route<Endpoints['updateNamedDoor']> = { method: 'PATCH', path: '/api/admin/door-devices/:id' };
export const updateNewsPost: Route<Endpoints['updateNewsPost']> = { method: 'PATCH', path: '/api/admin/news/:id' };
export const updatePromotion: Route<Endpoints['updatePromotion']> = { method: 'PUT', path: '/api/admin/promotions/:id' };
export const updateTierBenefit: Route<Endpoints['updateTierBenefit']> = { method: 'PUT', path: '/api/admin/tier-benefits/:tier' };
export const updateVenue: Route<Endpoints['updateVenue']> = { method: 'PATCH', path: '/api/admin/venues/:id' };
export const verifyPasskey: Route<Endpoints['verifyPasskey']> = { method: 'POST', path: '/api/auth/2fa/passkeys/verify' };
export const verifySecondFactor: Route<Endpoints['verifySecondFactor']> = { method: 'POST', path: '/api/auth/2fa/verify' };
