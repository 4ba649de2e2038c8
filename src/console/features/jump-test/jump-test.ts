/** Link jump test (admin): input rules and how a result reads. Pure, tested beside. */
import type { Hop, JumpResult } from '../../../shared/jumptest.ts';

export type { Hop };
export type JumpTestResult = JumpResult;
export type FinalKind = JumpResult['final_kind'];

export const KIND_LABELS: Record<FinalKind, string> = {
  http: '网页',
  app: '唤起 App',
  blocked: '已拦截',
  error: '检测失败',
};

export const KIND_SEVERITY: Record<FinalKind, 'success' | 'info' | 'warning' | 'danger'> = {
  http: 'info',
  app: 'success',
  blocked: 'warning',
  error: 'danger',
};

/** The URL to test (a missing scheme means https), or a Chinese reason it cannot be tested. */
export function checkUrl(raw: string): { url: string } | { error: string } {
  const s = raw.trim();
  if (!s) return { error: '请输入要检测的链接' };
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(s) ? s : `https://${s}`;
  let u: URL;
  try {
    u = new URL(withScheme);
  } catch {
    return { error: '链接格式不正确，请输入完整的网址' };
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') return { error: '只能检测 http:// 或 https:// 开头的链接' };
  if (!u.hostname) return { error: '链接格式不正确，请输入完整的网址' };
  return { url: u.toString() };
}

/** 2xx green, 3xx blue (a jump), 4xx/5xx red, 0 (no answer) grey. */
export function statusTone(status: number): 'ok' | 'redirect' | 'fail' | 'none' {
  if (status >= 200 && status < 300) return 'ok';
  if (status >= 300 && status < 400) return 'redirect';
  if (status >= 400) return 'fail';
  return 'none';
}

/** The app scheme of a final target (`taobao://…` → `taobao`), when it opens an app. */
export function schemeOf(r: Pick<JumpTestResult, 'final' | 'final_kind' | 'app_scheme'>): string {
  if (r.final_kind !== 'app') return '';
  return r.app_scheme || (/^([a-z][a-z0-9+.-]*):/i.exec(r.final)?.[1] ?? '');
}
