import Cookies from 'js-cookie';
import { useCallback, useState } from 'react';

/** Theme (spec §2): 1 light, 2 dark; stored locally; default from the system preference. */
export type Theme = 1 | 2;
export const THEME_KEY = 'theme';
export const THEME_HREF: Record<Theme, string> = {
  1: '/themes/lara-light-blue/theme.css',
  2: '/themes/lara-dark-blue/theme.css',
};

export function readTheme(): Theme {
  const v = localStorage.getItem(THEME_KEY);
  if (v === '1' || v === '2') return Number(v) as Theme;
  return matchMedia('(prefers-color-scheme: dark)').matches ? 2 : 1;
}

/** Switch the PrimeReact theme link; the 600 ms colour transition lives in console.css. */
export function applyTheme(theme: Theme, persist = true): void {
  if (persist) localStorage.setItem(THEME_KEY, String(theme));
  const root = document.documentElement;
  root.classList.add('theme-transition');
  root.dataset.theme = theme === 2 ? 'dark' : 'light';
  const link = document.getElementById('theme-link') as HTMLLinkElement | null;
  if (link && !link.href.endsWith(THEME_HREF[theme])) link.href = THEME_HREF[theme];
  window.setTimeout(() => root.classList.remove('theme-transition'), 600);
}

/** Sidebar collapsed state lives in a cookie (spec §2). */
const SIDEBAR_COOKIE = 'sidebarStatus';
export const readSidebarOpen = (): boolean => Cookies.get(SIDEBAR_COOKIE) !== '0';
export const writeSidebarOpen = (open: boolean): void => {
  Cookies.set(SIDEBAR_COOKIE, open ? '1' : '0', { path: '/', sameSite: 'lax', 'max-age': String(365 * 86_400) });
};

/** Preferences remembered per role and user (menu layout, screen mode). */
export const userPrefKey = (name: string, role: number, userid: number): string => `${name}:${role}:${userid}`;

export function usePersistentState<T extends string | number>(
  key: string,
  initial: T,
  parse: (raw: string) => T | null,
): [T, (v: T) => void] {
  const [value, setValue] = useState<T>(() => {
    const raw = localStorage.getItem(key);
    return (raw !== null ? parse(raw) : null) ?? initial;
  });
  const set = useCallback(
    (v: T) => {
      localStorage.setItem(key, String(v));
      setValue(v);
    },
    [key],
  );
  return [value, set];
}

export type ScreenMode = 1 | 2;
export type MenuMode = 'vertical' | 'horizontal';
export const parseScreenMode = (raw: string): ScreenMode | null => (raw === '1' || raw === '2' ? (Number(raw) as ScreenMode) : null);
export const parseMenuMode = (raw: string): MenuMode | null => (raw === 'vertical' || raw === 'horizontal' ? raw : null);
