import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { SecondFactorStatus } from '@nocturne/contracts';
import { SecondFactors } from '#modules/auth/two-factor/second-factors.service.js';
import { GetSecondFactorsQuery } from './get-second-factors.query.js';

@QueryHandler(GetSecondFactorsQuery)
export class GetSecondFactorsHandler implements IQueryHandler<GetSecondFactorsQuery, SecondFactorStatus> {
  constructor(private readonly factors: SecondFactors) {}

  execute({ member }: GetSecondFactorsQuery): Promise<SecondFactorStatus> {
    return this.factors.status(member);
  }
}
