import type { WorkerConfig } from '../config/worker-config.js';
import type { AcContact } from './ac-contact.js';
import type { MemberForAc } from './activecampaign.repository.js';

/** The AC contact for a member; tier and points go to custom fields when their ids are configured. */
export function acContactOf(member: MemberForAc, config: Pick<WorkerConfig, 'AC_FIELD_TIER' | 'AC_FIELD_POINTS'>): AcContact {
  const fieldValues = [];
  if (config.AC_FIELD_TIER) fieldValues.push({ field: config.AC_FIELD_TIER, value: member.member_tier });
  if (config.AC_FIELD_POINTS) fieldValues.push({ field: config.AC_FIELD_POINTS, value: String(member.total_points) });
  return {
    email: member.email,
    firstName: member.first_name,
    lastName: member.last_name ?? '',
    fieldValues,
    subscribed: member.marketing_consent,
  };
}
