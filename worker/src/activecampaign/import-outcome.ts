/**
 * The answer of GET /api/3/import/info?batchId=… as "Bulk import status info" documents it
 * (developers.activecampaign.com/reference/bulk-import-status-info):
 *
 *   {"status":"completed","success":["123","124","125","126"],
 *    "failure":["invalid.email@invalidDomain", "invalid'character@example.com"]}
 *
 *   "returns a specific bulk import's status including the contact IDs of any newly created
 *   contacts, and emails of any contacts that failed to be created."
 *   "If this endpoint is called immediately (less than a second) after a bulk import call, the
 *   status in the return may be false (a boolean)"
 *   waiting: "received but has not received a uuid and processing has not begun"; claimed: "has
 *   received a uuid but processing has not begun"; active: "currently being processed";
 *   completed: "has completed processing"; failed: "has failed and can no longer be retried";
 *   interrupted: "was interrupted due to failures and will not be retried".
 *
 * `success` holds contact ids, not e-mails, and an existing contact that was updated appears in
 * neither list: the only per-member signal is `failure`.
 */
export const FINAL_FAILED_STATUSES = ['failed', 'interrupted'] as const;

type AcImportStatus = 'waiting' | 'claimed' | 'active' | 'completed' | (typeof FINAL_FAILED_STATUSES)[number] | false;

export interface AcImportInfo {
  /** A documented status, `false` before AC has set one, or whatever else AC said (kept as text). */
  status: AcImportStatus | string;
  /** Contact ids of newly created contacts. */
  success: string[];
  /** E-mails of contacts that could not be created. */
  failure: string[];
}

/** AC's own words for the final failed states ("Bulk import status info"), kept as the batch's reason. */
export const FAILED_STATUS_MEANING: Record<(typeof FINAL_FAILED_STATUSES)[number], string> = {
  failed: 'the import batch has failed and can no longer be retried',
  interrupted: 'the import batch was interrupted due to failures and will not be retried',
};

export type ImportState = 'completed' | 'failed' | 'open';

/** completed settles the batch, failed/interrupted fail it, anything else (false, waiting, claimed, active, unknown) is still open. */
export function importState(status: AcImportInfo['status']): ImportState {
  if (status === 'completed') return 'completed';
  if ((FINAL_FAILED_STATUSES as readonly unknown[]).includes(status)) return 'failed';
  return 'open';
}

/** Reads the answer defensively: `status` may be the boolean false, the lists may be absent before completion. */
export function parseImportInfo(body: unknown): AcImportInfo {
  const value = (body ?? {}) as { status?: unknown; success?: unknown; failure?: unknown };
  const status = value.status === false || value.status === undefined || value.status === null ? false : String(value.status);
  const list = (items: unknown) => (Array.isArray(items) ? items.map(String) : []);
  return { status, success: list(value.success), failure: list(value.failure) };
}

export interface MemberOutcome<T> {
  synced: T[];
  failed: T[];
}

/**
 * Which members of a completed import were synced: a member failed only if their e-mail is in
 * `failure` (compared case-insensitively, as AC matches e-mails); every other member was created
 * or updated.
 */
export function membersOutcome<T extends { email: string }>(members: T[], info: Pick<AcImportInfo, 'failure'>): MemberOutcome<T> {
  const failedEmails = new Set(info.failure.map((email) => email.trim().toLowerCase()));
  const outcome: MemberOutcome<T> = { synced: [], failed: [] };
  for (const member of members)
    (failedEmails.has(member.email.trim().toLowerCase()) ? outcome.failed : outcome.synced).push(member);
  return outcome;
}
