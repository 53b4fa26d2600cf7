import type { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { db } from '@nocturne/db';

/** Every query of the door-devices module: the doors managers name, and the staff names a lock-out list shows. */
@Injectable()
export class DoorDevicesRepository {
  /** Staff accounts' names by id ("Sam Lee", or the e-mail when they have none). */
  async staffNames(em: EntityManager, ids: string[]): Promise<Map<string, string>> {
    if (ids.length === 0) return new Map();
    const rows = await db(em)
      .selectFrom('members')
      .select(['id', 'first_name', 'last_name', 'email'])
      .where('id', 'in', ids)
      .execute();
    return new Map(rows.map((row) => [row.id, [row.first_name, row.last_name].filter(Boolean).join(' ') || row.email]));
  }

  /** Door names by id, archived ones too (a lock-out or a scan-log line may name one). */
  async doorNames(em: EntityManager, ids: string[]): Promise<Map<string, string>> {
    if (ids.length === 0) return new Map();
    const rows = await db(em).selectFrom('door_devices').select(['id', 'name']).where('id', 'in', ids).execute();
    return new Map(rows.map((row) => [row.id, row.name]));
  }
}
