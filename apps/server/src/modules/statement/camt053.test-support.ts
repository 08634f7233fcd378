import { CURRENCY_SCALE, isCurrency } from '@bank/contracts';
import { create } from 'xmlbuilder2';

/**
 * The element structure of ISO 20022 camt.053.001.08 (BankToCustomerStatementV08), for tests.
 *
 * ISO's XSD is published by ISO (iso20022.org), not by any package registry, so the tests cannot
 * ship it; instead they check a file against the structure the message definition lays down: each
 * element's children in the schema's order with its cardinality, choices holding exactly one child,
 * and every leaf against its data type (ISO dates and date-times, Max35Text and friends, amounts
 * with a Ccy of three capitals and no more decimals than the currency has, CRDT/DBIT, balance and
 * entry status codes). Only the part of the schema a statement of ours uses is written down; any
 * other element is reported as unexpected, so nothing outside it passes unchecked.
 */

/** An element as parsed back: name, namespace, attributes, child elements and its own text. */
export interface XmlNode {
  name: string;
  namespace: string | null;
  attributes: Record<string, string>;
  children: XmlNode[];
  text: string;
}

interface DomNode {
  nodeType: number;
  localName?: string;
  namespaceURI?: string | null;
  nodeValue?: string | null;
  childNodes: ArrayLike<DomNode>;
  attributes?: ArrayLike<{ localName: string; value: string }>;
}

const ELEMENT_NODE = 1;
const TEXT_NODE = 3;

function toXmlNode(node: DomNode): XmlNode {
  const children: XmlNode[] = [];
  let text = '';
  for (const child of Array.from(node.childNodes)) {
    if (child.nodeType === ELEMENT_NODE) children.push(toXmlNode(child));
    else if (child.nodeType === TEXT_NODE) text += child.nodeValue ?? '';
  }
  const attributes = Object.fromEntries(Array.from(node.attributes ?? []).map((attribute) => [attribute.localName, attribute.value]));
  return { name: node.localName ?? '', namespace: node.namespaceURI ?? null, attributes, children, text: children.length > 0 ? text.trim() : text };
}

/** Parses XML text (with xmlbuilder2's parser) into a tree of elements. */
export function parseXml(xml: string): XmlNode {
  return toXmlNode(create(xml).root().node as unknown as DomNode);
}

/** The descendants at a path of names ('Stmt/Bal/Amt'). */
export function select(node: XmlNode, path: string): XmlNode[] {
  let found = [node];
  for (const name of path.split('/')) found = found.flatMap((parent) => parent.children.filter((child) => child.name === name));
  return found;
}

/** The text of the one descendant at a path. */
export function textAt(node: XmlNode, path: string): string {
  const found = select(node, path);
  if (found.length !== 1) throw new Error(`${path}: ${found.length} elements, one expected`);
  return found[0]!.text;
}

type Simple = (node: XmlNode) => string | null;
interface Child {
  name: string;
  min: number;
  max: number;
  type: string;
}
type Complex = { sequence: Child[] } | { choice: Child[] };

const text = (min: number, max: number): Simple => (node) =>
  [...node.text].length >= min && [...node.text].length <= max ? null : `text of ${[...node.text].length} characters, ${min}..${max} allowed`;
const pattern = (regex: RegExp, what: string): Simple => (node) => (regex.test(node.text) ? null : `'${node.text}' is not ${what}`);
const oneOf = (...codes: string[]): Simple => (node) => (codes.includes(node.text) ? null : `'${node.text}' is not one of ${codes.join(', ')}`);

/** xs:decimal restricted by totalDigits and fractionDigits. */
function decimal(node: XmlNode, totalDigits: number, fractionDigits: number, signed: boolean): string | null {
  const match = (signed ? /^-?(\d+)(?:\.(\d+))?$/ : /^(\d+)(?:\.(\d+))?$/).exec(node.text);
  if (!match) return `'${node.text}' is not a decimal`;
  const integer = match[1]!.replace(/^0+(?=\d)/, '');
  const fraction = match[2] ?? '';
  if (fraction.length > fractionDigits) return `'${node.text}' has more than ${fractionDigits} decimals`;
  if (integer.length + fraction.length > totalDigits) return `'${node.text}' has more than ${totalDigits} digits`;
  return null;
}

/** ActiveOrHistoricCurrencyAndAmount: non-negative, 18 digits, 5 decimals, Ccy [A-Z]{3}; ours never more decimals than the currency has. */
const amount: Simple = (node) => {
  const currency = node.attributes.Ccy;
  if (!currency || !/^[A-Z]{3}$/.test(currency)) return `Ccy '${currency}' is not a currency code`;
  const problem = decimal(node, 18, 5, false);
  if (problem) return problem;
  const decimals = node.text.split('.')[1]?.length ?? 0;
  if (isCurrency(currency) && decimals > CURRENCY_SCALE[currency]) return `'${node.text}' has more decimals than ${currency}`;
  return null;
};

const isoDate: Simple = (node) => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(node.text)) return `'${node.text}' is not an ISO date`;
  return new Date(`${node.text}T00:00:00Z`).toISOString().startsWith(node.text) ? null : `'${node.text}' is not a calendar day`;
};
const isoDateTime: Simple = (node) =>
  /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})?$/.test(node.text) && !Number.isNaN(Date.parse(node.text))
    ? null
    : `'${node.text}' is not an ISO date-time`;

const SIMPLE: Record<string, Simple> = {
  Max34Text: text(1, 34),
  Max35Text: text(1, 35),
  Max70Text: text(1, 70),
  Max140Text: text(1, 140),
  Max500Text: text(1, 500),
  Max15NumericText: pattern(/^\d{1,15}$/, 'Max15NumericText'),
  Number: pattern(/^\d{1,18}$/, 'a Number'),
  ISODate: isoDate,
  ISODateTime: isoDateTime,
  Amount: amount,
  DecimalNumber: (node) => decimal(node, 18, 17, true),
  NonNegativeDecimalNumber: (node) => decimal(node, 18, 17, false),
  CreditDebitCode: oneOf('CRDT', 'DBIT'),
  ActiveOrHistoricCurrencyCode: pattern(/^[A-Z]{3}$/, 'a currency code'),
  IBAN2007Identifier: pattern(/^[A-Z]{2}\d{2}[a-zA-Z0-9]{1,30}$/, 'an IBAN'),
  BICFIDec2014Identifier: pattern(/^[A-Z0-9]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/, 'a BIC'),
  TrueFalseIndicator: oneOf('true', 'false'),
  // ExternalBalanceType1Code and ExternalEntryStatus1Code, ISO's external code lists.
  BalanceTypeCode: oneOf('OPBD', 'CLBD', 'ITBD', 'OPAV', 'CLAV', 'FWAV', 'ITAV', 'PRCD', 'XPCD', 'INFO'),
  EntryStatusCode: oneOf('BOOK', 'PDNG', 'INFO', 'FUTR'),
  // ExternalBankTransactionDomain1Code, ExternalBankTransactionFamily1Code, ExternalBankTransactionSubFamily1Code:
  // the schema holds them to 1..4 characters; what each code means is the external code list's.
  ExternalBankTransactionDomain1Code: text(1, 4),
  ExternalBankTransactionFamily1Code: text(1, 4),
  ExternalBankTransactionSubFamily1Code: text(1, 4),
};

const one = (name: string, type: string): Child => ({ name, min: 1, max: 1, type });
const optional = (name: string, type: string): Child => ({ name, min: 0, max: 1, type });
const many = (name: string, type: string, min = 0, max = Number.POSITIVE_INFINITY): Child => ({ name, min, max, type });

const COMPLEX: Record<string, Complex> = {
  Document: { sequence: [one('BkToCstmrStmt', 'BankToCustomerStatementV08')] },
  BankToCustomerStatementV08: { sequence: [one('GrpHdr', 'GroupHeader81'), many('Stmt', 'AccountStatement9', 1)] },
  GroupHeader81: { sequence: [one('MsgId', 'Max35Text'), one('CreDtTm', 'ISODateTime'), optional('AddtlInf', 'Max500Text')] },
  AccountStatement9: {
    sequence: [
      one('Id', 'Max35Text'),
      optional('ElctrncSeqNb', 'Number'),
      optional('LglSeqNb', 'Number'),
      optional('CreDtTm', 'ISODateTime'),
      optional('FrToDt', 'DateTimePeriod1'),
      one('Acct', 'CashAccount39'),
      many('Bal', 'CashBalance8', 1),
      optional('TxsSummry', 'TotalTransactions6'),
      many('Ntry', 'ReportEntry10'),
      optional('AddtlStmtInf', 'Max500Text'),
    ],
  },
  DateTimePeriod1: { sequence: [one('FrDtTm', 'ISODateTime'), one('ToDtTm', 'ISODateTime')] },
  CashAccount39: {
    sequence: [
      one('Id', 'AccountIdentification4Choice'),
      optional('Ccy', 'ActiveOrHistoricCurrencyCode'),
      optional('Nm', 'Max70Text'),
      optional('Ownr', 'PartyIdentification135'),
      optional('Svcr', 'BranchAndFinancialInstitutionIdentification6'),
    ],
  },
  CashAccount38: { sequence: [one('Id', 'AccountIdentification4Choice'), optional('Ccy', 'ActiveOrHistoricCurrencyCode'), optional('Nm', 'Max70Text')] },
  AccountIdentification4Choice: { choice: [one('IBAN', 'IBAN2007Identifier'), one('Othr', 'GenericAccountIdentification1')] },
  GenericAccountIdentification1: { sequence: [one('Id', 'Max34Text'), optional('Issr', 'Max35Text')] },
  PartyIdentification135: { sequence: [optional('Nm', 'Max140Text'), optional('PstlAdr', 'PostalAddress24')] },
  PostalAddress24: { sequence: [many('AdrLine', 'Max70Text', 0, 7)] },
  BranchAndFinancialInstitutionIdentification6: { sequence: [one('FinInstnId', 'FinancialInstitutionIdentification18')] },
  FinancialInstitutionIdentification18: { sequence: [optional('BICFI', 'BICFIDec2014Identifier'), optional('Nm', 'Max140Text')] },
  CashBalance8: { sequence: [one('Tp', 'BalanceType13'), one('Amt', 'Amount'), one('CdtDbtInd', 'CreditDebitCode'), one('Dt', 'DateAndDateTime2Choice')] },
  BalanceType13: { sequence: [one('CdOrPrtry', 'BalanceType10Choice')] },
  BalanceType10Choice: { choice: [one('Cd', 'BalanceTypeCode'), one('Prtry', 'Max35Text')] },
  DateAndDateTime2Choice: { choice: [one('Dt', 'ISODate'), one('DtTm', 'ISODateTime')] },
  TotalTransactions6: {
    sequence: [optional('TtlNtries', 'NumberAndSumOfTransactions4'), optional('TtlCdtNtries', 'NumberAndSumOfTransactions1'), optional('TtlDbtNtries', 'NumberAndSumOfTransactions1')],
  },
  NumberAndSumOfTransactions4: {
    sequence: [optional('NbOfNtries', 'Max15NumericText'), optional('Sum', 'DecimalNumber'), optional('TtlNetNtry', 'AmountAndDirection35')],
  },
  NumberAndSumOfTransactions1: { sequence: [optional('NbOfNtries', 'Max15NumericText'), optional('Sum', 'DecimalNumber')] },
  AmountAndDirection35: { sequence: [one('Amt', 'NonNegativeDecimalNumber'), one('CdtDbtInd', 'CreditDebitCode')] },
  ReportEntry10: {
    sequence: [
      optional('NtryRef', 'Max35Text'),
      one('Amt', 'Amount'),
      one('CdtDbtInd', 'CreditDebitCode'),
      optional('RvslInd', 'TrueFalseIndicator'),
      one('Sts', 'EntryStatus1Choice'),
      optional('BookgDt', 'DateAndDateTime2Choice'),
      optional('ValDt', 'DateAndDateTime2Choice'),
      optional('AcctSvcrRef', 'Max35Text'),
      one('BkTxCd', 'BankTransactionCodeStructure4'),
      optional('AmtDtls', 'AmountAndCurrencyExchange3'),
      optional('Chrgs', 'Charges6'),
      many('NtryDtls', 'EntryDetails9'),
      optional('AddtlNtryInf', 'Max500Text'),
    ],
  },
  EntryStatus1Choice: { choice: [one('Cd', 'EntryStatusCode'), one('Prtry', 'Max35Text')] },
  BankTransactionCodeStructure4: { sequence: [optional('Domn', 'BankTransactionCodeStructure5'), optional('Prtry', 'ProprietaryBankTransactionCodeStructure1')] },
  BankTransactionCodeStructure5: { sequence: [one('Cd', 'ExternalBankTransactionDomain1Code'), one('Fmly', 'BankTransactionCodeStructure6')] },
  BankTransactionCodeStructure6: { sequence: [one('Cd', 'ExternalBankTransactionFamily1Code'), one('SubFmlyCd', 'ExternalBankTransactionSubFamily1Code')] },
  ProprietaryBankTransactionCodeStructure1: { sequence: [one('Cd', 'Max35Text'), optional('Issr', 'Max35Text')] },
  AmountAndCurrencyExchange3: { sequence: [optional('InstdAmt', 'AmountAndCurrencyExchangeDetails3'), optional('TxAmt', 'AmountAndCurrencyExchangeDetails3')] },
  AmountAndCurrencyExchangeDetails3: { sequence: [one('Amt', 'Amount')] },
  Charges6: { sequence: [optional('TtlChrgsAndTaxAmt', 'Amount'), many('Rcrd', 'ChargesRecord3')] },
  ChargesRecord3: { sequence: [one('Amt', 'Amount'), optional('CdtDbtInd', 'CreditDebitCode'), optional('ChrgInclInd', 'TrueFalseIndicator')] },
  EntryDetails9: { sequence: [many('TxDtls', 'EntryTransaction10')] },
  EntryTransaction10: {
    sequence: [
      optional('Refs', 'TransactionReferences6'),
      optional('Amt', 'Amount'),
      optional('CdtDbtInd', 'CreditDebitCode'),
      optional('AmtDtls', 'AmountAndCurrencyExchange3'),
      optional('BkTxCd', 'BankTransactionCodeStructure4'),
      optional('Chrgs', 'Charges6'),
      optional('RltdPties', 'TransactionParties6'),
      optional('RmtInf', 'RemittanceInformation16'),
      optional('AddtlTxInf', 'Max500Text'),
    ],
  },
  TransactionReferences6: {
    sequence: ['MsgId', 'AcctSvcrRef', 'PmtInfId', 'InstrId', 'EndToEndId', 'TxId'].map((name) => optional(name, 'Max35Text')),
  },
  TransactionParties6: {
    sequence: [
      optional('InitgPty', 'Party40Choice'),
      optional('Dbtr', 'Party40Choice'),
      optional('DbtrAcct', 'CashAccount38'),
      optional('UltmtDbtr', 'Party40Choice'),
      optional('Cdtr', 'Party40Choice'),
      optional('CdtrAcct', 'CashAccount38'),
      optional('UltmtCdtr', 'Party40Choice'),
    ],
  },
  Party40Choice: { choice: [one('Pty', 'PartyIdentification135'), one('Agt', 'BranchAndFinancialInstitutionIdentification6')] },
  RemittanceInformation16: { sequence: [many('Ustrd', 'Max140Text')] },
};

function check(node: XmlNode, type: string, path: string, namespace: string, problems: string[]): void {
  if (node.namespace !== namespace) problems.push(`${path}: namespace ${node.namespace}`);
  const simple = SIMPLE[type];
  if (simple) {
    if (node.children.length > 0) problems.push(`${path}: ${type} holds elements`);
    else {
      const problem = simple(node);
      if (problem) problems.push(`${path}: ${problem}`);
    }
    return;
  }
  const complex = COMPLEX[type];
  if (!complex) throw new Error(`No structure for ${type}`);
  if (node.text !== '') problems.push(`${path}: ${type} holds text '${node.text}'`);
  if ('choice' in complex) {
    const chosen = node.children.length === 1 ? complex.choice.find((child) => child.name === node.children[0]!.name) : undefined;
    if (!chosen) problems.push(`${path}: one of ${complex.choice.map((child) => child.name).join('|')} expected, found ${node.children.map((child) => child.name).join(',') || 'none'}`);
    else check(node.children[0]!, chosen.type, `${path}/${chosen.name}`, namespace, problems);
    return;
  }
  let index = 0;
  for (const expected of complex.sequence) {
    let count = 0;
    while (node.children[index]?.name === expected.name) {
      check(node.children[index]!, expected.type, `${path}/${expected.name}[${count}]`, namespace, problems);
      count += 1;
      index += 1;
    }
    if (count < expected.min || count > expected.max) problems.push(`${path}/${expected.name}: ${count} found, ${expected.min}..${expected.max} allowed`);
  }
  for (const unexpected of node.children.slice(index)) problems.push(`${path}/${unexpected.name}: not expected here (order or name)`);
}

/** What in a parsed camt.053.001.08 document breaks the message's structure; nothing when it holds. */
export function camt053StructureProblems(document: XmlNode, namespace: string): string[] {
  const problems: string[] = [];
  if (document.name !== 'Document') problems.push(`root is ${document.name}`);
  check(document, 'Document', 'Document', namespace, problems);
  return problems;
}
