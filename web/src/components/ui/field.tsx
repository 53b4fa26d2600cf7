import { useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';

// Form controls with a visible label tied to the input (so browsers autofill and tests find them).
export const inputClass =
  'w-full rounded-md border border-white/15 bg-night-950/70 px-3 py-2.5 text-base text-white placeholder:text-white/60 focus:border-gold focus:outline-none focus:ring-2 focus:ring-gold/40';

interface LabelProps {
  label: string;
  required?: boolean;
  /** Marks the field as required for people without making the browser block the submit. */
  requiredMark?: boolean;
  hint?: ReactNode;
}

function FieldShell({ id, label, required, requiredMark, hint, children }: LabelProps & { id: string; children: ReactNode }) {
  return (
    <div className="grid gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-white/90">
        {label}
        {required || requiredMark ? (
          <span aria-hidden="true" className="text-neon-light">
            {' '}
            *
          </span>
        ) : null}
      </label>
      {children}
      {hint ? <p className="text-xs text-white/75">{hint}</p> : null}
    </div>
  );
}

export function TextField({
  label,
  required,
  requiredMark,
  hint,
  id,
  ...props
}: LabelProps & InputHTMLAttributes<HTMLInputElement>) {
  const autoId = useId();
  const fieldId = id ?? autoId;
  return (
    <FieldShell id={fieldId} label={label} required={required} requiredMark={requiredMark} hint={hint}>
      <input
        id={fieldId}
        required={required}
        aria-required={required || requiredMark || undefined}
        className={inputClass}
        {...props}
      />
    </FieldShell>
  );
}

export function TextAreaField({
  label,
  required,
  requiredMark,
  hint,
  id,
  ...props
}: LabelProps & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const autoId = useId();
  const fieldId = id ?? autoId;
  return (
    <FieldShell id={fieldId} label={label} required={required} requiredMark={requiredMark} hint={hint}>
      <textarea
        id={fieldId}
        required={required}
        aria-required={required || requiredMark || undefined}
        className={inputClass}
        {...props}
      />
    </FieldShell>
  );
}

export function SelectField({
  label,
  required,
  requiredMark,
  hint,
  id,
  children,
  ...props
}: LabelProps & SelectHTMLAttributes<HTMLSelectElement>) {
  const autoId = useId();
  const fieldId = id ?? autoId;
  return (
    <FieldShell id={fieldId} label={label} required={required} requiredMark={requiredMark} hint={hint}>
      <select
        id={fieldId}
        required={required}
        aria-required={required || requiredMark || undefined}
        className={inputClass}
        {...props}
      >
        {children}
      </select>
    </FieldShell>
  );
}
