import { useBranding } from '../lib/branding.ts';

/** Copyright, company name and filing numbers for the configured domain (spec §2). */
export function Footer(): React.JSX.Element {
  const b = useBranding();
  return (
    <footer className="layout-footer">
      <span>{b.copyright || `Copyright © ${new Date().getFullYear()}`}</span>
      {b.company ? <span>{b.company}</span> : null}
      {b.icp ? (
        <a href="https://beian.miit.gov.cn/" target="_blank" rel="noreferrer">
          {b.icp}
        </a>
      ) : null}
      {b.police ? <span>{b.police}</span> : null}
    </footer>
  );
}
