import { useState, type FormEvent } from 'react';
import { ApiError } from '@/lib/api-client';
import { Button } from '@/components/ui/button';
import { SelectField, TextAreaField, TextField } from '@/components/ui/field';
import { toast } from '@/components/ui/use-toast';
import { useSendContactMessage, type ContactPayload } from '../api/send-contact-message';

const EMPTY: ContactPayload = { name: '', email: '', phone: '', message: '', website: '' };

/** A 400 or 429 says something the visitor can act on; anything else gets the general text (PRODUCT.md §8). */
function failureDescription(error: unknown): string {
  if (error instanceof ApiError && (error.status === 400 || error.status === 429) && error.serverMessage) {
    return error.serverMessage;
  }
  return 'Please try again later.';
}

interface ContactFormProps {
  /** The venue written to, on a venue's own page. */
  venue?: string;
  /** A group's venues to choose from (none, or one: no choice, the message goes as before venues). */
  venues?: readonly { slug: string; name: string }[];
}

export function ContactForm({ venue, venues = [] }: ContactFormProps) {
  const [values, setValues] = useState<ContactPayload>(EMPTY);
  const [chosen, setChosen] = useState('');
  const choice = !venue && venues.length > 1 ? chosen || venues[0]!.slug : undefined;
  const send = useSendContactMessage();
  const set = (field: keyof ContactPayload) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [field]: event.target.value }));

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // The check is ours (not the browser's) so the visitor gets the toast.
    if (!values.name.trim() || !values.email.trim() || !values.message.trim()) {
      toast({ title: 'Please fill in all required fields', variant: 'destructive' });
      return;
    }
    const target = venue ?? choice;
    send.mutate(target ? { ...values, venue: target } : values, {
      onSuccess: () => {
        toast({ title: 'Message sent successfully!', description: "We'll get back to you as soon as possible." });
        setValues(EMPTY);
      },
      onError: (error) =>
        toast({ title: 'Failed to send message', description: failureDescription(error), variant: 'destructive' }),
    });
  };

  return (
    <form onSubmit={submit} className="grid gap-4" aria-label="Contact us">
      {choice ? (
        <SelectField label="Venue" name="venue" value={choice} onChange={(event) => setChosen(event.target.value)}>
          {venues.map((option) => (
            <option key={option.slug} value={option.slug}>
              {option.name}
            </option>
          ))}
        </SelectField>
      ) : null}
      <TextField label="Name" name="name" autoComplete="name" requiredMark value={values.name} onChange={set('name')} />
      <TextField
        label="Email"
        name="email"
        type="email"
        autoComplete="email"
        requiredMark
        value={values.email}
        onChange={set('email')}
      />
      <TextField label="Phone" name="phone" type="tel" autoComplete="tel" value={values.phone} onChange={set('phone')} />
      <TextAreaField label="Message" name="message" rows={4} requiredMark value={values.message} onChange={set('message')} />
      {/* Honeypot: people never see or reach it; bots that fill every field mark themselves. */}
      <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
        <label htmlFor="contact-website">Website</label>
        <input
          id="contact-website"
          name="website"
          type="text"
          tabIndex={-1}
          autoComplete="off"
          value={values.website}
          onChange={set('website')}
        />
      </div>
      <Button type="submit" variant="gold" disabled={send.isPending}>
        {send.isPending ? 'Sending...' : 'Send Message'}
      </Button>
    </form>
  );
}
