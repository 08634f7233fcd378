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

/** What a lock alert tells the client (auth/lockouts.ts). */
export interface SignInLockAlert {
  /** Paused: sign-ins from one address, from devices new to the account, or from one known device. */
  scope: 'address' | 'new-devices' | 'device';
  /** The address of the failure that started the lock. */
  ip: string;
  minutes: number;
  /** The failures came after the right password (wrong codes): someone may know it. */
  passwordWasRight: boolean;
}

/** "на N минут" in the accusative that follows "на". */
function minutesRu(minutes: number): string {
  const lastTwo = minutes % 100;
  const last = minutes % 10;
  if (last === 1 && lastTwo !== 11) return `${minutes} минуту`;
  if (last >= 2 && last <= 4 && (lastTwo < 12 || lastTwo > 14)) return `${minutes} минуты`;
  return `${minutes} минут`;
}

/**
 * Sign-ins to the client's online banking were paused after too many failures: mailed once per
 * lock, saying what is paused, what still works, and whether the password was right.
 */
export function signInLockedMail(to: string, alert: SignInLockAlert, language: Language): MailMessage {
  if (language === 'ru') {
    const what = {
      address: `После слишком большого числа неверных паролей или кодов с IP-адреса ${alert.ip} вход в ваш интернет-банк с этого адреса приостановлен на ${minutesRu(alert.minutes)}.`,
      'new-devices': `После слишком большого числа неверных паролей или кодов с разных адресов вход в ваш интернет-банк с устройств, с которых вы раньше не входили, приостановлен на ${minutesRu(alert.minutes)}.`,
      device: `После слишком большого числа неверных паролей или кодов на устройстве, с которого вы уже входили (IP-адрес ${alert.ip}), вход с этого устройства приостановлен на ${minutesRu(alert.minutes)}.`,
    }[alert.scope];
    const stillWorks = {
      address: 'Вход с других адресов, с устройства, с которого вы уже входили, и по ключу доступа работает как обычно.',
      'new-devices': 'Вход с устройства, с которого вы уже входили, и по ключу доступа работает как обычно.',
      device: 'Вход с других ваших устройств и по ключу доступа работает как обычно.',
    }[alert.scope];
    return {
      to,
      subject: `Вход в интернет-банк приостановлен · ${BRAND.ru}`,
      text: [
        'Здравствуйте!',
        '',
        what,
        stillWorks,
        '',
        alert.passwordWasRight
          ? 'При этих попытках пароль был указан верно, а код — нет. Если это были не вы, ваш пароль кому-то известен: немедленно смените его (или восстановите на странице входа) и свяжитесь с банком.'
          : 'Если это были не вы, войти никому не удалось. Если вы используете этот пароль где-то ещё, смените его.',
        'Если это были вы, подождите указанное время или восстановите пароль на странице входа.',
        '',
        BRAND.ru,
      ].join('\n'),
    };
  }
  const what = {
    address: `After too many wrong passwords or codes from the IP address ${alert.ip}, sign-ins to your online banking from that address are paused for ${alert.minutes} minutes.`,
    'new-devices': `After too many wrong passwords or codes from many addresses, sign-ins to your online banking from devices you have not signed in from before are paused for ${alert.minutes} minutes.`,
    device: `After too many wrong passwords or codes on a device you have signed in from before (IP address ${alert.ip}), sign-ins from that device are paused for ${alert.minutes} minutes.`,
  }[alert.scope];
  const stillWorks = {
    address: 'Sign-ins from other addresses, from a device you have signed in from before, and with a passkey work as usual.',
    'new-devices': 'Sign-ins from a device you have signed in from before, and with a passkey, work as usual.',
    device: 'Sign-ins from your other devices, and with a passkey, work as usual.',
  }[alert.scope];
  return {
    to,
    subject: `Sign-ins to your online banking paused · ${BRAND.en}`,
    text: [
      'Hello,',
      '',
      what,
      stillWorks,
      '',
      alert.passwordWasRight
        ? 'These attempts had your password right but not the code. If they were not yours, someone knows your password: change it at once (or reset it from the sign-in page) and contact the bank.'
        : 'If these attempts were not yours, nobody got in. If you use this password anywhere else, change it.',
      'If it was you, wait until then, or reset your password from the sign-in page.',
      '',
      BRAND.en,
    ].join('\n'),
  };
}
