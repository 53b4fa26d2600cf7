import { EntityManager } from '@mikro-orm/postgresql';
import { UnauthorizedException } from '@nestjs/common';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { MemberCard } from '@nocturne/contracts';
import { isoTimestamp } from '#common/timestamps.js';
import { formatShortCode } from '#modules/coupons/coupons.public.js';
import { DoorRepository } from '#modules/door/door.repository.js';
import { MemberCards } from '#modules/door/member-cards.service.js';
import { GetMyCardQuery } from './get-my-card.query.js';

/** The member's card: name, tier and member since as the database has them now, and the codes door staff scan. */
@QueryHandler(GetMyCardQuery)
export class GetMyCardHandler implements IQueryHandler<GetMyCardQuery, MemberCard> {
  constructor(
    private readonly em: EntityManager,
    private readonly cards: MemberCards,
    private readonly repository: DoorRepository,
  ) {}

  async execute({ memberId }: GetMyCardQuery): Promise<MemberCard> {
    const member = await this.repository.findCardFace(this.em, memberId);
    // The session was live a moment ago: an account erased since is signed out, as the guard says.
    if (!member) throw new UnauthorizedException('Please sign in');
    // Issued here the first time (see MemberCards): a card's code is stored before anyone sees it.
    const card = await this.cards.cardOf(this.em, memberId);
    return {
      firstName: member.first_name,
      lastName: member.last_name,
      tier: member.member_tier,
      memberSince: isoTimestamp(member.created_at),
      qrPayload: this.cards.qrPayload(card.id),
      shortCode: formatShortCode(card.short_code),
    };
  }
}
