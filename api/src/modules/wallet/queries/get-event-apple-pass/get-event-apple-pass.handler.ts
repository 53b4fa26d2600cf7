import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { EventPasses } from '#modules/wallet/event-passes.service.js';
import { GetEventApplePassQuery } from './get-event-apple-pass.query.js';

@QueryHandler(GetEventApplePassQuery)
export class GetEventApplePassHandler implements IQueryHandler<GetEventApplePassQuery, { pass: Buffer; filename: string }> {
  constructor(private readonly passes: EventPasses) {}

  execute({ key, night }: GetEventApplePassQuery): Promise<{ pass: Buffer; filename: string }> {
    return this.passes.applePass(key, night);
  }
}
