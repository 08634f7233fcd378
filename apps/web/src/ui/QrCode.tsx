import { useEffect, useState } from 'react';

/**
 * A QR code of a text (an authenticator enrolment, a deposit address), drawn in the browser as SVG
 * and shown as an image, which the strict CSP allows from data: URLs. The qrcode library is its
 * own chunk, loaded only where a code is shown. The caller's class gives the box its size, so the
 * page does not move when the image arrives.
 */
export function QrCode({ value, alt, size = 200, className }: { value: string; alt: string; size?: number; className?: string }) {
  const [svg, setSvg] = useState<{ value: string; text: string } | null>(null);
  useEffect(() => {
    let live = true;
    void import('qrcode')
      .then((qrcode) => qrcode.toString(value, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' }))
      .then((text) => live && setSvg({ value, text }));
    return () => {
      live = false;
    };
  }, [value]);
  const ready = svg !== null && svg.value === value;
  return (
    <div className={className}>
      {ready ? <img src={`data:image/svg+xml;utf8,${encodeURIComponent(svg.text)}`} alt={alt} width={size} height={size} /> : null}
    </div>
  );
}
