import { Button } from 'primereact/button';
import { copyText } from '../../lib/copy.ts';
import { shortUrl } from './urls.ts';

/** A URL (one line, or the whole text when `wide`; full text on hover) with a copy button that toasts '复制成功'. */
export function CopyUrl({ label, url, wide = false }: { label?: string; url: string; wide?: boolean }): React.JSX.Element {
  if (!url) return <span className="muted">--</span>;
  return (
    <div className={`copy-url ${wide ? 'copy-url-wide' : ''}`}>
      {label ? <span className="copy-url-label">{label}</span> : null}
      <span className="copy-url-text" title={url}>
        {wide ? url : shortUrl(url)}
      </span>
      <Button icon="pi pi-copy" text rounded size="small" aria-label={`复制${label ?? '链接'}`} title="复制" onClick={() => void copyText(url)} />
    </div>
  );
}
