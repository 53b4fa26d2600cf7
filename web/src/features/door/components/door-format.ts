import { tierLabel } from '@nocturne/domain';

/** A scanned member as the door shows them: "Jordan · Silver". */
export const memberLine = (member: { firstName: string; tier: Parameters<typeof tierLabel>[0] }) =>
  `${member.firstName} · ${tierLabel(member.tier)}`;

/** Seconds as a countdown: 75 → "1:15". */
export const mmss = (seconds: number) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
