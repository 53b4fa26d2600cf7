import { Query } from '@nestjs/cqrs';
import type { MembershipSettings } from '@nocturne/contracts';

/** The venue's membership settings: invite points, the monthly cap, the birthday coupon. */
export class GetMembershipSettingsQuery extends Query<MembershipSettings> {}
