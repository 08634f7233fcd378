import { useEffect, useState } from 'react';

/**
 * The QR code of an authenticator enrolment, drawn in the browser as SVG (the qrcode library loads
 * only here) and shown as an image, which the strict CSP allows from data: URLs.
 */
export function EnrolmentQr({ otpauthUrl, alt }: { otpauthUrl: string; alt: string }) {
  const [svg, setSvg] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void import('qrcode')
      .then((qrcode) => qrcode.toString(otpauthUrl, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' }))
      .then((text) => live && setSvg(text));
    return () => {
      live = false;
    };
  }, [otpauthUrl]);
  return (
    <div className="backoffice__qr">
      {svg ? <img src={`data:image/svg+xml;utf8,${encodeURIComponent(svg)}`} alt={alt} width={200} height={200} /> : null}
    </div>
  );
}
