import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { failureText } from '../../lib/api.ts';
import { Loading } from '../../ui/Loading.tsx';
import { usePreview } from './usePromote.ts';

/**
 * 预览 a creative: its §3 material type, where it sends people, and a sketch of the ad as a feed shows it (its
 * title over the item's picture). The platforms' material files are not synced, so the material is named, not
 * played; the landing page is not embedded (opening it here would count as a visit).
 */
export function PreviewDialog({ acpl, type, id, onClose }: { acpl: number; type: 'plan' | 'creative'; id: string; onClose: () => void }) {
  const { data, error } = usePreview({ acpl, type, id });
  const problem = failureText(error);
  return (
    <Dialog header="创意预览" visible onHide={onClose} style={{ width: 760 }} footer={<Button label="关闭" onClick={onClose} />}>
      {problem ? <div className="form-error">{problem}</div> : null}
      {!data && !problem ? <Loading /> : null}
      {data ? (
        <div className="promote-preview">
          <dl className="promote-facts">
            <dt>{data.level_name}</dt>
            <dd>
              {data.name} <span className="muted">{data.id}</span>
            </dd>
            <dt>素材类型</dt>
            <dd>
              <span className="status-tag tone-ok">{data.material_label}</span> <span className="muted">{data.material_type}</span>
            </dd>
            <dt>状态</dt>
            <dd>{data.status_label || '--'}</dd>
            <dt>推广链接</dt>
            <dd>
              {data.link
                ? `${data.link.pageid} · ${data.link.title || data.link.item_title} · ${data.link.platform_name}`
                : '未关联我们的推广链接'}
            </dd>
            <dt>落地页</dt>
            <dd className="promote-url">{data.landing_url || '--'}</dd>
          </dl>
          <figure className="promote-phone" aria-label="广告样式示意">
            <div className={`promote-phone-media ${data.material_kind.includes('video') ? 'is-video' : ''}`}>
              {data.link?.item_image ? <img src={data.link.item_image} alt="" referrerPolicy="no-referrer" /> : null}
              <span className="promote-phone-kind">
                <i className={`pi ${data.material_kind.includes('video') ? 'pi-play-circle' : 'pi-image'}`} aria-hidden="true" />{' '}
                {data.material_label}
              </span>
            </div>
            <div className="promote-phone-title">{data.name}</div>
            <div className="promote-phone-item muted">{data.link?.item_title || '—'}</div>
            <div className="promote-phone-cta">查看详情</div>
          </figure>
        </div>
      ) : null}
    </Dialog>
  );
}
