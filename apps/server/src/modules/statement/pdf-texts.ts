import {
  BANK_PURPOSES,
  bankPurposeOf,
  TRANSACTION_STATUSES,
  TRANSACTION_TYPES,
  type BankPurpose,
  type Direction,
  type StatementLanguage,
  type TransactionStatus,
  type TransactionType,
} from '@bank/contracts';
import { BRAND } from '../mail';

/**
 * The words of the PDF statement in each language. The bank's facts (licence, company number,
 * head office) are the ones the public pages' footer states; type, status and direction read as
 * the statement screen shows them.
 */
export interface PdfTexts {
  bank: string;
  requisites: string;
  title: string;
  holder: string;
  clientNumber: string;
  address: string;
  account: string;
  currency: string;
  period: string;
  allTime: string;
  from: string;
  to: string;
  issued: string;
  balances: string;
  opening: string;
  credit: string;
  debit: string;
  closing: string;
  noRows: string;
  rowsTotal: (rows: number) => string;
  endOfStatement: string;
  verificationCode: string;
  verifyAt: (url: string) => string;
  signedBy: (keyId: string) => string;
  page: (page: number) => string;
  types: Readonly<Record<TransactionType, string>>;
  statuses: Readonly<Record<TransactionStatus, string>>;
  directions: Readonly<Record<Direction, string>>;
  /** The bank's own rows (fees, deposit movements), stored with their English name as their purpose. */
  bankPurposes: Readonly<Record<BankPurpose, string>>;
}

/** Names that read in English as they are written: each type and status is its own English name. */
function namedAsThemselves<Name extends string>(names: readonly Name[]): Readonly<Record<Name, string>> {
  return Object.fromEntries(names.map((name): [Name, string] => [name, name])) as Record<Name, string>;
}

export const PDF_TEXTS: Readonly<Record<StatementLanguage, PdfTexts>> = {
  en: {
    bank: BRAND.en,
    requisites:
      'Meridian Bank Ltd, company No. 15612. International banking licence No. IBL-2022-0147 issued by the Offshore Financial Services ' +
      'Authority of the Union of the Comoros. Head office: 14 Hamchako Street, Mutsamudu, Anjouan, Union of the Comoros.',
    title: 'Account statement',
    holder: 'Account holder',
    clientNumber: 'Client number',
    address: 'Address',
    account: 'Account',
    currency: 'Currency',
    period: 'Period',
    allTime: 'Whole history',
    from: 'from',
    to: 'to',
    issued: 'Issued',
    balances: 'Balances for the period',
    opening: 'Opening balance',
    credit: 'Credit turnover',
    debit: 'Debit turnover',
    closing: 'Closing balance',
    noRows: 'No operations in this period.',
    rowsTotal: (rows) => `Operations in the statement: ${rows}`,
    endOfStatement: 'End of statement.',
    verificationCode: 'Verification code',
    verifyAt: (url) => `Scan the QR code or open ${url} to check that this statement is genuine and unchanged.`,
    signedBy: (keyId) => `Signed electronically by Meridian Bank Ltd with Ed25519 key ${keyId}.`,
    page: (page) => `Page ${page}`,
    types: namedAsThemselves(TRANSACTION_TYPES),
    statuses: namedAsThemselves(TRANSACTION_STATUSES),
    directions: { IN: 'Incoming', OUT: 'Outgoing' },
    bankPurposes: BANK_PURPOSES,
  },
  ru: {
    bank: BRAND.ru,
    requisites:
      'Meridian Bank Ltd, регистрационный № 15612. Международная банковская лицензия № IBL-2022-0147 выдана Управлением офшорных ' +
      'финансовых услуг Союза Коморских Островов. Головной офис: Союз Коморских Островов, о. Анжуан, Муцамуду, ул. Хамчако, 14.',
    title: 'Выписка по счёту',
    holder: 'Владелец счёта',
    clientNumber: 'Номер клиента',
    address: 'Адрес',
    account: 'Счёт',
    currency: 'Валюта',
    period: 'Период',
    allTime: 'За всё время',
    from: 'с',
    to: 'по',
    issued: 'Сформирована',
    balances: 'Остатки и обороты за период',
    opening: 'Входящий остаток',
    credit: 'Оборот по кредиту',
    debit: 'Оборот по дебету',
    closing: 'Исходящий остаток',
    noRows: 'За период операций нет.',
    rowsTotal: (rows) => `Операций в выписке: ${rows}`,
    endOfStatement: 'Конец выписки.',
    verificationCode: 'Код проверки',
    verifyAt: (url) => `Чтобы убедиться, что выписка подлинная и не изменялась, отсканируйте QR-код или откройте ${url}.`,
    signedBy: (keyId) => `Подписано электронной подписью Meridian Bank Ltd, ключ Ed25519 ${keyId}.`,
    page: (page) => `Страница ${page}`,
    types: {
      Intra: 'Внутрибанковский перевод', 'Europe (SEPA)': 'Европа (SEPA)', 'International (SWIFT)': 'Международный (SWIFT)',
      'International (Pan Africa)': 'Международный (Pan Africa)', Exchange: 'Обмен валюты', ACH: 'ACH', EFT: 'EFT', BACS: 'BACS',
      'Domestic Wire': 'Внутренний банковский перевод', Card: 'Карта', Crypto: 'Криптовалюта', INTERAC: 'INTERAC', 'Bill Payment': 'Оплата счетов',
    },
    statuses: {
      New: 'Новая', Approved: 'Исполнена', Denied: 'Отклонена', Processing: 'В обработке', Canceling: 'Отменяется', Canceled: 'Отменена',
      Refunded: 'Возвращена', Error: 'Ошибка', Scheduled: 'Запланирована', Failed: 'Не исполнена', Expired: 'Срок истёк',
    },
    directions: { IN: 'Входящая', OUT: 'Исходящая' },
    bankPurposes: {
      withdrawal: 'Отзыв платёжного поручения',
      maintenance: 'Обслуживание счёта',
      highRisk: 'Обслуживание клиента повышенного риска',
      depositOpening: 'Открытие депозитного счёта',
      investigation: 'Расследование и ручная обработка входящего платежа',
      policyClosing: 'Закрытие счетов клиента за нарушение правил банка',
      virtualCard: 'Выпуск виртуальной карты',
      physicalCard: 'Выпуск пластиковой карты',
      depositPlacement: 'Размещение срочного депозита',
      depositInterest: 'Проценты по срочному депозиту',
      depositReturn: 'Возврат срочного депозита по окончании срока',
      depositEarlyClosing: 'Досрочное закрытие срочного депозита',
    },
  },
};

/**
 * A money string as the client's language writes it: "1,234.56" in English, "1 234,56" in Russian
 * (a no-break space between groups, so a figure never wraps). The digits are the ledger's, unrounded.
 */
export function formatPdfAmount(amount: string, language: StatementLanguage): string {
  const negative = amount.startsWith('-');
  const [whole = '0', fraction] = (negative ? amount.slice(1) : amount).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, language === 'ru' ? '\u00A0' : ',');
  const text = fraction === undefined ? grouped : `${grouped}${language === 'ru' ? ',' : '.'}${fraction}`;
  return negative ? `−${text}` : text;
}

/** A row's purpose in the statement's language: a fee of the bank's own by its name, any other purpose as its payer typed it. */
export function formatPdfPurpose(purpose: string | null, language: StatementLanguage): string {
  const known = bankPurposeOf(purpose);
  return known ? PDF_TEXTS[language].bankPurposes[known] : (purpose ?? '');
}

/** A calendar day ('YYYY-MM-DD') as the language writes it: ISO in English, DD.MM.YYYY in Russian. */
export function formatPdfDay(day: string, language: StatementLanguage): string {
  if (language === 'en') return day;
  const [year, month, date] = day.split('-');
  return `${date}.${month}.${year}`;
}

/** The period line: both days, one open end, or the whole history. */
export function formatPdfPeriod(period: { firstDay: string | null; lastDay: string | null }, language: StatementLanguage): string {
  const texts = PDF_TEXTS[language];
  const first = period.firstDay && formatPdfDay(period.firstDay, language);
  const last = period.lastDay && formatPdfDay(period.lastDay, language);
  if (first && last) return `${first} – ${last}`;
  if (first) return `${texts.from} ${first}`;
  if (last) return `${texts.to} ${last}`;
  return texts.allTime;
}
