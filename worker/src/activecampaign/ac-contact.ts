/** A custom field's value on a contact; the field is named by its id (AC_FIELD_TIER, AC_FIELD_POINTS). */
interface AcFieldValue {
  field: string;
  value: string;
}

/** A contact as this worker sends it to ActiveCampaign, one at a time (contact/sync) or in bulk imports. */
export interface AcContact {
  email: string;
  firstName: string;
  lastName: string;
  fieldValues: AcFieldValue[];
  /**
   * The member's marketing consent: their status on AC_LIST_ID is "subscribed" only when true,
   * "unsubscribed" otherwise. Nobody without consent is ever subscribed.
   */
  subscribed: boolean;
}
