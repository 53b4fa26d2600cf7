import type { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { db } from '@nocturne/db';
import { sql } from 'kysely';

/** Every query of the second factor: factors, recovery codes, remembered devices. */
@Injectable()
export class TwoFactorRepository {
  listFactors(em: EntityManager, memberId: string) {
    return db(em)
      .selectFrom('second_factors')
      .select([
        'id',
        'kind',
        'label',
        'created_at',
        'last_used_at',
        'totp_secret',
        'last_step',
        'credential_id',
        'public_key',
        'sign_count',
        'transports',
      ])
      .where('member_id', '=', memberId)
      .where('confirmed_at', 'is not', null)
      .orderBy('created_at')
      .execute();
  }

  findUnconfirmedTotp(em: EntityManager, memberId: string) {
    return db(em)
      .selectFrom('second_factors')
      .select(['id', 'totp_secret', 'last_step'])
      .where('member_id', '=', memberId)
      .where('kind', '=', 'totp')
      .where('confirmed_at', 'is', null)
      .executeTakeFirst();
  }

  /** A new unconfirmed TOTP secret, replacing one not confirmed yet. */
  async startTotp(em: EntityManager, memberId: string, secret: string): Promise<void> {
    await db(em)
      .deleteFrom('second_factors')
      .where('member_id', '=', memberId)
      .where('kind', '=', 'totp')
      .where('confirmed_at', 'is', null)
      .execute();
    await db(em)
      .insertInto('second_factors')
      .values({ member_id: memberId, kind: 'totp', label: 'Authenticator app', totp_secret: secret })
      .execute();
  }

  /**
   * Records `step` as the factor's last accepted step, only if it is later than the one stored:
   * of two requests with the same code, one wins. Confirms the factor when `confirm`.
   */
  async acceptTotpStep(em: EntityManager, factorId: string, step: number, confirm: boolean): Promise<boolean> {
    const row = await db(em)
      .updateTable('second_factors')
      .set({
        last_step: step,
        last_used_at: sql<string>`now()`,
        ...(confirm ? { confirmed_at: sql<string>`now()` } : {}),
      })
      .where('id', '=', factorId)
      .where((eb) => eb.or([eb('last_step', 'is', null), eb('last_step', '<', step)]))
      .returning('id')
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Stores a row's authenticator secret sealed (a row written before sealing, at its first use). */
  async sealTotpSecret(em: EntityManager, factorId: string, sealed: string): Promise<void> {
    await db(em).updateTable('second_factors').set({ totp_secret: sealed }).where('id', '=', factorId).execute();
  }

  async insertPasskey(
    em: EntityManager,
    passkey: {
      memberId: string;
      label: string;
      credentialId: string;
      publicKey: string;
      signCount: number;
      transports: string | null;
    },
  ): Promise<void> {
    await db(em)
      .insertInto('second_factors')
      .values({
        member_id: passkey.memberId,
        kind: 'passkey',
        label: passkey.label,
        credential_id: passkey.credentialId,
        public_key: passkey.publicKey,
        sign_count: passkey.signCount,
        transports: passkey.transports,
        confirmed_at: sql<string>`now()`,
      })
      .execute();
  }

  async passkeyUsed(em: EntityManager, factorId: string, signCount: number): Promise<void> {
    await db(em)
      .updateTable('second_factors')
      .set({ sign_count: signCount, last_used_at: sql<string>`now()` })
      .where('id', '=', factorId)
      .execute();
  }

  async deleteFactor(em: EntityManager, memberId: string, factorId: string): Promise<boolean> {
    const row = await db(em)
      .deleteFrom('second_factors')
      .where('id', '=', factorId)
      .where('member_id', '=', memberId)
      .returning('id')
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Every factor, recovery code and remembered device of the member (an admin's reset). */
  async deleteAllOf(em: EntityManager, memberId: string): Promise<void> {
    await db(em).deleteFrom('second_factors').where('member_id', '=', memberId).execute();
    await db(em).deleteFrom('recovery_codes').where('member_id', '=', memberId).execute();
    await db(em).deleteFrom('remembered_devices').where('member_id', '=', memberId).execute();
  }

  async countRecoveryCodesLeft(em: EntityManager, memberId: string): Promise<number> {
    const row = await db(em)
      .selectFrom('recovery_codes')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('member_id', '=', memberId)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  /** The member's recovery codes become these (hashes); the old ones stop working. */
  async replaceRecoveryCodes(em: EntityManager, memberId: string, hashes: string[]): Promise<void> {
    await db(em).deleteFrom('recovery_codes').where('member_id', '=', memberId).execute();
    await db(em)
      .insertInto('recovery_codes')
      .values(hashes.map((code_hash) => ({ member_id: memberId, code_hash })))
      .execute();
  }

  /** Spends the code if it is the member's and unused, in one statement (a code works once, even in a race). */
  async useRecoveryCode(em: EntityManager, memberId: string, codeHash: string): Promise<boolean> {
    const row = await db(em)
      .updateTable('recovery_codes')
      .set({ used_at: sql<string>`now()` })
      .where('member_id', '=', memberId)
      .where('code_hash', '=', codeHash)
      .where('used_at', 'is', null)
      .returning('id')
      .executeTakeFirst();
    return row !== undefined;
  }

  async setSessionSatisfied(em: EntityManager, sessionId: string): Promise<void> {
    await db(em)
      .updateTable('sessions')
      .set({ second_factor_ok: true, second_factor_at: sql<string>`now()` })
      .where('id', '=', sessionId)
      .execute();
  }

  /** A device that gave the second factor and asked to be remembered: its cookie's hash, until `expiresAt` (at most 12 h). */
  async rememberDevice(em: EntityManager, memberId: string, tokenHash: string, expiresAt: Date): Promise<void> {
    await db(em)
      .insertInto('remembered_devices')
      .values({ member_id: memberId, token_hash: tokenHash, expires_at: expiresAt })
      .execute();
  }

  async isDeviceRemembered(em: EntityManager, memberId: string, tokenHash: string): Promise<boolean> {
    const row = await db(em)
      .selectFrom('remembered_devices')
      .select('id')
      .where('member_id', '=', memberId)
      .where('token_hash', '=', tokenHash)
      .where('expires_at', '>', sql<string>`now()`)
      .executeTakeFirst();
    return row !== undefined;
  }

  async hasConfirmedFactor(em: EntityManager, memberId: string): Promise<boolean> {
    const row = await db(em)
      .selectFrom('second_factors')
      .select('id')
      .where('member_id', '=', memberId)
      .where('confirmed_at', 'is not', null)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Bumps the member's row so every replica's session cache reads the member (and their factors) again. */
  async touchMember(em: EntityManager, memberId: string): Promise<void> {
    await db(em)
      .updateTable('members')
      .set({ updated_at: sql<string>`now()` })
      .where('id', '=', memberId)
      .execute();
  }

  findStaffRole(em: EntityManager, memberId: string) {
    return db(em)
      .selectFrom('members')
      .select(['role', 'email'])
      .where('id', '=', memberId)
      .where('role', '<>', 'member')
      .executeTakeFirst();
  }
}
