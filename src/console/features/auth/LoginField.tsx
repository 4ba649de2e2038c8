import type { HTMLInputTypeAttribute, ReactNode } from 'react';

interface Props {
  icon: string;
  name: string;
  value: string;
  onChange: (v: string) => void;
  placeholder: string;
  type?: HTMLInputTypeAttribute;
  autoComplete?: string;
  error?: string;
  inputMode?: 'text' | 'numeric' | 'email';
  maxLength?: number;
  /** a button at the input's right, as tall as the input (e.g. 重新发送) */
  addon?: ReactNode;
}

/** A login-card input with its icon centred on the text line and its error under it (plain HTML: no component JS). */
export function LoginField({
  icon,
  name,
  value,
  onChange,
  placeholder,
  type = 'text',
  autoComplete,
  error,
  inputMode,
  maxLength,
  addon,
}: Props): React.JSX.Element {
  return (
    <label className="login-field">
      <span className="login-input">
        <i className={`pi ${icon}`} aria-hidden="true" />
        <input
          className={`p-inputtext p-component${error ? ' p-invalid' : ''}`}
          name={name}
          type={type}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          placeholder={placeholder}
          aria-label={placeholder}
          aria-invalid={error ? true : undefined}
          autoComplete={autoComplete}
          inputMode={inputMode}
          maxLength={maxLength}
        />
        {addon}
      </span>
      <small className="field-error">{error}</small>
    </label>
  );
}
