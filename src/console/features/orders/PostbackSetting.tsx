import { useState } from 'react';
import type { PostbackOn } from '../../../shared/orders.ts';
import { Select } from '../../ui/Select.tsx';
import { postbackOnOptions } from './terms.ts';
import { saveLinkPostback, useLinkPostback } from './useOrders.ts';

/** 回传设置 of one link: on which order status its conversions go back to the ad platform (default 付款). */
export function PostbackSetting({ pageid }: { pageid: string }): React.JSX.Element {
  const { data } = useLinkPostback(pageid);
  const [busy, setBusy] = useState(false);
  const value = (data?.postback_on ?? 'paid') as PostbackOn;
  return (
    <div className="order-postback-setting">
      <span className="order-filter-label">回传时机</span>
      <Select<PostbackOn>
        ariaLabel="回传时机"
        options={postbackOnOptions}
        value={value}
        disabled={busy || !data}
        onChange={async (v) => {
          if (!v || v === value) return;
          setBusy(true);
          try {
            await saveLinkPostback(pageid, v);
          } finally {
            setBusy(false);
          }
        }}
      />
    </div>
  );
}
