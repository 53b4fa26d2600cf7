import { Member } from './member.entity.js';
import { OutboxEvent } from './outbox-event.entity.js';
import { PasswordResetToken } from './password-reset-token.entity.js';
import { PointTransaction } from './point-transaction.entity.js';
import { Session } from './session.entity.js';

export { Member, OutboxEvent, PasswordResetToken, PointTransaction, Session };
export { POINT_KINDS, type PointKind } from './point-transaction.entity.js';

/** Every entity, for the ORM configuration. */
export const entities = [Member, Session, PasswordResetToken, PointTransaction, OutboxEvent];
