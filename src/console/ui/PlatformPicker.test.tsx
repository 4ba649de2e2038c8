import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { type Notice, subscribe } from '../lib/notify.ts';
import { PlatformPicker } from './PlatformPicker.tsx';

function Board(): React.JSX.Element {
  const [pick, setPick] = useState({ shop: 'jingdong', channel: 'juliang' });
  return (
    <>
      <PlatformPicker dashboard withAll shop={pick.shop} channel={pick.channel} onChange={setPick} />
      <output>{`${pick.shop}/${pick.channel}`}</output>
    </>
  );
}

describe('PlatformPicker on the dashboard (spec §2)', () => {
  it('offers 全部, 淘宝, 京东, 淘宝新链接 and 淘宝联盟, and 抖音 / 微博', () => {
    render(<Board />);
    const shops = screen.getByRole('radiogroup', { name: '店铺平台' });
    expect([...shops.querySelectorAll('[role=radio]')].map((b) => b.textContent)).toEqual([
      '全部',
      '淘宝',
      '京东',
      '淘宝新链接',
      '淘宝联盟',
    ]);
    expect(screen.getByRole('radio', { name: '微博' })).toBeTruthy();
  });

  it('choosing 微博 disables 京东 as 京东（未上线）, moves off it, and a click on it says 暂未上线', () => {
    const notices: Notice[] = [];
    const off = subscribe((n) => notices.push(n));
    render(<Board />);
    fireEvent.click(screen.getByRole('radio', { name: '微博' }));
    const jd = screen.getByRole('radio', { name: '京东（未上线）' });
    expect(jd.getAttribute('aria-disabled')).toBe('true');
    expect(jd.getAttribute('title')).toBe('暂未上线');
    expect(screen.getByRole('status').textContent).toBe('all/weibo');
    fireEvent.click(jd);
    expect(screen.getByRole('status').textContent).toBe('all/weibo');
    expect(notices).toEqual([{ kind: 'toast', severity: 'info', summary: '暂未上线', life: 3000 }]);
    fireEvent.click(screen.getByRole('radio', { name: '抖音（巨量引擎）' }));
    expect(screen.getByRole('radio', { name: '京东' }).getAttribute('aria-disabled')).toBe('false');
    off();
  });

  it('without the channel row where the account type is the channel', () => {
    render(<PlatformPicker dashboard withAll showChannels={false} shop="all" channel="juliang" onChange={() => undefined} />);
    expect(screen.queryByRole('radiogroup', { name: '视频渠道' })).toBeNull();
  });
});
