import { indexOfValue, type Option } from './options.ts';

export interface TabsProps<T> {
  tabs: readonly Option<T>[];
  value: T;
  onChange: (value: T) => void;
  ariaLabel: string;
  className?: string;
}

/** A row of tabs over one typed value (e.g. 全部 / 直跳 / 非直跳). Plain buttons: no PrimeReact code. */
export function Tabs<T>({ tabs, value, onChange, ariaLabel, className }: TabsProps<T>): React.JSX.Element {
  const active = indexOfValue(tabs, value);
  return (
    <div className={`tabs ${className ?? ''}`} role="tablist" aria-label={ariaLabel}>
      {tabs.map((t, i) => (
        <button
          key={t.label}
          type="button"
          role="tab"
          aria-selected={i === active}
          disabled={t.disabled}
          className={`tab ${i === active ? 'active' : ''}`}
          onClick={() => i !== active && onChange(t.value)}
        >
          {t.label}
        </button>
      ))}
    </div>
  );
}
