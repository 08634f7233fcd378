import type { Language } from '@bank/contracts/auth/fields';
import { describe, expect, it } from 'vitest';
import type { MailMessage } from '../../lib/mailer';
import { composeMail, type MailKey, type MailLanguage, type MailVariables } from './compose';
import expected from './compose.fixtures.json';
import en from './locales/en.json';
import ru from './locales/ru.json';

/*
 * compose.fixtures.json holds, for every case below, the mail as the server wrote it before its
 * texts moved into the catalogs, when each mail was written out in code: every mail must come out
 * of the catalogs to the byte. The exceptions are the Russian contact-form mail, which the bank
 * does not send (the contact address reads English) and which has no earlier text, and the notice
 * of an operator created on the server (createdOnServer), whose text changed since with what the
 * command does (docs/operations.md).
 */

const LANGUAGES = ['en', 'ru'] as const;
const CATALOGS: Record<Language, object> = { en, ru };
const to = 'client@example.com';
const cabinetUrl = 'https://bank.example/kabinet';
/** A value holding what the catalogs' syntax and a string replacement would read: it must arrive as it is. */
const TRICKY = 'Ключ "рабочий" {{code}} $t(brand) $& $1 {{- name}}';

/** One mail to render: which key, in which language. */
interface Case {
  key: MailKey;
  language: MailLanguage;
  render: () => MailMessage;
}

function mail<Key extends MailKey>(key: Key, language: MailLanguage, variables: MailVariables[Key], recipient: string): Case {
  return { key, language, render: () => composeMail(key, language, variables, recipient) };
}

function clientCases(language: Language): Record<string, Case> {
  const cases: Record<string, Case> = {
    'code.login': mail('signInCode', language, { code: '482913', minutes: 2 }, to),
    'code.registration': mail('registrationCode', language, { code: '007311', minutes: 2 }, to),
    reset: mail('passwordReset', language, { link: 'https://bank.example/reset-password?token=a$1b{{c}}', minutes: 30 }, to),
    passwordChanged: mail('passwordChanged', language, {}, to),
    'kyc.approved': mail('kycApproved', language, { cabinetUrl }, to),
    'kyc.rejected': mail('kycRejected', language, { reason: 'The passport scan is unreadable', cabinetUrl }, to),
    'kyc.rejected.noReason': mail('kycRejected', language, { reason: '—', cabinetUrl }, to),
    'kyc.rejected.tricky': mail('kycRejected', language, { reason: TRICKY, cabinetUrl }, to),
    'order.withdrawn': mail('orderWithdrawn', language, { transactionNumber: 'TR-77', amount: '1000.00', currency: 'EUR', fee: '15.00', feeCurrency: 'EUR', cabinetUrl }, to),
  };
  const devices = { both: ['Chrome 131', 'Windows 10'], browser: ['Firefox 133', null], os: [null, 'iOS 18'], none: [null, null] } as const;
  for (const [name, [browser, os]] of Object.entries(devices)) {
    cases[`newDevice.${name}`] = mail('newDevice', language, { at: new Date('2026-11-21T09:05:33Z'), device: { browser, os }, ip: '203.0.113.7', sessionsLink: `${cabinetUrl}#sessions` }, to);
  }
  cases['newDevice.midnight'] = mail('newDevice', language, { at: new Date('2027-01-01T00:00:00Z'), device: { browser: 'Chrome 131', os: 'Windows 10' }, ip: '2001:db8::1', sessionsLink: `${cabinetUrl}#sessions` }, to);
  for (const [change, key] of [['added', 'passkeyAdded'], ['removed', 'passkeyRemoved']] as const) {
    cases[`passkey.${change}`] = mail(key, language, { name: 'MacBook Touch ID' }, to);
    cases[`passkey.${change}.tricky`] = mail(key, language, { name: TRICKY }, to);
  }
  for (const scope of ['address', 'new-devices', 'device'] as const) {
    for (const password of ['wrong', 'right'] as const) {
      cases[`signInLocked.${scope}.${password}`] = mail('signInLocked', language, { scope, ip: '198.51.100.23', minutes: 15, password }, to);
    }
  }
  // The plural forms: Russian has one for 1, 21, another for 2, 22, and a third for 5, 11, 112.
  for (const minutes of [1, 2, 5, 11, 21, 22, 112]) {
    cases[`signInLocked.minutes${minutes}`] = mail('signInLocked', language, { scope: 'address', ip: '198.51.100.23', minutes, password: 'wrong' }, to);
  }
  const scheduled = { transactionNumber: 'TR-2026-000123', amount: '1 250.00', currency: 'EUR', date: '2026-11-21', recipient: 'ООО «Ромашка»', cabinetUrl };
  for (const reason of ['insufficientFunds', 'accountUnavailable', 'refused'] as const) {
    cases[`scheduled.${reason}`] = mail('scheduledTransferFailed', language, { ...scheduled, reason }, to);
  }
  cases['scheduled.tricky'] = mail('scheduledTransferFailed', language, { transactionNumber: '42', amount: '0.01', currency: 'USD', date: '2027-01-05', recipient: TRICKY, reason: 'refused', cabinetUrl }, to);
  for (const bankingDays of [0, 1, 2, 5, 11, 21]) {
    cases[`order.expired.days${bankingDays}`] = mail('orderExpired', language, { transactionNumber: 'TR-78', amount: '99.50', currency: 'USD', bankingDays, cabinetUrl }, to);
  }
  return cases;
}

function contactCases(language: Language): Record<string, Case> {
  const form = { name: 'Jane Doe', email: 'jane@example.com', phone: '+44 20 7946 0958', received: '2026-03-04T05:06:07.089Z', reference: '0d4c7f3e-2a1b-4c5d-9e8f-001122334455' };
  return {
    'contact.message': mail('contactForm', language, { ...form, kind: 'message', message: 'Please call me.\nTomorrow, after 10.' }, 'contact@bank.example'),
    'contact.empty': mail('contactForm', language, { ...form, kind: 'callBack', message: '' }, 'contact@bank.example'),
    'contact.tricky': mail('contactForm', language, { ...form, name: TRICKY, email: '{{name}}@example.com', phone: '$t(brand)', reference: 'id-1', kind: 'message', message: TRICKY }, 'contact@bank.example'),
  };
}

/** The back office's mails, each in English and then in Russian. */
function operatorCases(): Record<string, Case> {
  const operator = 'op@bank.example';
  const cases: Record<string, Case> = {
    'operatorLocked.minutes1': mail('operatorSignInLocked', 'both', { scope: 'address', ip: '192.0.2.44', minutes: 1, days: 30, password: 'wrong' }, operator),
    'enrolment.tricky': mail('operatorEnrolment', 'both', { name: TRICKY, link: 'https://bank.example/backoffice/enrol#x', hours: 24, occasion: 'invited' }, operator),
    'createdOnServer.one': mail('operatorCreatedOnServer', 'both', { name: 'Ivan Ivanov', email: 'new@bank.example', roles: ['admin'] }, 'admin@bank.example'),
    'createdOnServer.all': mail('operatorCreatedOnServer', 'both', { name: 'Ivan Ivanov', email: 'new@bank.example', roles: ['admin', 'compliance', 'payments'] }, 'admin@bank.example'),
    'createdOnServer.none': mail('operatorCreatedOnServer', 'both', { name: TRICKY, email: 'new@bank.example', roles: [] }, 'admin@bank.example'),
    operatorPasswordChanged: mail('operatorPasswordChanged', 'both', {}, operator),
  };
  for (const scope of ['address', 'new-addresses'] as const) {
    for (const password of ['wrong', 'right'] as const) {
      cases[`operatorLocked.${scope}.${password}`] = mail('operatorSignInLocked', 'both', { scope, ip: '192.0.2.44', minutes: 15, days: 30, password }, operator);
    }
  }
  for (const occasion of ['invited', 'reset', 'reactivated'] as const) {
    cases[`enrolment.${occasion}`] = mail('operatorEnrolment', 'both', { name: 'Анна Петрова', link: 'https://bank.example/backoffice/enrol#t0k3n', hours: 24, occasion }, operator);
  }
  return cases;
}

const cases: Record<string, Case> = Object.fromEntries([
  ...LANGUAGES.flatMap((language) => Object.entries({ ...clientCases(language), ...contactCases(language) }).map(([name, mail]) => [`${name}.${language}`, mail] as const)),
  ...Object.entries(operatorCases()),
]);

describe('the mails of the catalogs', () => {
  it.each(Object.keys(cases))('%s comes out as the server wrote it before the catalogs', (name) => {
    const { kind: _kind, ...rendered } = cases[name]!.render();
    expect(rendered).toEqual((expected as Record<string, MailMessage>)[name]);
  });

  it('mark the sign-in code, the registration code and the reset link as codes, to go before every notice', () => {
    const kinds = Object.fromEntries(Object.values(cases).map((one) => [one.key, one.render().kind ?? 'notice']));
    const codes = Object.entries(kinds).filter(([, kind]) => kind === 'code').map(([key]) => key);
    expect(codes.sort()).toEqual(['passwordReset', 'registrationCode', 'signInCode']);
    expect(Object.values(kinds).every((kind) => kind === 'code' || kind === 'notice')).toBe(true);
  });

  it('are every case of the fixtures, and render every mail of the catalogs in both languages', () => {
    expect(Object.keys(cases).sort()).toEqual(Object.keys(expected).sort());
    const rendered = (language: Language) => new Set(Object.values(cases).flatMap((one) => (one.language === language || one.language === 'both' ? [one.key] : [])));
    for (const language of LANGUAGES) expect([...rendered(language)].sort()).toEqual(mailKeys(language).sort());
  });

  it('fail rather than send a text with a variable left out', () => {
    expect(() => composeMail('passwordReset', 'en', { link: 'https://bank.example/reset' } as never, to)).toThrow('{{minutes}}');
  });
});

/** Every text of a catalog under its dotted key, the lines of a text joined. */
function leaves(catalog: object, prefix = ''): Map<string, string> {
  const found = new Map<string, string>();
  for (const [name, value] of Object.entries(catalog)) {
    const key = `${prefix}${name}`;
    if (typeof value === 'string') found.set(key, value);
    else if (Array.isArray(value)) found.set(key, value.join('\n'));
    else for (const [inner, text] of leaves(value as object, `${key}.`)) found.set(inner, text);
  }
  return found;
}

/** The mails of a catalog: the entries with a subject. */
function mailKeys(language: Language): MailKey[] {
  return [...leaves(CATALOGS[language]).keys()].filter((key) => key.endsWith('.subject')).map((key) => key.slice(0, -'.subject'.length) as MailKey);
}

/** A plural form's key stands for its text as a whole: "minutes_few" for "minutes". */
const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

/** The variables a text uses ({{name}} or {{name, format}}) and the texts it nests ($t(key…)), as they are written. */
function references(text: string): string[] {
  const variables = [...text.matchAll(/\{\{\s*([\w.]+)/g)].map((match) => `{{${match[1]}}}`);
  const nested = [...text.matchAll(/\$t\(([^,)]+)/g)].map((match) => `$t(${match[1]})`);
  return [...variables, ...nested];
}

/** For each text of a catalog, plural forms taken together: what it uses, and the plural forms it has. */
function texts(language: Language): Map<string, { references: Set<string>; forms: Set<string> }> {
  const found = new Map<string, { references: Set<string>; forms: Set<string> }>();
  for (const [key, text] of leaves(CATALOGS[language])) {
    const base = key.replace(PLURAL_SUFFIX, '');
    const entry = found.get(base) ?? { references: new Set<string>(), forms: new Set<string>() };
    for (const reference of references(text)) entry.references.add(reference);
    if (base !== key) entry.forms.add(PLURAL_SUFFIX.exec(key)![1]!);
    found.set(base, entry);
  }
  return found;
}

describe('the catalogs', () => {
  const english = texts('en');
  const russian = texts('ru');

  it('have the same keys in English and Russian', () => {
    expect([...russian.keys()].sort()).toEqual([...english.keys()].sort());
  });

  it('have the same variables and nested texts in each text in both languages', () => {
    for (const [key, { references: used }] of english) {
      expect({ key, references: [...(russian.get(key)?.references ?? [])].sort() }).toEqual({ key, references: [...used].sort() });
    }
  });

  it('write a counted text in every plural form of its language, or in one form for all', () => {
    for (const [language, catalog] of [['en-GB', english], ['ru-RU', russian]] as const) {
      const categories = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
      for (const [key, { forms }] of catalog) {
        if (forms.size > 0) expect({ key, forms: [...forms].sort() }).toEqual({ key, forms: [...categories].sort() });
      }
    }
  });

  it('give every mail a subject and a text', () => {
    for (const language of LANGUAGES) {
      const keys = leaves(CATALOGS[language]);
      for (const mail of mailKeys(language)) expect(keys.has(`${mail}.text`), `${language} ${mail}`).toBe(true);
    }
  });

  it('hold no character that rendering reserves: no stand-in, and no dollar sign but that of a nested text', () => {
    for (const language of LANGUAGES) {
      for (const [key, text] of leaves(CATALOGS[language])) expect(text.replace(/\$t\(/g, ''), `${language} ${key}`).not.toMatch(/[\uE000$]/);
    }
  });
});
