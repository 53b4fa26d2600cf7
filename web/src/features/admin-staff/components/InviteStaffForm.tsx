import { type FormEvent, useId, useState } from 'react';
import { STAFF_ROLES, ROLE_NAMES, type StaffRole } from '@nocturne/domain';
import { Button } from '@/components/ui/button';
import { SelectField, TextField } from '@/components/ui/field';
import { ApiError } from '@/lib/api-client';
import { reasonOr } from '@/lib/notify';
import { useInviteStaff } from '../api/staff';

type Field = 'email' | 'firstName' | 'role';
type Problems = Partial<Record<Field | 'form', string>>;

/** Where the api's refusal belongs: each named field's issue beside it; a conflict is about the e-mail. */
function problemsOf(error: unknown): Problems {
  if (error instanceof ApiError && error.status === 400 && error.body?.issues?.length) {
    const problems: Problems = {};
    for (const issue of error.body.issues) {
      const field = issue.path as Field;
      problems[['email', 'firstName', 'role'].includes(field) ? field : 'form'] ??= issue.message;
    }
    return problems;
  }
  if (error instanceof ApiError && error.status === 409)
    return { email: error.serverMessage ?? 'This e-mail cannot be invited.' };
  return { form: reasonOr(error, 'Failed to send the invitation.') };
}

/** Invite staff by e-mail with a role: the worker e-mails them a link to set a password (PRODUCT.md §6). */
export function InviteStaffForm() {
  const invite = useInviteStaff();
  const [email, setEmail] = useState('');
  const [firstName, setFirstName] = useState('');
  const [role, setRole] = useState<StaffRole>('door');
  const [problems, setProblems] = useState<Problems>({});
  const [sent, setSent] = useState<string | null>(null);
  const ids = { email: useId(), firstName: useId(), role: useId() };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setProblems({});
    setSent(null);
    invite.mutate(
      { email, firstName, role },
      {
        onSuccess: (answer) => {
          setSent(answer.message);
          setEmail('');
          setFirstName('');
        },
        onError: (error) => setProblems(problemsOf(error)),
      },
    );
  };

  // Each field says what is wrong with it right under it, tied to it for screen readers.
  const fieldProps = (field: Field) =>
    problems[field] ? { 'aria-invalid': true, 'aria-describedby': ids[field] } : { 'aria-invalid': undefined };
  const problem = (field: Field) =>
    problems[field] ? (
      <span id={ids[field]} className="text-red-200">
        {problems[field]}
      </span>
    ) : undefined;

  return (
    <form aria-label="Invite staff" onSubmit={submit} noValidate className="grid gap-4">
      <TextField
        label="E-mail"
        type="email"
        autoComplete="off"
        required
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        hint={problem('email')}
        {...fieldProps('email')}
      />
      <TextField
        label="First name"
        required
        value={firstName}
        onChange={(e) => setFirstName(e.target.value)}
        hint={problem('firstName') ?? 'What door messages show ("Already used at 23:41 (Sam)"). A member keeps their own.'}
        {...fieldProps('firstName')}
      />
      <SelectField
        label="Role"
        value={role}
        onChange={(e) => setRole(e.target.value as StaffRole)}
        hint={problem('role')}
        {...fieldProps('role')}
      >
        {STAFF_ROLES.map((option) => (
          <option key={option} value={option}>
            {ROLE_NAMES[option]}
          </option>
        ))}
      </SelectField>
      {problems.form ? (
        <p role="alert" className="text-sm text-red-200">
          {problems.form}
        </p>
      ) : null}
      {sent ? (
        <p role="status" className="text-sm text-green-200">
          {sent}
        </p>
      ) : null}
      <Button type="submit" disabled={invite.isPending}>
        {invite.isPending ? 'Inviting...' : 'Send Invitation'}
      </Button>
    </form>
  );
}
