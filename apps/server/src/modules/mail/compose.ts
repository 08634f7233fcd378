import type { ScheduledFailureReason } from '@bank/contracts';
import type { Language } from '@bank/contracts/auth/fields';
import type { OperatorRole } from '@bank/contracts/backoffice/roles';
import i18next from 'i18next';
import type { MailMessage } from '../../lib/mailer';
import en from './locales/en.json';
import ru from './locales/ru.json';

/**
 * Every mail the server sends is a key of the message catalogs (locales/en.json and ru.json) and
 * its variables. A mail's entry holds its subject and its text, the text as a list of lines; the
 * parts that differ by case are entries of their own, named by the case after an underscore and
 * chosen inside the text with $t(…_{{case}}), and a count is written in its language's plural forms.
 * composeMail adds the bank's name, {{brand}}, to every mail's variables.
 */
export interface MailVariables {
  signInCode: { code: string; minutes: number };
  registrationCode: { code: string; minutes: number };
  passwordReset: { link: string; minutes: number };
  passwordChanged: Record<string, never>;
  newDevice: { at: Date; device: DeviceNames; ip: string; sessionsLink: string };
  passkeyAdded: { name: string };
  passkeyRemoved: { name: string };
  signInLocked: { scope: 'address' | 'new-devices' | 'device'; ip: string; minutes: number; password: PasswordWas };
  kycApproved: { cabinetUrl: string };
  kycRejected: { reason: string; cabinetUrl: string };
  /** The amount as the client reads it; the date the bank's day it was due, YYYY-MM-DD. */
  scheduledTransferFailed: { transactionNumber: string; amount: string; currency: string; recipient: string; date: string; reason: ScheduledFailureReason; cabinetUrl: string };
  orderWithdrawn: { transactionNumber: string; amount: string; currency: string; fee: string; feeCurrency: string; cabinetUrl: string };
  orderExpired: { transactionNumber: string; amount: string; currency: string; bankingDays: number; cabinetUrl: string };
  /** A message from the website's contact form, or a request to be called back when it has no text. */
  contactForm: { name: string; email: string; phone: string; received: string; reference: string; kind: 'message' | 'callBack'; message: string };
  operatorSignInLocked: { scope: 'address' | 'new-addresses'; ip: string; minutes: number; days: number; password: PasswordWas };
  operatorEnrolment: { name: string; link: string; hours: number; occasion: 'invited' | 'reset' | 'reactivated' };
  operatorCreatedOnServer: { name: string; email: string; roles: readonly OperatorRole[] };
  operatorPasswordChanged: Record<string, never>;
}

export type MailKey = keyof MailVariables;

/** A device as a sign-in alert names it: its browser and its system, each when it is known. */
export interface DeviceNames {
  browser: string | null;
  os: string | null;
}

/** Whether the failed attempts behind a lock had the right password (and wrong codes). */
type PasswordWas = 'right' | 'wrong';

/**
 * Who reads a mail: a client, in their language, or operators, who have no language of their own
 * and read every back-office mail in English and then in Russian.
 */
export type MailLanguage = Language | 'both';

/** Each catalog holds the bank's name and every mail, with its subject and its text. */
const CATALOGS: Record<Language, { brand: string } & Record<MailKey, { subject: string; text: readonly string[] }>> = { en, ru };

/** The bank's name as mails sign it. */
export const BRAND: Readonly<Record<Language, string>> = { en: CATALOGS.en.brand, ru: CATALOGS.ru.brand };

/** The locale each language's mails are written in: it sets how dates read (a British date in English) and the plural forms. */
const LOCALES: Record<Language, string> = { en: 'en-GB', ru: 'ru-RU' };

/*
 * A value goes into a mail exactly as it was given, whatever it holds: mails are plain text, so
 * nothing is escaped for HTML. But i18next looks for variables ({{…}}) and nested texts ($t(…)) in
 * a text after the values are in, so a value holding either (a passkey's name, a message from the
 * contact form) would pull in another text or break the mail. While a mail is rendered, each
 * value's opening braces and dollar signs, and the stand-in character itself, are written as the
 * stand-in and a digit; the rendered mail is read back to the characters given. The catalogs never
 * hold the stand-in (compose.test.ts).
 */
const STAND_IN = '\uE000';
const SHIELDED: Readonly<Record<string, string>> = { [STAND_IN]: `${STAND_IN}0`, '{': `${STAND_IN}1`, $: `${STAND_IN}2` };
const UNSHIELDED: Readonly<Record<string, string>> = Object.fromEntries(Object.entries(SHIELDED).map(([given, shielded]) => [shielded, given]));
const shield = (value: string) => value.replace(/[\uE000{$]/g, (character) => SHIELDED[character]!);
const unshield = (text: string) => text.replace(/\uE000[0-2]/g, (shielded) => UNSHIELDED[shielded]!);

const catalogs = i18next.createInstance();
void catalogs.init({
  resources: { [LOCALES.en]: { translation: CATALOGS.en }, [LOCALES.ru]: { translation: CATALOGS.ru } },
  lng: LOCALES.en,
  fallbackLng: false,
  initAsync: false,
  showSupportNotice: false,
  joinArrays: '\n',
  // A text or a variable the catalog lacks fails the mail rather than sending its key or braces.
  saveMissing: true,
  missingKeyHandler: (_languages, _namespace, key) => {
    throw new Error(`The mail catalogs have no text ${key}`);
  },
  missingInterpolationHandler: (text, match: RegExpExecArray) => {
    throw new Error(`No value for ${match[0]} in the mail text ${JSON.stringify(text)}`);
  },
  interpolation: { escapeValue: true, escape: shield },
});

/** A word of the catalog as it stands, for a formatter: the formatter's result is shielded as a whole. */
const word = (locale: string, key: string) => String(catalogs.getResource(locale, 'translation', key));

/** "Chrome 131 on Windows 10", or what is known of it. */
catalogs.services.formatter!.add('deviceLine', (device: DeviceNames, locale) => {
  const parts = [device.browser, device.os].filter((part): part is string => Boolean(part));
  return parts.length === 0 ? word(locale!, 'device.unknown') : parts.join(` ${word(locale!, 'device.on')} `);
});
/** Operators' roles by their names in the mail's language. */
catalogs.services.formatter!.add('roleNames', (roles: readonly OperatorRole[], locale) => roles.map((role) => word(locale!, `role.${role}`)).join(', '));
/** A day given as YYYY-MM-DD, written as DD.MM.YYYY. */
catalogs.services.formatter!.add('dayMonthYear', (day: string) => day.split('-').reverse().join('.'));

function render(key: MailKey, language: Language, variables: object): { subject: string; text: string } {
  // A fresh object for each text: i18next writes into the options it is given.
  const options = () => ({ ...variables, brand: BRAND[language], lng: LOCALES[language] });
  return { subject: unshield(catalogs.t(`${key}.subject`, options())), text: unshield(catalogs.t(`${key}.text`, options())) };
}

/**
 * The mails whose reader is waiting for what they carry, a code or a link that soon expires: they go
 * before the notices (docs/time.md#mail-through-an-outbox). Every other mail is a notice.
 */
const CODE_MAILS: ReadonlySet<MailKey> = new Set<MailKey>(['signInCode', 'registrationCode', 'passwordReset']);

/**
 * The mail of `key` to `to`, in the reader's language. A mail for operators carries the English
 * mail, then the Russian one, under both subjects and the bank's name.
 */
export function composeMail<Key extends MailKey>(key: Key, language: MailLanguage, variables: WithoutOptionNames<MailVariables>[Key], to: string): MailMessage {
  const kind = CODE_MAILS.has(key) ? { kind: 'code' as const } : {};
  if (language !== 'both') return { to, ...render(key, language, variables), ...kind };
  const english = render(key, 'en', variables);
  const russian = render(key, 'ru', variables);
  return { to, subject: [english.subject, russian.subject, BRAND.en].join(' · '), text: [english.text, '—', russian.text].join('\n\n'), ...kind };
}

/**
 * Variables share i18next's options object, so none may take the name of one of its options;
 * composeMail gives `brand` itself.
 */
type OptionName = 'brand' | 'count' | 'context' | 'lng' | 'lngs' | 'ns' | 'replace' | 'defaultValue' | 'ordinal' | 'nest' | 'interpolation' | 'joinArrays' | 'returnObjects';
type WithoutOptionNames<Variables extends { [Key in MailKey]: { [Name in OptionName]?: never } & Record<string, unknown> }> = Variables;
