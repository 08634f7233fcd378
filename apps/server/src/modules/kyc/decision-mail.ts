import type { Language } from '@bank/contracts/auth/fields';
import { BRAND } from '../auth/mail-templates';
import type { MailMessage } from '../mail/mailer';

/** The mail a client receives when the bank has decided on its identity verification, in its language. */
export function kycDecisionMail(
  to: string,
  decision: { status: 'Approved' | 'Rejected'; reason?: string | null },
  language: Language,
  cabinetUrl: string,
): MailMessage {
  const approved = decision.status === 'Approved';
  if (language === 'ru') {
    return {
      to,
      subject: `${approved ? 'Верификация пройдена' : 'Верификация не пройдена'} · ${BRAND.ru}`,
      text: [
        'Здравствуйте!',
        '',
        ...(approved
          ? ['Банк проверил ваши данные: верификация успешно пройдена.', 'Теперь вам доступны все возможности интернет-банка: открытие счетов, переводы и обмен валют.']
          : [
              'Банк проверил ваши данные и, к сожалению, не может завершить верификацию.',
              '',
              `Причина: ${decision.reason ?? '—'}`,
              '',
              'Исправьте данные в разделе «Верификация» и отправьте анкету повторно.',
            ]),
        '',
        cabinetUrl,
        '',
        BRAND.ru,
      ].join('\n'),
    };
  }
  return {
    to,
    subject: `${approved ? 'Your identity is verified' : 'Your identity verification needs another look'} · ${BRAND.en}`,
    text: [
      'Hello,',
      '',
      ...(approved
        ? ['The bank has checked your details: your identity is verified.', 'Everything in online banking is open to you now: accounts, transfers and currency exchange.']
        : [
            'The bank has checked your details and cannot complete the verification yet.',
            '',
            `Reason: ${decision.reason ?? '—'}`,
            '',
            'Please correct your details in the Verification section and submit the form again.',
          ]),
      '',
      cabinetUrl,
      '',
      BRAND.en,
    ].join('\n'),
  };
}
