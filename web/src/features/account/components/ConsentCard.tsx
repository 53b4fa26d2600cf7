import type { FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { TextField } from '@/components/ui/field';
import { reasonOr } from '@/lib/notify';
import { useVenueTime } from '@/lib/venue-time';
import { useMyConsent, useUpdateConsent } from '../api/profile';

/** A YYYY-MM-DD date of birth as people write it: "15 June 1990". */
function birthDate(date: string): string {
  return new Intl.DateTimeFormat('en-AU', { timeZone: 'UTC', day: 'numeric', month: 'long', year: 'numeric' }).format(
    new Date(`${date}T00:00:00Z`),
  );
}

/**
 * The date of birth and the marketing consent. Members who joined before sign-up asked
 * their date of birth are asked here (nothing is blocked); consent is a toggle that takes effect at
 * once, and ActiveCampaign's list follows it.
 */
export function ConsentCard() {
  const consent = useMyConsent();
  const update = useUpdateConsent();
  const venueTime = useVenueTime();
  const addBirthDate = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    update.mutate({ dateOfBirth: String(new FormData(event.currentTarget).get('dateOfBirth') ?? '') });
  };
  if (!consent.data) {
    return (
      <Card title="Date of Birth and E-mails">
        <p className="text-sm text-white/75">{consent.isError ? 'We could not load these details.' : 'Loading...'}</p>
      </Card>
    );
  }
  const { dateOfBirth, marketingConsent, marketingConsentAt, wording } = consent.data;
  return (
    <Card title="Date of Birth and E-mails">
      <div className="grid gap-5">
        {dateOfBirth ? (
          <p className="text-white">
            <span className="text-xs uppercase tracking-wider text-white/70">Date of birth</span>
            <br />
            {birthDate(dateOfBirth)}
          </p>
        ) : (
          <form onSubmit={addBirthDate} className="grid gap-3" aria-label="Add your date of birth">
            <TextField
              label="Date of birth"
              name="dateOfBirth"
              type="date"
              autoComplete="bday"
              required
              hint="We did not ask this when you joined. You must be 18 or over."
            />
            <Button type="submit" variant="outline" disabled={update.isPending} className="justify-self-start">
              Save Date of Birth
            </Button>
          </form>
        )}
        <label className="flex items-start gap-2 text-sm text-white/85">
          <input
            type="checkbox"
            checked={marketingConsent}
            disabled={update.isPending}
            onChange={(event) => update.mutate({ marketingConsent: event.target.checked })}
            className="mt-0.5 h-4 w-4 accent-[var(--color-gold)]"
          />
          <span>{wording}</span>
        </label>
        {marketingConsentAt ? (
          <p className="text-xs text-white/70">
            {marketingConsent ? 'Agreed' : 'Not agreed'} on {venueTime.day(marketingConsentAt)}
          </p>
        ) : null}
        {update.isError ? (
          <p role="alert" className="rounded-md border border-red-500/50 bg-red-950/60 p-3 text-sm text-red-100">
            {reasonOr(update.error, 'We could not save this. Please try again.')}
          </p>
        ) : null}
      </div>
    </Card>
  );
}
