import { QrCode } from '../../ui/QrCode';

/** The QR code of an authenticator enrolment, for the operator's phone to scan. */
export function EnrolmentQr({ otpauthUrl, alt }: { otpauthUrl: string; alt: string }) {
  return <QrCode value={otpauthUrl} alt={alt} size={200} className="backoffice__qr" />;
}
