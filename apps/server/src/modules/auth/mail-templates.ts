import { LOGIN_CODE_TTL_SECONDS } from '@bank/contracts/auth/codes';
import type { Language } from '@bank/contracts/auth/fields';
import { PASSWORD_RESET_TTL_MINUTES } from '@bank/contracts/users/password-refresh';
import type { FastifyRequest } from 'fastify';
import type { MailMessage } from '../mail/mailer';
import { deviceLine, type DeviceDescription } from './device-description';

/**
 * The identity mails, in the reader's language: the one the web app sends with the request, else
 * the browser's Accept-Language, else English.
 */
export function mailLanguage(request: FastifyRequest, chosen: Language | undefined): Language {
  if (chosen) return chosen;
  const header = request.headers['accept-language'];
  return typeof header === 'string' && /^\s*ru\b/i.test(header) ? 'ru' : 'en';
}

/** The bank's name as mails sign it. */
export const BRAND = { en: 'Meridian Bank', ru: 'Меридиан Банк' } as const;
const CODE_MINUTES = LOGIN_CODE_TTL_SECONDS / 60;

export function codeMail(to: string, code: string, purpose: 'login' | 'registration', language: Language): MailMessage {
  if (language === 'ru') {
    const subject = purpose === 'registration' ? 'Подтверждение адреса электронной почты' : 'Код для входа в интернет-банк';
    const lead =
      purpose === 'registration'
        ? 'Чтобы завершить регистрацию, введите на сайте код подтверждения:'
        : 'Для входа в интернет-банк введите код подтверждения:';
    return {
      to,
      subject: `${subject} · ${BRAND.ru}`,
      text: [
        'Здравствуйте!',
        '',
        lead,
        '',
        `    ${code}`,
        '',
        `Код действует ${CODE_MINUTES} минуты и может быть использован один раз.`,
        'Если вы не запрашивали код, просто проигнорируйте это письмо и никому не сообщайте код: сотрудники банка никогда его не спрашивают.',
        '',
        BRAND.ru,
      ].join('\n'),
    };
  }
  const subject = purpose === 'registration' ? 'Confirm your e-mail address' : 'Your sign-in code';
  const lead =
    purpose === 'registration' ? 'To finish opening your account, enter this confirmation code:' : 'To sign in to online banking, enter this code:';
  return {
    to,
    subject: `${subject} · ${BRAND.en}`,
    text: [
      'Hello,',
      '',
      lead,
      '',
      `    ${code}`,
      '',
      `The code is valid for ${CODE_MINUTES} minutes and works once.`,
      'If you did not ask for it, ignore this e-mail and never share the code: the bank will never ask you for it.',
      '',
      BRAND.en,
    ].join('\n'),
  };
}

export function resetMail(to: string, link: string, language: Language): MailMessage {
  if (language === 'ru') {
    return {
      to,
      subject: `Восстановление пароля · ${BRAND.ru}`,
      text: [
        'Здравствуйте!',
        '',
        'Мы получили запрос на восстановление пароля к интернет-банку. Чтобы задать новый пароль, перейдите по ссылке:',
        '',
        link,
        '',
        `Ссылка действует ${PASSWORD_RESET_TTL_MINUTES} минут и может быть использована один раз.`,
        'Если вы не запрашивали восстановление, проигнорируйте это письмо: ваш пароль останется прежним.',
        '',
        BRAND.ru,
      ].join('\n'),
    };
  }
  return {
    to,
    subject: `Reset your password · ${BRAND.en}`,
    text: [
      'Hello,',
      '',
      'We received a request to reset your online banking password. To choose a new one, open this link:',
      '',
      link,
      '',
      `The link is valid for ${PASSWORD_RESET_TTL_MINUTES} minutes and works once.`,
      'If you did not ask for it, ignore this e-mail: your password stays as it is.',
      '',
      BRAND.en,
    ].join('\n'),
  };
}

export function passwordChangedMail(to: string, language: Language): MailMessage {
  if (language === 'ru') {
    return {
      to,
      subject: `Пароль изменён · ${BRAND.ru}`,
      text: [
        'Здравствуйте!',
        '',
        'Пароль к вашему интернет-банку только что был изменён.',
        'Если это сделали не вы, немедленно восстановите пароль на странице входа и свяжитесь с банком.',
        '',
        BRAND.ru,
      ].join('\n'),
    };
  }
  return {
    to,
    subject: `Your password was changed · ${BRAND.en}`,
    text: [
      'Hello,',
      '',
      'The password of your online banking was just changed.',
      'If it was not you, reset your password from the sign-in page at once and contact the bank.',
      '',
      BRAND.en,
    ].join('\n'),
  };
}

/** What a new-device alert says about the sign-in. */
export interface SignInAlert {
  at: Date;
  device: DeviceDescription;
  ip: string;
  /** The cabinet's sessions list, where the client can end the session. */
  sessionsLink: string;
}

/** The moment in the reader's language, in UTC said outright: the server cannot know their zone. */
function alertTime(at: Date, language: Language): string {
  const formatted = new Intl.DateTimeFormat(language === 'ru' ? 'ru-RU' : 'en-GB', {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: 'UTC',
  }).format(at);
  return `${formatted} UTC`;
}

export function newDeviceMail(to: string, alert: SignInAlert, language: Language): MailMessage {
  if (language === 'ru') {
    return {
      to,
      subject: `Вход в интернет-банк с нового устройства · ${BRAND.ru}`,
      text: [
        'Здравствуйте!',
        '',
        'В ваш интернет-банк только что выполнен вход с устройства, с которого вы раньше не входили.',
        '',
        `Время: ${alertTime(alert.at, 'ru')}`,
        `Устройство: ${deviceLine(alert.device, 'не удалось определить', 'на')}`,
        `IP-адрес: ${alert.ip}`,
        '',
        'Если это были вы, ничего делать не нужно.',
        'Если нет, завершите этот сеанс в разделе «Сеансы и устройства», смените пароль и свяжитесь с банком:',
        '',
        alert.sessionsLink,
        '',
        BRAND.ru,
      ].join('\n'),
    };
  }
  return {
    to,
    subject: `New sign-in from a new device · ${BRAND.en}`,
    text: [
      'Hello,',
      '',
      'Someone just signed in to your online banking from a device you have not used before.',
      '',
      `Time: ${alertTime(alert.at, 'en')}`,
      `Device: ${deviceLine(alert.device, 'unknown', 'on')}`,
      `IP address: ${alert.ip}`,
      '',
      'If it was you, there is nothing to do.',
      'If it was not, end that session under "Sessions and devices", change your password and contact the bank:',
      '',
      alert.sessionsLink,
      '',
      BRAND.en,
    ].join('\n'),
  };
}

/**
 * A passkey added to or removed from the client's online banking: a passkey signs in on its own,
 * so the client hears of every one, and can remove one they did not add.
 */
export function passkeyChangedMail(to: string, change: 'added' | 'removed', name: string, language: Language): MailMessage {
  if (language === 'ru') {
    const what = change === 'added' ? 'добавлен ключ доступа' : 'удалён ключ доступа';
    return {
      to,
      subject: `${change === 'added' ? 'Добавлен ключ доступа' : 'Удалён ключ доступа'} · ${BRAND.ru}`,
      text: [
        'Здравствуйте!',
        '',
        `В вашем интернет-банке ${what} «${name}».`,
        change === 'added'
          ? 'С этим ключом в интернет-банк можно войти без пароля и кода. Если ключ добавили не вы, удалите его в настройках, смените пароль и свяжитесь с банком.'
          : 'Если это сделали не вы, смените пароль и свяжитесь с банком.',
        '',
        BRAND.ru,
      ].join('\n'),
    };
  }
  return {
    to,
    subject: `${change === 'added' ? 'A passkey was added' : 'A passkey was removed'} · ${BRAND.en}`,
    text: [
      'Hello,',
      '',
      `The passkey "${name}" was just ${change} ${change === 'added' ? 'to' : 'from'} your online banking.`,
      change === 'added'
        ? 'It signs in without the password or a code. If you did not add it, remove it in the settings, change your password and contact the bank.'
        : 'If it was not you, change your password and contact the bank.',
      '',
      BRAND.en,
    ].join('\n'),
  };
}
