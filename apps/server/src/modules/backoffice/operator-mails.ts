import { ENROLMENT_LINK_HOURS } from '@bank/contracts/backoffice/operators';
import type { OperatorRole } from '@bank/contracts/backoffice/roles';
import { BRAND } from '../auth/mail-templates';
import type { MailMessage } from '../mail/mailer';

/**
 * The back office's mails to operators. Operators have no language of their own, so each mail
 * carries English and Russian, one after the other.
 */
function bilingual(to: string, subject: { en: string; ru: string }, en: string[], ru: string[]): MailMessage {
  return {
    to,
    subject: `${subject.en} · ${subject.ru} · ${BRAND.en}`,
    text: [...en, '', BRAND.en, '', '—', '', ...ru, '', BRAND.ru].join('\n'),
  };
}

const ROLE_NAMES_RU: Record<OperatorRole, string> = { admin: 'администратор', compliance: 'комплаенс', payments: 'платежи' };

/** Why a link is mailed: a first invitation, an approved authenticator reset, or a return after deactivation. */
export type EnrolmentOccasion = 'invited' | 'reset' | 'reactivated';

export function enrolmentMail(to: string, name: string, link: string, occasion: EnrolmentOccasion): MailMessage {
  const lead = {
    invited: {
      en: `You have been given access to the ${BRAND.en} back office.`,
      ru: `Вам предоставлен доступ к бэк-офису банка «${BRAND.ru}».`,
    },
    reset: {
      en: 'Your back-office authenticator was reset, and your old password no longer works.',
      ru: 'Ваш аутентификатор для входа в бэк-офис сброшен, прежний пароль больше не действует.',
    },
    reactivated: {
      en: 'Your access to the back office was restored.',
      ru: 'Ваш доступ к бэк-офису восстановлен.',
    },
  }[occasion];
  return bilingual(
    to,
    { en: 'Set up your back-office sign-in', ru: 'Настройка входа в бэк-офис' },
    [
      `Hello ${name},`,
      '',
      lead.en,
      'To choose your password and add the back office to your authenticator app, open this link:',
      '',
      link,
      '',
      `The link is valid for ${ENROLMENT_LINK_HOURS} hours and works once.`,
      'Nobody at the bank will ever ask you for your password or your authenticator codes.',
      'If you did not expect this e-mail, tell the bank’s information security team and do not open the link.',
    ],
    [
      `Здравствуйте, ${name}!`,
      '',
      lead.ru,
      'Чтобы задать пароль и подключить приложение-аутентификатор, перейдите по ссылке:',
      '',
      link,
      '',
      `Ссылка действительна ${ENROLMENT_LINK_HOURS} часа и может быть использована один раз.`,
      'Никто из сотрудников банка не вправе запрашивать ваш пароль или коды из приложения-аутентификатора.',
      'Если вы не ожидали этого письма, не переходите по ссылке и сообщите в службу информационной безопасности банка.',
    ],
  );
}


/** To every active admin when an operator is created from the server's command line past them. */
export function breakGlassMail(to: string, created: { email: string; name: string; roles: readonly OperatorRole[] }): MailMessage {
  return bilingual(
    to,
    { en: 'An operator was created on the server', ru: 'На сервере создан сотрудник' },
    [
      'Hello,',
      '',
      `The operator ${created.name} <${created.email}> (${created.roles.join(', ')}) was created from the server’s command line with --break-glass, without an admin’s invitation.`,
      'This is recorded in the audit trail. If it was not agreed, deactivate the operator at once and tell the bank’s information security team.',
    ],
    [
      'Здравствуйте!',
      '',
      `Сотрудник ${created.name} <${created.email}> (${created.roles.map((role) => ROLE_NAMES_RU[role]).join(', ')}) создан из командной строки сервера с ключом --break-glass, без приглашения администратора.`,
      'Действие записано в журнал аудита. Если оно не было согласовано, немедленно заблокируйте этого сотрудника и сообщите в службу информационной безопасности банка.',
    ],
  );
}

export function operatorPasswordChangedMail(to: string): MailMessage {
  return bilingual(
    to,
    { en: 'Your back-office password was changed', ru: 'Пароль для входа в бэк-офис изменён' },
    [
      'Hello,',
      '',
      'The password you sign in to the back office with was just changed, and your other sessions were ended.',
      'If it was not you, tell an admin and the bank’s information security team at once.',
    ],
    [
      'Здравствуйте!',
      '',
      'Пароль для входа в бэк-офис только что изменён, все остальные ваши сеансы завершены.',
      'Если это сделали не вы, немедленно сообщите администратору и в службу информационной безопасности банка.',
    ],
  );
}
