import type { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { db } from '@nocturne/db';
import { sql } from 'kysely';

/** Account deletion: the password check and the erasure of the member's row. */
@Injectable()
export class AccountErasureRepository {
  /** The password hash of a member not deleted. */
  findPasswordHash(em: EntityManager, memberId: string) {
    return db(em)
      .selectFrom('members')
      .select('password_hash')
      .where('id', '=', memberId)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
  }

  /**
   * Empties the member's row of personal data, under its row lock (a second, concurrent deletion
   * finds deleted_at set and changes nothing). Answers the ActiveCampaign contact, e-mail and names
   * the row held (for erasing their copies elsewhere) and its placeholder address, or undefined
   * when there was nothing to erase.
   */
  eraseMember(em: EntityManager, memberId: string) {
    return db(em)
      .updateTable('members as m')
      .from((eb) =>
        eb
          .selectFrom('members')
          .select(['id', 'ac_contact_id', 'email', 'first_name', 'last_name'])
          .where('id', '=', memberId)
          .where('deleted_at', 'is', null)
          .forUpdate()
          .as('old'),
      )
      .set((eb) => ({
        email: sql<string>`'deleted-' || ${eb.ref('m.id')} || '@deleted.invalid'`,
        first_name: 'Deleted member',
        last_name: null,
        password_hash: '!deleted',
        role: 'member',
        ac_contact_id: null,
        ac_synced_at: null,
        ac_sync_error: null,
        last_sign_in_at: null,
        // The date of birth is personal data; consent goes with the account.
        date_of_birth: null,
        marketing_consent: false,
        marketing_consent_at: null,
        marketing_consent_version: null,
        deleted_at: sql<string>`now()`,
        updated_at: sql<string>`now()`,
      }))
      .whereRef('m.id', '=', 'old.id')
      .returning(['old.ac_contact_id', 'old.email', 'old.first_name', 'old.last_name', 'm.email as placeholder'])
      .executeTakeFirst();
  }
}
