import type { Language } from '@bank/contracts/auth/fields';
import type { MailMessage } from '../../lib/mailer';
import { composeMail } from '../mail';

/** The mail a client receives when the bank has decided on its identity verification, in its language. */
export function kycDecisionMail(
  to: string,
  decision: { status: 'Approved' | 'Rejected'; reason?: string | null },
  language: Language,
  cabinetUrl: string,
): MailMessage {
  if (decision.status === 'Approved') return composeMail('kycApproved', language, { cabinetUrl }, to);
  return composeMail('kycRejected', language, { reason: decision.reason ?? '—', cabinetUrl }, to);
}
