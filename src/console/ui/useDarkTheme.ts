import { useEffect, useState } from 'react';

const isDark = (): boolean => document.documentElement.dataset.theme === 'dark';

/** Follows the console theme (`<html data-theme>`, switched by lib/prefs.ts) so charts redraw in its colours. */
export function useDarkTheme(): boolean {
  const [dark, setDark] = useState(isDark);
  useEffect(() => {
    const watch = new MutationObserver(() => setDark(isDark()));
    watch.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
    return () => watch.disconnect();
  }, []);
  return dark;
}
