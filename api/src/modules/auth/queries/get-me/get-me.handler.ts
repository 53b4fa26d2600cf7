import { EntityManager } from '@mikro-orm/postgresql';
import { UnauthorizedException } from '@nestjs/common';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { User } from '@nocturne/contracts';
import { AuthRepository } from '#modules/auth/auth.repository.js';
import { userFromRow } from '#modules/auth/user-view.js';
import { GetMeQuery } from './get-me.query.js';

@QueryHandler(GetMeQuery)
export class GetMeHandler implements IQueryHandler<GetMeQuery, User> {
  constructor(
    private readonly em: EntityManager,
    private readonly repository: AuthRepository,
  ) {}

  async execute({ memberId }: GetMeQuery): Promise<User> {
    const row = await this.repository.findUser(this.em, memberId);
    // The session was live a moment ago: an account erased since is signed out, as the guard says.
    if (!row) throw new UnauthorizedException('Please sign in');
    return userFromRow(row);
  }
}
