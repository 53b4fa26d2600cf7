import { Booking, BookingCapacity } from './booking.entity.js';
import { ClubNightFigures } from './club-night-figures.entity.js';
import { ContactMessage } from './contact-message.entity.js';
import { Coupon } from './coupon.entity.js';
import { DoorSyncItem } from './door-sync-item.entity.js';
import { EmailDelivery } from './email-delivery.entity.js';
import { MediaUpload } from './media-upload.entity.js';
import { Member } from './member.entity.js';
import { MemberCard } from './member-card.entity.js';
import { NewsComment } from './news-comment.entity.js';
import { NewsLike } from './news-like.entity.js';
import { NewsPost } from './news-post.entity.js';
import { NewsView } from './news-view.entity.js';
import { OutboxEvent } from './outbox-event.entity.js';
import { PasswordResetToken } from './password-reset-token.entity.js';
import { PointTransaction } from './point-transaction.entity.js';
import { QrScan } from './qr-scan.entity.js';
import { BirthdayGrant, ClubSettings, Referral, ReferralCode } from './referral.entity.js';
import { Session } from './session.entity.js';
import { RecoveryCode, RememberedDevice, SecondFactor } from './second-factor.entity.js';
import { SyncJob, SyncJobBatch } from './sync-job.entity.js';
import { Promotion, TierBenefit, TierCelebration, TierCouponGrant } from './tier-benefit.entity.js';
import { UserCoupon } from './user-coupon.entity.js';
import { Visit } from './visit.entity.js';
import { DoorDevice, StaffVenue, Venue } from './venue.entity.js';
import { CouponVenue, NewsPostVenue, PromotionVenue } from './venue-choice.entity.js';
import { Event, GuestList, GuestListEntry, GuestListRule } from './event.entity.js';
import { WalletPass, WalletRegistration } from './wallet.entity.js';
import { WebhookDelivery, WebhookEndpoint } from './webhook.entity.js';

export { Member, OutboxEvent, PasswordResetToken, PointTransaction, Session };
export { POINT_KINDS, type PointKind } from './point-transaction.entity.js';
export { MediaUpload };
export { NewsComment, NewsLike, NewsPost, NewsView };
export { NEWS_CONTENT_TYPES, type NewsContentType } from './news-post.entity.js';
export { Coupon, QrScan, UserCoupon };
export { COUPON_TYPES, type CouponType } from './coupon.entity.js';
export { REDEEMED_BY, type RedeemedBy } from './user-coupon.entity.js';
export {
  QR_SCAN_ACTIONS,
  QR_SCAN_METHODS,
  QR_SCAN_RESULTS,
  type QrScanAction,
  type QrScanMethod,
  type QrScanResult,
} from './qr-scan.entity.js';
export { Booking, BookingCapacity, ContactMessage, EmailDelivery, SyncJob, SyncJobBatch };
export { BOOKING_STATUSES, type BookingStatus } from './booking.entity.js';
export { CONTACT_MESSAGE_STATES, type ContactMessageState } from './contact-message.entity.js';
export { DELIVERY_STATES, type DeliveryState } from './email-delivery.entity.js';
export { WebhookDelivery, WebhookEndpoint };
export { ClubNightFigures, MemberCard, Visit };
export { DoorSyncItem };
export { WalletPass, WalletRegistration };
export { BirthdayGrant, ClubSettings, Referral, ReferralCode };
export { DoorDevice, StaffVenue, Venue };
export { CouponVenue, NewsPostVenue, PromotionVenue };
export { Event, GuestList, GuestListEntry, GuestListRule };
export { EVENT_STATUSES, type EventStatus } from './event.entity.js';
export { VENUE_KINDS, type VenueKind } from './venue.entity.js';
export { REFERRAL_REFUSAL_REASONS, REFERRAL_STATES, type ReferralState } from './referral.entity.js';
export { WALLET_PASS_KINDS, type WalletPassKind } from './wallet.entity.js';
export { RecoveryCode, RememberedDevice, SecondFactor };
export { Promotion, TierBenefit, TierCelebration, TierCouponGrant };
export { SECOND_FACTOR_KINDS, type SecondFactorKind } from './second-factor.entity.js';
export { WEBHOOK_DELIVERY_STATES, WEBHOOK_EVENTS, type WebhookDeliveryState, type WebhookEventName } from './webhook.entity.js';

/**
 * Every entity, for the ORM configuration. Typed as a list of references: the inferred type, spelled
 * out in the declaration file, grows past what the compiler will write (TS7056) as entities grow.
 */
export const entities: [
  typeof Member,
  typeof Session,
  typeof PasswordResetToken,
  typeof PointTransaction,
  typeof OutboxEvent,
  typeof NewsPost,
  typeof NewsLike,
  typeof NewsView,
  typeof NewsComment,
  typeof Coupon,
  typeof UserCoupon,
  typeof QrScan,
  typeof ContactMessage,
  typeof Booking,
  typeof EmailDelivery,
  typeof SyncJob,
  typeof SyncJobBatch,
  typeof MediaUpload,
  typeof WebhookEndpoint,
  typeof WebhookDelivery,
  typeof MemberCard,
  typeof Visit,
  typeof BookingCapacity,
  typeof WalletPass,
  typeof WalletRegistration,
  typeof ClubNightFigures,
  typeof SecondFactor,
  typeof RecoveryCode,
  typeof RememberedDevice,
  typeof ReferralCode,
  typeof Referral,
  typeof ClubSettings,
  typeof BirthdayGrant,
  typeof TierBenefit,
  typeof Promotion,
  typeof TierCelebration,
  typeof TierCouponGrant,
  typeof Venue,
  typeof DoorDevice,
  typeof StaffVenue,
  typeof DoorSyncItem,
  typeof NewsPostVenue,
  typeof CouponVenue,
  typeof PromotionVenue,
  typeof Event,
  typeof GuestList,
  typeof GuestListEntry,
  typeof GuestListRule,
] = [
  Member,
  Session,
  PasswordResetToken,
  PointTransaction,
  OutboxEvent,
  NewsPost,
  NewsLike,
  NewsView,
  NewsComment,
  Coupon,
  UserCoupon,
  QrScan,
  ContactMessage,
  Booking,
  EmailDelivery,
  SyncJob,
  SyncJobBatch,
  MediaUpload,
  WebhookEndpoint,
  WebhookDelivery,
  MemberCard,
  Visit,
  BookingCapacity,
  WalletPass,
  WalletRegistration,
  ClubNightFigures,
  SecondFactor,
  RecoveryCode,
  RememberedDevice,
  ReferralCode,
  Referral,
  ClubSettings,
  BirthdayGrant,
  TierBenefit,
  Promotion,
  TierCelebration,
  TierCouponGrant,
  Venue,
  DoorDevice,
  StaffVenue,
  DoorSyncItem,
  NewsPostVenue,
  CouponVenue,
  PromotionVenue,
  Event,
  GuestList,
  GuestListEntry,
  GuestListRule,
];
