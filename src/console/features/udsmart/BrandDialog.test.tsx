import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { BrandView, UdAccountView } from '../../../shared/udsmart.ts';
import { BrandDialog } from './BrandDialog.tsx';

const account = (id: number, name: string): UdAccountView => ({
  id,
  platform: 2,
  advertiser_id: `17000000000000${id}`,
  name,
  customer: '杭州青禾服饰有限公司',
  brand_id: null,
  brand: '',
});

vi.mock('./useUdsmart.ts', () => ({
  useCandidates: () => ({ data: [account(1, '青禾巨量一'), account(2, '青禾巨量二')], isLoading: false }),
  saveBrand: vi.fn(),
  udAction: vi.fn(),
}));

const brand = {
  id: 9,
  name: '青禾服饰',
  logo_text: '青禾',
  owner: '',
  accounts: [account(1, '青禾巨量一')],
  sub_count: 0,
  created_at: 0,
} as BrandView;
const pressEsc = () => fireEvent.keyDown(document, { key: 'Escape', code: 'Escape' });

describe('绑定广告账户: Esc keeps the picks (issue 18)', () => {
  it('closes at once when nothing changed', async () => {
    const onClose = vi.fn();
    render(<BrandDialog edit={{ kind: 'bind', brand }} onClose={onClose} />);
    pressEsc();
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
  });

  it('asks before dropping new picks; 继续编辑 keeps them, 放弃并关闭 closes', async () => {
    const onClose = vi.fn();
    const { baseElement } = render(<BrandDialog edit={{ kind: 'bind', brand }} onClose={onClose} />);
    const box = baseElement.querySelector('.p-multiselect');
    if (!(box instanceof HTMLElement)) throw new Error('no multiselect');
    fireEvent.click(box);
    fireEvent.click(screen.getByRole('option', { name: /青禾巨量二/, hidden: true }));
    fireEvent.click(box);
    pressEsc();
    expect(await screen.findByText('放弃未保存的账户选择？')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: '继续编辑' }));
    await waitFor(() => expect(screen.queryByText('放弃未保存的账户选择？')).toBeNull());
    expect(box.textContent).toContain('青禾巨量二');
    pressEsc();
    fireEvent.click(await screen.findByRole('button', { name: '放弃并关闭' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
  });
});
