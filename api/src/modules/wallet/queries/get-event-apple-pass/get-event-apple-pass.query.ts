import { Query } from '@nestjs/cqrs';

/** A published event night's Apple Wallet pass (eventTicket), for anyone. */
export class GetEventApplePassQuery extends Query<{ pass: Buffer; filename: string }> {
  constructor(
    readonly key: string,
    readonly night: string | undefined,
  ) {
    super();
  }
}
