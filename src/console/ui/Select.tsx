import { Dropdown } from 'primereact/dropdown';
import { indexOfValue, type Option, valueAt } from './options.ts';

export type { Option } from './options.ts';

export interface SelectProps<T> {
  value: T | null;
  options: readonly Option<T>[];
  /** null = nothing chosen (or the 全部 entry) */
  onChange: (value: T | null) => void;
  /** adds a first entry meaning "no filter" (value null), e.g. '全部' */
  allLabel?: string;
  placeholder?: string;
  inputId?: string;
  ariaLabel?: string;
  filter?: boolean;
  disabled?: boolean;
  invalid?: boolean;
  className?: string;
}

const ALL = -1;

/**
 * One choice from typed options (PrimeReact Dropdown underneath). The widget only ever sees option
 * positions, so callers get their own value type back without casts.
 */
export function Select<T>(p: SelectProps<T>): React.JSX.Element {
  const items = [
    ...(p.allLabel ? [{ label: p.allLabel, value: ALL }] : []),
    ...p.options.map((o, i) => ({ label: o.label, value: i, disabled: o.disabled })),
  ];
  const index = p.value === null ? null : indexOfValue(p.options, p.value);
  return (
    <Dropdown
      value={index === null || index < 0 ? null : index}
      options={items}
      optionDisabled="disabled"
      onChange={(e) => p.onChange(valueAt(p.options, e.value))}
      placeholder={p.placeholder}
      inputId={p.inputId}
      ariaLabel={p.ariaLabel}
      filter={p.filter}
      disabled={p.disabled}
      invalid={p.invalid}
      className={p.className}
    />
  );
}
