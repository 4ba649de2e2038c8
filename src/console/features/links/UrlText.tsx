import { Button } from 'primereact/button';
import { useState } from 'react';
import { copyText } from '../../lib/copy.ts';
import { shortUrl, urlParts } from './format.ts';

interface Props {
  label: string;
  url: string;
  /** the whole URL on one line (detail) instead of its short path (table) */
  full?: boolean;
  children?: React.ReactNode;
}

/**
 * A URL on one line — its short path in tables, the whole address (cut with … and shown on hover) on the
 * detail, where 展开 lays it out broken between its parameters — with a copy button ('复制成功').
 */
export function UrlText({ label, url, full = false, children }: Props): React.JSX.Element {
  const [open, setOpen] = useState(false);
  if (!url) {
    return (
      <div className="url-text">
        <span className="url-label">{label}</span>
        <span className="muted">--</span>
      </div>
    );
  }
  return (
    <div className={`url-text ${open ? 'url-open' : ''}`}>
      <span className="url-label">{label}</span>
      <span className="url-value" title={url}>
        {open
          ? urlParts(url).map((part) => (
              <span key={part.at} className="url-part">
                {part.text}
              </span>
            ))
          : full
            ? url
            : shortUrl(url)}
      </span>
      {full ? (
        <Button
          text
          size="small"
          className="url-toggle"
          label={open ? '收起' : '展开'}
          onClick={() => setOpen(!open)}
          aria-expanded={open}
        />
      ) : null}
      <Button
        icon="pi pi-copy"
        text
        rounded
        size="small"
        className="url-copy"
        aria-label={`复制${label}`}
        title="复制"
        onClick={() => void copyText(url)}
      />
      {children}
    </div>
  );
}
