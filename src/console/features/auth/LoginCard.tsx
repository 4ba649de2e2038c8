import type { FormEvent, ReactNode } from 'react';
import { useBranding } from '../../lib/branding.ts';

interface Props {
  title: string;
  onSubmit: () => void;
  className?: string;
  children: ReactNode;
}

/** The card of the login pages: brand, title, a form. */
export function LoginCard({ title, onSubmit, className, children }: Props): React.JSX.Element {
  const brand = useBranding();
  const submit = (e: FormEvent): void => {
    e.preventDefault();
    onSubmit();
  };
  return (
    <div className="login-page">
      <form className={`login-card ${className ?? ''}`} onSubmit={submit} noValidate>
        <div className="login-brand">
          <img src={brand.logo} alt="" width={40} height={40} />
          <span>{brand.product}</span>
        </div>
        <h1 className="login-title">{title}</h1>
        {children}
      </form>
    </div>
  );
}

/** The card's main button (PrimeReact's look without its code). */
export function SubmitButton({ busy, label, disabled = false }: { busy: boolean; label: string; disabled?: boolean }): React.JSX.Element {
  return (
    <button type="submit" className="p-button p-component login-submit" disabled={busy || disabled}>
      {busy ? <i className="pi pi-spin pi-spinner p-button-icon-left" aria-hidden="true" /> : null}
      <span className="p-button-label">{label}</span>
    </button>
  );
}
