import { ApiError } from '@/lib/api-client';

/** What the api said about a refused request, with the fields it names, for a toast. */
export const said = (error: unknown) =>
  error instanceof ApiError
    ? [
        error.serverMessage,
        ...((error.body?.issues as { path: string; message: string }[] | undefined) ?? []).map((i) => `${i.path}: ${i.message}`),
      ]
        .filter(Boolean)
        .join(' · ') || error.message
    : 'Please try again.';

/** A form field's text, trimmed. */
export const text = (data: FormData, name: string) => String(data.get(name) ?? '').trim();

/** A number field's value, null when empty. */
export const optionalNumber = (value: string) => (value === '' ? null : Number(value));
