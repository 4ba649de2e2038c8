import { useState } from 'react';

/**
 * The value, or while it is undefined (refreshing) the last defined one: lists keep their rows behind a
 * loading mask or the login-expired box instead of emptying to 暂无数据.
 */
export function useLastDefined<T>(value: T | undefined): T | undefined {
  const [last, setLast] = useState<T | undefined>(value);
  if (value !== undefined && value !== last) setLast(value);
  return value ?? last;
}
