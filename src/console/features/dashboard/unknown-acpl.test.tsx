import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { unknownAcpl } from '../../lib/platforms.ts';
import { PromotionScreen } from '../promotion/PromotionScreen.tsx';
import { DashboardScreen } from './DashboardScreen.tsx';

function at(url: string): void {
  render(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route path="/dashboard" element={<DashboardScreen />} />
        <Route path="/promotion" element={<PromotionScreen />} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('an acpl that names no account type is said, not shown as 巨量引擎', () => {
  it.each([
    ['/dashboard?acpl=99', '99'],
    ['/dashboard?acpl=abc', 'abc'],
    ['/promotion?acpl=99', '99'],
    ['/promotion?acpl=abc&pl=2', 'abc'],
  ])('%s', (url, raw) => {
    at(url);
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain(`未知的账户类型：${raw}`);
    expect(screen.queryByRole('heading', { name: /巨量引擎/ })).toBeNull();
    // the known ones are offered, 巨量引擎 among them
    const links = screen.getAllByRole('link').map((a) => a.getAttribute('href'));
    expect(links).toContain(`${url.split('?')[0]}?acpl=2`);
    expect(links).toContain(`${url.split('?')[0]}?acpl=4`);
  });
  it('an absent acpl takes the default; a known one is itself', () => {
    expect(unknownAcpl(null)).toBeNull();
    expect(unknownAcpl('4')).toBeNull();
    expect(unknownAcpl('')).toBe('');
    expect(unknownAcpl('2.5')).toBe('2.5');
    expect(unknownAcpl('99')).toBe('99');
  });
});
