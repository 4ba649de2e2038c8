import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { MultiSelect } from './MultiSelect.tsx';
import { Select } from './Select.tsx';
import { Tabs } from './Tabs.tsx';

type Platform = 2 | 3;
const platforms = [
  { label: '淘宝', value: 2 as Platform },
  { label: '京东', value: 3 as Platform },
];

function PlatformHarness({ onChange }: { onChange: (v: Platform | null) => void }): React.JSX.Element {
  const [v, setV] = useState<Platform | null>(null);
  return (
    <Select<Platform>
      value={v}
      options={platforms}
      allLabel="全部"
      placeholder="商品平台"
      inputId="p"
      onChange={(x) => {
        onChange(x);
        setV(x);
      }}
    />
  );
}

const openAndPick = (trigger: HTMLElement, label: string): void => {
  fireEvent.click(trigger);
  fireEvent.click(screen.getByRole('option', { name: label, hidden: true }));
};

describe('Select', () => {
  it('gives back the typed value and null for 全部', () => {
    const onChange = vi.fn();
    const { container } = render(<PlatformHarness onChange={onChange} />);
    const box = container.querySelector('.p-dropdown');
    if (!(box instanceof HTMLElement)) throw new Error('no dropdown');
    expect(box.textContent).toContain('商品平台');
    openAndPick(box, '京东');
    expect(onChange).toHaveBeenLastCalledWith(3);
    expect(box.textContent).toContain('京东');
    openAndPick(box, '全部');
    expect(onChange).toHaveBeenLastCalledWith(null);
    expect(box.textContent).toContain('商品平台');
  });
});

describe('MultiSelect', () => {
  it('gives back typed values', () => {
    const onChange = vi.fn();
    const { container } = render(<MultiSelect<Platform> value={[2]} options={platforms} onChange={onChange} placeholder="平台" />);
    const box = container.querySelector('.p-multiselect');
    if (!(box instanceof HTMLElement)) throw new Error('no multiselect');
    expect(box.textContent).toContain('淘宝');
    fireEvent.click(box);
    fireEvent.click(screen.getByRole('option', { name: '京东', hidden: true }));
    expect(onChange).toHaveBeenLastCalledWith([2, 3]);
  });
});

describe('Tabs', () => {
  it('marks the chosen tab and reports a new choice', () => {
    const onChange = vi.fn();
    render(
      <Tabs<1 | 2 | null>
        ariaLabel="跳转方式"
        value={null}
        tabs={[
          { label: '全部', value: null },
          { label: '直跳', value: 1 },
          { label: '非直跳', value: 2 },
        ]}
        onChange={onChange}
      />,
    );
    expect(screen.getByRole('tab', { name: '全部' }).getAttribute('aria-selected')).toBe('true');
    fireEvent.click(screen.getByRole('tab', { name: '全部' }));
    expect(onChange).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('tab', { name: '非直跳' }));
    expect(onChange).toHaveBeenCalledWith(2);
  });
});
