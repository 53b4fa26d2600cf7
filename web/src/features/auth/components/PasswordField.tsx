import { useId, useState, type InputHTMLAttributes } from 'react';
import { inputClass } from '@/components/ui/field';
import { PASSWORD_MIN_LENGTH } from './password-rules';

type PasswordFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & { label: string; hint?: string };

/** A password input with a show/hide toggle that says what it will do next. */
export function PasswordField({ label, hint, id, ...props }: PasswordFieldProps) {
  const autoId = useId();
  const fieldId = id ?? autoId;
  const hintId = `${fieldId}-hint`;
  const [visible, setVisible] = useState(false);
  return (
    <div className="grid gap-1.5">
      <label htmlFor={fieldId} className="text-sm font-medium text-white/90">
        {label}
      </label>
      <div className="relative">
        <input
          id={fieldId}
          type={visible ? 'text' : 'password'}
          className={`${inputClass} pr-20`}
          aria-describedby={hint ? hintId : undefined}
          {...props}
        />
        <button
          type="button"
          onClick={() => setVisible((shown) => !shown)}
          aria-label={visible ? `Hide ${label.toLowerCase()}` : `Show ${label.toLowerCase()}`}
          aria-pressed={visible}
          aria-controls={fieldId}
          className="absolute inset-y-0 right-0 my-1 mr-1 rounded px-3 text-xs font-semibold uppercase tracking-wider text-gold hover:bg-white/5 focus-visible:outline-2 focus-visible:outline-gold"
        >
          {visible ? 'Hide' : 'Show'}
        </button>
      </div>
      {hint ? (
        <p id={hintId} className="text-xs text-white/75">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

/**
 * A new password and its confirmation (`password`, `confirmPassword`), as sign-up and reset ask
 * for them; the form compares the two before sending `password` alone.
 */
export function NewPasswordFields({ label }: { label: string }) {
  return (
    <>
      <PasswordField
        label={label}
        name="password"
        autoComplete="new-password"
        required
        minLength={PASSWORD_MIN_LENGTH}
        hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
      />
      <PasswordField label="Confirm Password" name="confirmPassword" autoComplete="new-password" required />
    </>
  );
}
