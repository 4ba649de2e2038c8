import { Button } from 'primereact/button';
import { OverlayPanel } from 'primereact/overlaypanel';
import QRCode from 'qrcode';
import { useEffect, useRef, useState } from 'react';

/** A QR code of `text`, drawn by the qrcode package into a data URL. */
export function QrImage({ text, size = 160 }: { text: string; size?: number }): React.JSX.Element {
  const [src, setSrc] = useState('');
  useEffect(() => {
    let live = true;
    QRCode.toDataURL(text, { width: size, margin: 1, errorCorrectionLevel: 'M' })
      .then((url) => live && setSrc(url))
      .catch(() => live && setSrc(''));
    return () => {
      live = false;
    };
  }, [text, size]);
  return src ? (
    <img className="link-qr" src={src} width={size} height={size} alt="落地页二维码" />
  ) : (
    <span className="link-qr-empty" style={{ width: size, height: size }} />
  );
}

/** A small button that pops the landing URL's QR code up (scan it with the phone to try the page). */
export function QrButton({ text }: { text: string }): React.JSX.Element {
  const panel = useRef<OverlayPanel>(null);
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button icon="pi pi-qrcode" text rounded size="small" aria-label="二维码" title="二维码" onClick={(e) => panel.current?.toggle(e)} />
      <OverlayPanel ref={panel} onShow={() => setOpen(true)} onHide={() => setOpen(false)} className="link-qr-panel">
        {open ? <QrImage text={text} /> : null}
        <div className="link-qr-caption">扫码打开落地页</div>
      </OverlayPanel>
    </>
  );
}
