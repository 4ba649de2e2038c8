import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { useState } from 'react';
import { COLUMN_TYPES, type ColumnView } from '../../../shared/exports.ts';
import { moveColumn, toggleColumn } from './column-order.ts';

interface Props {
  offered: readonly ColumnView[];
  value: readonly string[];
  onChange: (columns: string[]) => void;
  invalid?: boolean;
}

/**
 * Pick columns (left: every column the kind offers) and order them (right: the chosen ones, in file order).
 * Reorder by dragging a row, or with its ↑ ↓ buttons from the keyboard.
 */
export function ColumnPicker({ offered, value, onChange, invalid }: Props): React.JSX.Element {
  const [dragging, setDragging] = useState<number | null>(null);
  const [over, setOver] = useState<number | null>(null);
  const label = new Map(offered.map((c) => [c.key, c]));
  const drop = (to: number): void => {
    if (dragging !== null) onChange(moveColumn(value, dragging, to));
    setDragging(null);
    setOver(null);
  };
  return (
    <div className={`column-picker ${invalid ? 'invalid' : ''}`}>
      <div className="column-pane">
        <div className="column-pane-head">
          <span>可选列（{offered.length}）</span>
          <span>
            <Button
              type="button"
              label="全选"
              text
              size="small"
              onClick={() => onChange([...value, ...offered.map((c) => c.key).filter((k) => !value.includes(k))])}
            />
            <Button type="button" label="清空" text size="small" onClick={() => onChange([])} />
          </span>
        </div>
        <ul className="column-list" aria-label="可选列">
          {offered.map((c) => (
            <li key={c.key}>
              <label className="column-option" htmlFor={`col-${c.key}`}>
                <Checkbox inputId={`col-${c.key}`} checked={value.includes(c.key)} onChange={() => onChange(toggleColumn(value, c.key))} />
                <span>{c.label}</span>
                <span className="muted">{COLUMN_TYPES[c.type]}</span>
              </label>
            </li>
          ))}
        </ul>
      </div>
      <div className="column-pane">
        <div className="column-pane-head">
          <span>已选列（{value.length}），拖动调整顺序</span>
        </div>
        <ol className="column-list chosen" aria-label="已选列">
          {value.map((key, i) => (
            <li
              key={key}
              draggable
              className={`chosen-column ${dragging === i ? 'dragging' : ''} ${over === i && dragging !== i ? 'drop-target' : ''}`}
              onDragStart={(e) => {
                e.dataTransfer.effectAllowed = 'move';
                e.dataTransfer.setData('text/plain', key);
                setDragging(i);
              }}
              onDragOver={(e) => {
                e.preventDefault();
                setOver(i);
              }}
              onDrop={(e) => {
                e.preventDefault();
                drop(i);
              }}
              onDragEnd={() => {
                setDragging(null);
                setOver(null);
              }}
            >
              <i className="pi pi-bars drag-handle" aria-hidden="true" />
              <span className="chosen-index">{i + 1}</span>
              <span className="chosen-label">{label.get(key)?.label ?? key}</span>
              <Button
                type="button"
                icon="pi pi-arrow-up"
                text
                rounded
                size="small"
                aria-label={`上移 ${label.get(key)?.label ?? key}`}
                disabled={i === 0}
                onClick={() => onChange(moveColumn(value, i, i - 1))}
              />
              <Button
                type="button"
                icon="pi pi-arrow-down"
                text
                rounded
                size="small"
                aria-label={`下移 ${label.get(key)?.label ?? key}`}
                disabled={i === value.length - 1}
                onClick={() => onChange(moveColumn(value, i, i + 1))}
              />
              <Button
                type="button"
                icon="pi pi-times"
                text
                rounded
                size="small"
                severity="secondary"
                aria-label={`移除 ${label.get(key)?.label ?? key}`}
                onClick={() => onChange(toggleColumn(value, key))}
              />
            </li>
          ))}
          {value.length === 0 ? <li className="muted column-empty">从左侧勾选要导出的列</li> : null}
        </ol>
      </div>
    </div>
  );
}
