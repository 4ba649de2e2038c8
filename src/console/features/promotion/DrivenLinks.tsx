import type { drivenLink } from '../../../shared/promote-schemas.ts';
import type { z } from '../../../shared/zod.ts';

type DrivenLink = z.output<typeof drivenLink>;

/** 带去的推广链接: the promotion links this entity sends people to, and how it is tied to each. */
export function DrivenLinks({ links }: { links: readonly DrivenLink[] }): React.JSX.Element {
  return (
    <section className="card">
      <h3 className="card-title">带去的推广链接</h3>
      {links.length === 0 ? (
        <p className="muted">它的监测链接和落地页里没有我们的推广链接</p>
      ) : (
        <ul className="promote-links">
          {links.map((l) => (
            <li key={l.pageid}>
              <span className="link-id-code">{l.pageid}</span>
              <span>{l.title || l.item_title || '未命名'}</span>
              <span className="muted">
                {l.platform_name} · 商品 {l.item_id || '--'} · {l.via === 'bound' ? '小程序登记' : '监测链接'}
                {l.deleted ? ' · 已删除' : ''}
              </span>
              <a className="promote-url" href={l.landing_url} target="_blank" rel="noreferrer">
                {l.landing_url}
              </a>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
