import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { db } from '@nocturne/db';
import { RETENTION_DAYS } from '@nocturne/domain';
import { sql } from 'kysely';
import { HandlesJob, type JobHandler } from '../runtime/job-handler.js';

/** Rows deleted per statement, so a first run over a long backlog never holds a table for long. */
const BATCH = 1000;

/** Whole days, as written in the SQL below (constants, never input). */
function days(value: number): number {
  if (!Number.isInteger(value) || value < 1) throw new Error(`retention must be whole days, got ${value}`);
  return value;
}

/**
 * Docs/SECURITY.md "Retention": deletes, in batches, the rows of each log past its
 * retention: door scan lines, finished e-mail deliveries and webhook deliveries (pending ones
 * stay, whatever their age), audit rows, booking requests a year after their night and contact
 * messages a year after they arrived. The audit log is trimmed only through its sanctioned
 * path: a transaction marked `nocturne.audit_trim`, which its trigger requires, and never a row
 * younger than the trigger's 365-day floor.
 */
@Injectable()
@HandlesJob('maintenance.trim-logs')
export class TrimLogsJob implements JobHandler<'maintenance.trim-logs'> {
  constructor(private readonly em: EntityManager) {}

  async handle(): Promise<
    Record<'qrScans' | 'emailDeliveries' | 'webhookDeliveries' | 'auditLog' | 'bookings' | 'contactMessages', number>
  > {
    const qrScans = await this.inBatches(
      `delete from qr_scans where id in (select id from qr_scans where "at" < now() - make_interval(days => ${days(RETENTION_DAYS.qrScans)}) limit ${BATCH}) returning id`,
    );
    const emailDeliveries = await this.inBatches(
      `delete from email_deliveries where id in (select id from email_deliveries where state <> 'pending' and created_at < now() - make_interval(days => ${days(RETENTION_DAYS.emailDeliveries)}) limit ${BATCH}) returning id`,
    );
    const webhookDeliveries = await this.inBatches(
      `delete from webhook_deliveries where id in (select id from webhook_deliveries where state <> 'pending' and created_at < now() - make_interval(days => ${days(RETENTION_DAYS.webhookDeliveries)}) limit ${BATCH}) returning id`,
    );
    const auditLog = await this.inBatches(
      `delete from audit_log where id in (select id from audit_log where "at" < now() - make_interval(days => ${days(RETENTION_DAYS.auditLog)}) limit ${BATCH}) returning id`,
      true,
    );
    // The venue inbox's personal data (names, e-mails, phones, messages) is kept no longer than its use.
    const bookings = await this.inBatches(
      `delete from bookings where id in (select id from bookings where coalesce("date", created_at::date) < current_date - ${days(RETENTION_DAYS.bookingsAfterNight)} limit ${BATCH}) returning id`,
    );
    const contactMessages = await this.inBatches(
      `delete from contact_messages where id in (select id from contact_messages where created_at < now() - make_interval(days => ${days(RETENTION_DAYS.contactMessages)}) limit ${BATCH}) returning id`,
    );
    return { qrScans, emailDeliveries, webhookDeliveries, auditLog, bookings, contactMessages };
  }

  /** Runs one batch statement per transaction until a batch comes back short; answers the rows deleted. */
  private async inBatches(statement: string, auditTrim = false): Promise<number> {
    let total = 0;
    for (;;) {
      const deleted = await this.em.transactional(async (tx) => {
        const k = db(tx);
        if (auditTrim) await sql`select set_config('nocturne.audit_trim', 'on', true)`.execute(k);
        const result = await sql.raw(statement).execute(k);
        return result.rows.length;
      });
      total += deleted;
      if (deleted < BATCH) return total;
    }
  }
}
