/** Who is signed in: every account is a member; admins also run the venue's dashboard. */
export const ROLES = ['member', 'admin'] as const;
export type Role = (typeof ROLES)[number];
