import { useCallback, useRef, useState } from 'react';

export const SHAKE_MS = 300;

/** Shake animation (300 ms, spec §9) for an invalid submit: returns the class to apply and a trigger. */
export function useShake(): [string, () => void] {
  const [on, setOn] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  const shake = useCallback(() => {
    window.clearTimeout(timer.current);
    setOn(false);
    requestAnimationFrame(() => setOn(true));
    timer.current = window.setTimeout(() => setOn(false), SHAKE_MS);
  }, []);
  return [on ? 'shake' : '', shake];
}
