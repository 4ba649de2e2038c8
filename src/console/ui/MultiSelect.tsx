import { MultiSelect as PrimeMultiSelect } from 'primereact/multiselect';
import { indexOfValue, type Option, valueAt } from './options.ts';

export interface MultiSelectProps<T> {
  value: readonly T[];
  options: readonly Option<T>[];
  onChange: (value: T[]) => void;
  placeholder?: string;
  inputId?: string;
  ariaLabel?: string;
  filter?: boolean;
  disabled?: boolean;
  /** how many chosen labels show before '已选 N 项' */
  maxLabels?: number;
  className?: string;
}

/** Several choices from typed options (PrimeReact MultiSelect underneath), values back in their own type. */
export function MultiSelect<T>(p: MultiSelectProps<T>): React.JSX.Element {
  const items = p.options.map((o, i) => ({ label: o.label, value: i, disabled: o.disabled }));
  const chosen = p.value.map((v) => indexOfValue(p.options, v)).filter((i) => i >= 0);
  const pick = (raw: unknown): void => {
    const list: unknown[] = Array.isArray(raw) ? raw : [];
    const values: T[] = [];
    for (const i of list) {
      const v = valueAt(p.options, i);
      if (v !== null) values.push(v);
    }
    p.onChange(values);
  };
  return (
    <PrimeMultiSelect
      value={chosen}
      options={items}
      optionDisabled="disabled"
      onChange={(e) => pick(e.value)}
      placeholder={p.placeholder}
      inputId={p.inputId}
      aria-label={p.ariaLabel}
      filter={p.filter}
      disabled={p.disabled}
      maxSelectedLabels={p.maxLabels ?? 3}
      selectedItemsLabel="已选 {0} 项"
      className={p.className}
    />
  );
}
