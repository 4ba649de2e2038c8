import type { FormEvent, ReactNode } from 'react';

export interface FieldProps {
  label: string;
  /** the id of the input, so the label names it */
  htmlFor?: string;
  required?: boolean;
  /** the Chinese message shown under the input (from checkForm / the server) */
  error?: string;
  hint?: string;
  children: ReactNode;
  labelWidth?: number;
}

/** One labelled input with its error next to it. */
export function Field({ label, htmlFor, required, error, hint, children, labelWidth }: FieldProps): React.JSX.Element {
  const errorId = htmlFor ? `${htmlFor}-error` : undefined;
  return (
    <div className={`form-row ${error ? 'has-error' : ''}`}>
      <label
        htmlFor={htmlFor}
        className={`form-label ${required ? 'required' : ''}`}
        style={labelWidth ? { width: labelWidth } : undefined}
      >
        {label}
      </label>
      <div className="form-control">
        {children}
        {hint && !error ? <small className="field-hint">{hint}</small> : null}
        <small className="field-error" id={errorId} role={error ? 'alert' : undefined}>
          {error}
        </small>
      </div>
    </div>
  );
}

export interface FieldSetProps {
  onSubmit: () => void;
  children: ReactNode;
  className?: string;
  /** a message that belongs to no field (a server refusal) */
  formError?: string;
}

/** A form of Fields: Enter submits, no browser validation bubbles, a form-level error under the fields. */
export function FieldSet({ onSubmit, children, className, formError }: FieldSetProps): React.JSX.Element {
  const submit = (e: FormEvent): void => {
    e.preventDefault();
    onSubmit();
  };
  return (
    <form className={`form-grid ${className ?? ''}`} onSubmit={submit} noValidate>
      {children}
      {formError ? (
        <div className="form-error" role="alert">
          {formError}
        </div>
      ) : null}
      <button type="submit" hidden />
    </form>
  );
}
