import type { EntityManager } from '@mikro-orm/postgresql';
import { clubNightOf, type LedgerMovement, type SentExpiryWarning } from '@nocturne/domain';
import { expiryWarningMonth, type PointsExpiryRepository } from './points-expiry.repository.js';

/**
 * A member's ledger and expiry warnings as the expiry rules read them: the warnings sent (by the
 * club night they went out, venue time) and the state of each month's delivery row.
 */
export async function loadExpiryLedger(
  repository: PointsExpiryRepository,
  em: EntityManager,
  memberId: string,
  timeZone: string,
) {
  const movements: LedgerMovement[] = (await repository.movements(em, memberId)).map((row) => ({
    id: row.id,
    points: row.points,
    kind: row.kind,
    reversesId: row.reverses_id,
    createdAt: new Date(row.created_at),
  }));
  const warnings = await repository.warnings(em, memberId);
  const sent: SentExpiryWarning[] = warnings
    .filter((row) => row.state === 'sent' && row.sent_at)
    .map((row) => ({ month: expiryWarningMonth(row.kind), sentNight: clubNightOf(new Date(row.sent_at!), timeZone) }));
  const states = new Map(warnings.map((row) => [expiryWarningMonth(row.kind), row.state]));
  return { movements, sent, states };
}
