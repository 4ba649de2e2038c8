import { notify } from './notify.ts';

/** Copy text to the clipboard; shows '复制成功' (spec §8). Falls back to a hidden textarea. */
export async function copyText(text: string): Promise<boolean> {
  let ok = false;
  try {
    await navigator.clipboard.writeText(text);
    ok = true;
  } catch {
    const ta = document.createElement('textarea');
    ta.value = text;
    ta.setAttribute('readonly', '');
    ta.style.position = 'fixed';
    ta.style.opacity = '0';
    document.body.appendChild(ta);
    ta.select();
    ok = document.execCommand('copy');
    ta.remove();
  }
  if (ok) notify.success('复制成功');
  else notify.error('复制失败，请手动复制');
  return ok;
}
