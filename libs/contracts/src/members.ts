import { z } from 'zod';
import { User } from './auth.js';

/** `GET /api/admin/users`: search by name or email, offset paging (the admin table pages by number). */
export const AdminUsersQuery = z.object({
  search: z.string().trim().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(25),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});
export type AdminUsersQuery = z.infer<typeof AdminUsersQuery>;

export const AdminUser = User.extend({
  acSyncedAt: z.iso.datetime().nullable(),
  acSyncError: z.string().nullable(),
});
export type AdminUser = z.infer<typeof AdminUser>;

export const AdminUsersResponse = z.object({ users: z.array(AdminUser), total: z.number().int() });
export type AdminUsersResponse = z.infer<typeof AdminUsersResponse>;

/** `GET /api/admin/stats`: the overview cards' real numbers. */
export const AdminStats = z.object({
  members: z.number().int(),
  admins: z.number().int(),
  newMembersThisWeek: z.number().int(),
  newsPosts: z.number().int(),
  activeCoupons: z.number().int(),
  couponsClaimed: z.number().int(),
  couponsRedeemed: z.number().int(),
  pendingBookings: z.number().int(),
  contactMessagesThisWeek: z.number().int(),
  outboxWaiting: z.number().int(),
});
export type AdminStats = z.infer<typeof AdminStats>;
