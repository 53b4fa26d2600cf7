import { EntityManager } from '@mikro-orm/postgresql';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { MemberCard } from '@nocturne/contracts';
import { formatShortCode } from '#modules/coupons/coupons.public.js';
import { MemberCards } from '#modules/door/member-cards.service.js';
import { GetMyCardQuery } from './get-my-card.query.js';

/** The member's card: name, tier and member since as the session knows them, and the codes door staff scan. */
@QueryHandler(GetMyCardQuery)
export class GetMyCardHandler implements IQueryHandler<GetMyCardQuery, MemberCard> {
  constructor(
    private readonly em: EntityManager,
    private readonly cards: MemberCards,
  ) {}

  async execute({ member }: GetMyCardQuery): Promise<MemberCard> {
    // Issued here the first time (see MemberCards): a card's code is stored before anyone sees it.
    const card = await this.cards.cardOf(this.em, member.id);
    return {
      firstName: member.firstName,
      lastName: member.lastName,
      tier: member.memberTier,
      memberSince: member.createdAt.toISOString(),
      qrPayload: this.cards.qrPayload(card.id),
      shortCode: formatShortCode(card.short_code),
    };
  }
}
