import type { Constructor } from '@mikro-orm/core';
import type { Migration } from '@mikro-orm/migrations';
import { Migration20261121220942_Initial } from './Migration20261121220942_Initial.js';
import { Migration20261121222808_NewsAndComments } from './Migration20261121222808_NewsAndComments.js';
import { Migration20261121222851_Coupons } from './Migration20261121222851_Coupons.js';
import { Migration20261121222909_BackgroundWork } from './Migration20261121222909_BackgroundWork.js';
import { Migration20261121223035_MediaUploads } from './Migration20261121223035_MediaUploads.js';
import { Migration20261122134353_ShortCodes } from './Migration20261122134353_ShortCodes.js';
import { Migration20261122190000_ResourceVersions } from './Migration20261122190000_ResourceVersions.js';
import { Migration20261122193000_RedemptionUndo } from './Migration20261122193000_RedemptionUndo.js';
import { Migration20261122194000_Webhooks } from './Migration20261122194000_Webhooks.js';
import { Migration20261122200000_LastSignIn } from './Migration20261122200000_LastSignIn.js';
import { Migration20261122201000_AccountDeletion } from './Migration20261122201000_AccountDeletion.js';
import { Migration20261124070000_PointsExpiry } from './Migration20261124070000_PointsExpiry.js';
import { Migration20261124100000_CommentModeration } from './Migration20261124100000_CommentModeration.js';
import { Migration20261124101000_MemberAdministration } from './Migration20261124101000_MemberAdministration.js';
import { Migration20261124102000_InboxStates } from './Migration20261124102000_InboxStates.js';
import { Migration20261124103000_OverviewIndexes } from './Migration20261124103000_OverviewIndexes.js';
import { Migration20261125090000_RedemptionUndoneWebhook } from './Migration20261125090000_RedemptionUndoneWebhook.js';
import { Migration20261126120000_StaffRoles } from './Migration20261126120000_StaffRoles.js';
import { Migration20261126140000_DoorNight } from './Migration20261126140000_DoorNight.js';
import { Migration20261126160000_BookingNights } from './Migration20261126160000_BookingNights.js';
import { Migration20261126170000_ErasableAdjustmentReasons } from './Migration20261126170000_ErasableAdjustmentReasons.js';
import { Migration20261126171000_BalanceAdjustments } from './Migration20261126171000_BalanceAdjustments.js';
import { Migration20261126171500_PostCommentsPaging } from './Migration20261126171500_PostCommentsPaging.js';
import { Migration20261126172000_MyCouponsPaging } from './Migration20261126172000_MyCouponsPaging.js';
import { Migration20261126173000_InboxPaging } from './Migration20261126173000_InboxPaging.js';
import { Migration20261126180000_SecondFactors } from './Migration20261126180000_SecondFactors.js';
import { Migration20261126181000_AuditLog } from './Migration20261126181000_AuditLog.js';
import { Migration20261126182000_WalletPasses } from './Migration20261126182000_WalletPasses.js';
import { Migration20261126184000_SignUpConsent } from './Migration20261126184000_SignUpConsent.js';
import { Migration20261126185000_Referrals } from './Migration20261126185000_Referrals.js';
import { Migration20261126185100_BirthdayGrants } from './Migration20261126185100_BirthdayGrants.js';
import { Migration20261126189000_BulkVersionScopes } from './Migration20261126189000_BulkVersionScopes.js';
import { Migration20261126189100_MemberSearch } from './Migration20261126189100_MemberSearch.js';
import { Migration20261126189200_MemberScans } from './Migration20261126189200_MemberScans.js';
import { Migration20261126189300_ClubNightFigures } from './Migration20261126189300_ClubNightFigures.js';
import { Migration20261126189400_AcSyncCounts } from './Migration20261126189400_AcSyncCounts.js';
import { Migration20261126189500_InboxWaiting } from './Migration20261126189500_InboxWaiting.js';
import { Migration20261126189600_LedgerNightIndex } from './Migration20261126189600_LedgerNightIndex.js';
import { Migration20261126190000_TierBenefits } from './Migration20261126190000_TierBenefits.js';
import { Migration20261126190100_EarningMultipliers } from './Migration20261126190100_EarningMultipliers.js';
import { Migration20261126190200_TierCelebrations } from './Migration20261126190200_TierCelebrations.js';
import { Migration20261126190300_TierCouponGrants } from './Migration20261126190300_TierCouponGrants.js';
import { Migration20261126190700_SealedTotpSecrets } from './Migration20261126190700_SealedTotpSecrets.js';
import { Migration20261128200000_ApiRole } from './Migration20261128200000_ApiRole.js';
import { Migration20261128200100_SearchAndStaffIndexes } from './Migration20261128200100_SearchAndStaffIndexes.js';
import { Migration20261128200200_SessionSecondFactorAt } from './Migration20261128200200_SessionSecondFactorAt.js';
import { Migration20261129000000_Venues } from './Migration20261129000000_Venues.js';
import { Migration20261129010000_VenueActivity } from './Migration20261129010000_VenueActivity.js';
import { Migration20261129010100_VenueChoices } from './Migration20261129010100_VenueChoices.js';
import { Migration20261129020000_VenueVersions } from './Migration20261129020000_VenueVersions.js';
import { Migration20261129020100_InboxVenues } from './Migration20261129020100_InboxVenues.js';
import { Migration20261129030000_DoorDeviceScans } from './Migration20261129030000_DoorDeviceScans.js';
import { Migration20261129040000_DoorOffline } from './Migration20261129040000_DoorOffline.js';
import { Migration20261129050000_Events } from './Migration20261129050000_Events.js';
import { Migration20261129050100_GuestListPlusOnes } from './Migration20261129050100_GuestListPlusOnes.js';
import { Migration20261130020000_VisitsVenueNight } from './Migration20261130020000_VisitsVenueNight.js';
import { Migration20261130040000_EventVersions } from './Migration20261130040000_EventVersions.js';
import { Migration20261130050000_DoorSyncVenue } from './Migration20261130050000_DoorSyncVenue.js';
import { Migration20261130080000_CoveringIndexes } from './Migration20261130080000_CoveringIndexes.js';
import { Migration20261130100000_MembersDoorChangedAt } from './Migration20261130100000_MembersDoorChangedAt.js';
import { Migration20261201090000_MemberCardVersions } from './Migration20261201090000_MemberCardVersions.js';
import { Migration20261202090000_AccountVersions } from './Migration20261202090000_AccountVersions.js';
import { Migration20261203090000_AccountColumns } from './Migration20261203090000_AccountColumns.js';

/** Every migration in order. `npm run db:migration:create` writes a new file; add it here. */
export const migrationsList: { name: string; class: Constructor<Migration> }[] = [
  { name: 'Migration20261121220942_Initial', class: Migration20261121220942_Initial },
  { name: 'Migration20261121222808_NewsAndComments', class: Migration20261121222808_NewsAndComments },
  { name: 'Migration20261121222851_Coupons', class: Migration20261121222851_Coupons },
  { name: 'Migration20261121222909_BackgroundWork', class: Migration20261121222909_BackgroundWork },
  { name: 'Migration20261121223035_MediaUploads', class: Migration20261121223035_MediaUploads },
  { name: 'Migration20261122134353_ShortCodes', class: Migration20261122134353_ShortCodes },
  { name: 'Migration20261122190000_ResourceVersions', class: Migration20261122190000_ResourceVersions },
  { name: 'Migration20261122193000_RedemptionUndo', class: Migration20261122193000_RedemptionUndo },
  { name: 'Migration20261122194000_Webhooks', class: Migration20261122194000_Webhooks },
  { name: 'Migration20261122200000_LastSignIn', class: Migration20261122200000_LastSignIn },
  { name: 'Migration20261122201000_AccountDeletion', class: Migration20261122201000_AccountDeletion },
  { name: 'Migration20261124070000_PointsExpiry', class: Migration20261124070000_PointsExpiry },
  { name: 'Migration20261124100000_CommentModeration', class: Migration20261124100000_CommentModeration },
  { name: 'Migration20261124101000_MemberAdministration', class: Migration20261124101000_MemberAdministration },
  { name: 'Migration20261124102000_InboxStates', class: Migration20261124102000_InboxStates },
  { name: 'Migration20261124103000_OverviewIndexes', class: Migration20261124103000_OverviewIndexes },
  { name: 'Migration20261125090000_RedemptionUndoneWebhook', class: Migration20261125090000_RedemptionUndoneWebhook },
  { name: 'Migration20261126120000_StaffRoles', class: Migration20261126120000_StaffRoles },
  { name: 'Migration20261126140000_DoorNight', class: Migration20261126140000_DoorNight },
  { name: 'Migration20261126160000_BookingNights', class: Migration20261126160000_BookingNights },
  { name: 'Migration20261126170000_ErasableAdjustmentReasons', class: Migration20261126170000_ErasableAdjustmentReasons },
  { name: 'Migration20261126171000_BalanceAdjustments', class: Migration20261126171000_BalanceAdjustments },
  { name: 'Migration20261126171500_PostCommentsPaging', class: Migration20261126171500_PostCommentsPaging },
  { name: 'Migration20261126172000_MyCouponsPaging', class: Migration20261126172000_MyCouponsPaging },
  { name: 'Migration20261126173000_InboxPaging', class: Migration20261126173000_InboxPaging },
  { name: 'Migration20261126180000_SecondFactors', class: Migration20261126180000_SecondFactors },
  { name: 'Migration20261126181000_AuditLog', class: Migration20261126181000_AuditLog },
  { name: 'Migration20261126182000_WalletPasses', class: Migration20261126182000_WalletPasses },
  { name: 'Migration20261126184000_SignUpConsent', class: Migration20261126184000_SignUpConsent },
  { name: 'Migration20261126185000_Referrals', class: Migration20261126185000_Referrals },
  { name: 'Migration20261126185100_BirthdayGrants', class: Migration20261126185100_BirthdayGrants },
  { name: 'Migration20261126189000_BulkVersionScopes', class: Migration20261126189000_BulkVersionScopes },
  { name: 'Migration20261126189100_MemberSearch', class: Migration20261126189100_MemberSearch },
  { name: 'Migration20261126189200_MemberScans', class: Migration20261126189200_MemberScans },
  { name: 'Migration20261126189300_ClubNightFigures', class: Migration20261126189300_ClubNightFigures },
  { name: 'Migration20261126189400_AcSyncCounts', class: Migration20261126189400_AcSyncCounts },
  { name: 'Migration20261126189500_InboxWaiting', class: Migration20261126189500_InboxWaiting },
  { name: 'Migration20261126189600_LedgerNightIndex', class: Migration20261126189600_LedgerNightIndex },
  { name: 'Migration20261126190000_TierBenefits', class: Migration20261126190000_TierBenefits },
  { name: 'Migration20261126190100_EarningMultipliers', class: Migration20261126190100_EarningMultipliers },
  { name: 'Migration20261126190200_TierCelebrations', class: Migration20261126190200_TierCelebrations },
  { name: 'Migration20261126190300_TierCouponGrants', class: Migration20261126190300_TierCouponGrants },
  { name: 'Migration20261126190700_SealedTotpSecrets', class: Migration20261126190700_SealedTotpSecrets },
  { name: 'Migration20261128200000_ApiRole', class: Migration20261128200000_ApiRole },
  { name: 'Migration20261128200100_SearchAndStaffIndexes', class: Migration20261128200100_SearchAndStaffIndexes },
  { name: 'Migration20261128200200_SessionSecondFactorAt', class: Migration20261128200200_SessionSecondFactorAt },
  { name: 'Migration20261129000000_Venues', class: Migration20261129000000_Venues },
  { name: 'Migration20261129010000_VenueActivity', class: Migration20261129010000_VenueActivity },
  { name: 'Migration20261129010100_VenueChoices', class: Migration20261129010100_VenueChoices },
  { name: 'Migration20261129020000_VenueVersions', class: Migration20261129020000_VenueVersions },
  { name: 'Migration20261129020100_InboxVenues', class: Migration20261129020100_InboxVenues },
  { name: 'Migration20261129030000_DoorDeviceScans', class: Migration20261129030000_DoorDeviceScans },
  { name: 'Migration20261129040000_DoorOffline', class: Migration20261129040000_DoorOffline },
  { name: 'Migration20261129050000_Events', class: Migration20261129050000_Events },
  { name: 'Migration20261129050100_GuestListPlusOnes', class: Migration20261129050100_GuestListPlusOnes },
  { name: 'Migration20261130020000_VisitsVenueNight', class: Migration20261130020000_VisitsVenueNight },
  { name: 'Migration20261130040000_EventVersions', class: Migration20261130040000_EventVersions },
  { name: 'Migration20261130050000_DoorSyncVenue', class: Migration20261130050000_DoorSyncVenue },
  { name: 'Migration20261130080000_CoveringIndexes', class: Migration20261130080000_CoveringIndexes },
  { name: 'Migration20261130100000_MembersDoorChangedAt', class: Migration20261130100000_MembersDoorChangedAt },
  { name: 'Migration20261201090000_MemberCardVersions', class: Migration20261201090000_MemberCardVersions },
  { name: 'Migration20261202090000_AccountVersions', class: Migration20261202090000_AccountVersions },
  { name: 'Migration20261203090000_AccountColumns', class: Migration20261203090000_AccountColumns },
];

/**
 * Objects written by hand in migrations (triggers, functions, partial indexes, checks) that the
 * schema differ does not model; `db:migration:create` leaves statements about them out.
 */
export const HAND_WRITTEN_SCHEMA_OBJECTS = [
  'point_transactions_append_only',
  'point_transactions_erase_only',
  'point_transactions_reverses_fk',
  'members_points_non_negative',
  'outbox_unpublished_idx',
  'outbox_notify',
  'sessions_expires_at_idx',
  'news_posts_counts_non_negative',
  'coupons_code_live_unique',
  'coupons_counts_check',
  'coupons_values_check',
  'user_coupons_redeemed_consistent',
  'user_coupons_member_held_idx',
  'sync_jobs_one_running_idx',
  'media_uploads_pending_idx',
  'resource_versions',
  'resource_version_log',
  'resource_version_flushes',
  'resource_version_seq',
  '_versions_',
  'short_code_namespace',
  'members_admin_list_idx',
  'members_email_prefix_idx',
  'members_name_trgm_idx',
  'members_email_trgm_idx',
  'members_staff_idx',
  'news_comments_content_trgm_idx',
  'news_comments_author_created_idx',
  'qr_scans_member_idx',
  'members_ac_synced_idx',
  'members_ac_pending_idx',
  'members_ac_failed_idx',
  'bookings_requested_idx',
  'contact_messages_new_idx',
  // Covering indexes (INCLUDE), which entities cannot declare: Migration20261130080000_CoveringIndexes.
  'user_coupons_redeemed_at_idx',
  'user_coupons_claimed_at_idx',
  'visits_venue_night_idx',
  'bookings_venue_requested_idx',
  'member_cards_issued_at_idx',
  'qr_scans_at_idx',
  'visits_created_at_idx',
  'tier_benefits_multiplier_check',
  'promotions_schedule_check',
  'point_transactions_earning_check',
  'point_transactions_base_default',
  'events_numbers_check',
  'guest_list_entries_party_check',
  'tier_benefits_plus_ones_check',
  // The trigger that stamps members.door_changed_at, and its function: Migration20261130100000_MembersDoorChangedAt.
  'members_door_changed',
  // The audit log (no entity yet: written by SQL), its append-only triggers and their functions.
  'audit_log',
];
