import type { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { db } from '@nocturne/db';

/**
 * What account deletion asks of the wallet module: the member's passes go, and with them every
 * device registration (its device library id and push token). A device that asks for the pass
 * afterwards is told it is not authorized. Runs in the caller's transaction.
 */
@Injectable()
export class WalletErasure {
  async forgetMember(tx: EntityManager, memberId: string): Promise<void> {
    // wallet_registrations go with their pass (on delete cascade).
    await db(tx).deleteFrom('wallet_passes').where('member_id', '=', memberId).execute();
  }
}
