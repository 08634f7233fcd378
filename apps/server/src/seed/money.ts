import {
  decimalToMinor,
  exchangePayloadSchema,
  internalTransferSchema,
  internationalTransferSchema,
  type Deposit,
  type FiatCurrency,
  type PaymentRegion,
} from '@bank/contracts';
import type { Db } from '../db';
import type { DemoClients } from './demo-clients';
import { openAccount, type ClientAccount } from '../modules/accounts';
import { openDemoDeposit, payDemoDeposit } from './deposits';
import { createExchange } from '../modules/exchange';
import { instantOnBankDate } from '../modules/jobs';
import { bookIncomingPayment, internalTransferOrder, settleInternalTransfers, createInternationalTransfer } from '../modules/transfers';

/**
 * Demo money for the two demo clients: accounts in EUR, USD and GBP (personal) or CHF (business),
 * and four months of history booked through the ledger in date order, so every invariant holds
 * and every balance-after is true: incoming payments from abroad (with the tariff's fee), internal
 * transfers between the two clients, exchanges, and one pending transfer abroad each.
 */
type Owner = 'personal' | 'business';

type DemoEvent =
  | { daysAgo: number; kind: 'incoming'; to: [Owner, FiatCurrency]; amount: string; region: PaymentRegion; sender: string; senderAccount: string; purpose: string }
  | { daysAgo: number; kind: 'internal'; from: [Owner, FiatCurrency]; to: Owner; amount: string; reference: string }
  | { daysAgo: number; kind: 'exchange'; owner: Owner; sell: FiatCurrency; buy: FiatCurrency; amount: string }
  // The personal client's term deposit (deposits/demo-seed.ts), and its first payout on its date.
  | { daysAgo: number; kind: 'deposit' }
  | { daysAgo: number; kind: 'depositPayout' };

const HISTORY: DemoEvent[] = [
  { daysAgo: 118, kind: 'incoming', to: ['business', 'USD'], amount: '85000.00', region: 'SWIFT', sender: 'Atlantic Supply Inc.', senderAccount: '026009593-4471200981', purpose: 'Invoice NT-2026-031' },
  { daysAgo: 115, kind: 'incoming', to: ['business', 'EUR'], amount: '120000.00', region: 'SEPA', sender: 'Rheinland Logistik GmbH', senderAccount: 'DE89370400440532013000', purpose: 'Contract 77/2026, first instalment' },
  { daysAgo: 112, kind: 'incoming', to: ['personal', 'EUR'], amount: '14500.00', region: 'SEPA', sender: 'Baltic Consulting OÜ', senderAccount: 'EE382200221020145685', purpose: 'Consulting services, June' },
  { daysAgo: 110, kind: 'incoming', to: ['personal', 'USD'], amount: '6200.00', region: 'SWIFT', sender: 'Harbor Analytics LLC', senderAccount: '121000358-8800452231', purpose: 'Research report fee' },
  { daysAgo: 105, kind: 'internal', from: ['business', 'EUR'], to: 'personal', amount: '3200.00', reference: 'Consulting fee, invoice 2026-07' },
  { daysAgo: 100, kind: 'exchange', owner: 'personal', sell: 'EUR', buy: 'GBP', amount: '2000.00' },
  { daysAgo: 95, kind: 'exchange', owner: 'business', sell: 'USD', buy: 'CHF', amount: '10000.00' },
  { daysAgo: 90, kind: 'internal', from: ['personal', 'EUR'], to: 'business', amount: '450.00', reference: 'Office rent share, August' },
  { daysAgo: 80, kind: 'incoming', to: ['personal', 'GBP'], amount: '1250.00', region: 'BACS', sender: 'Thames Editorial Ltd', senderAccount: 'GB29NWBK60161331926819', purpose: 'Article royalties' },
  { daysAgo: 75, kind: 'incoming', to: ['business', 'USD'], amount: '22400.00', region: 'ACH', sender: 'Great Lakes Components', senderAccount: '071000013-5512098877', purpose: 'Order 5521' },
  { daysAgo: 70, kind: 'internal', from: ['business', 'USD'], to: 'personal', amount: '1800.00', reference: 'Travel expenses refund' },
  { daysAgo: 60, kind: 'exchange', owner: 'personal', sell: 'USD', buy: 'EUR', amount: '1500.00' },
  { daysAgo: 55, kind: 'internal', from: ['business', 'EUR'], to: 'personal', amount: '3200.00', reference: 'Consulting fee, invoice 2026-09' },
  { daysAgo: 45, kind: 'incoming', to: ['business', 'EUR'], amount: '48000.00', region: 'SEPA', sender: 'Rheinland Logistik GmbH', senderAccount: 'DE89370400440532013000', purpose: 'Contract 77/2026, second instalment' },
  { daysAgo: 42, kind: 'deposit' },
  { daysAgo: 40, kind: 'internal', from: ['personal', 'EUR'], to: 'business', amount: '120.00', reference: 'Reimbursement of courier costs' },
  { daysAgo: 30, kind: 'exchange', owner: 'business', sell: 'EUR', buy: 'USD', amount: '15000.00' },
  { daysAgo: 25, kind: 'internal', from: ['business', 'EUR'], to: 'personal', amount: '3200.00', reference: 'Consulting fee, invoice 2026-10' },
  { daysAgo: 20, kind: 'exchange', owner: 'personal', sell: 'GBP', buy: 'EUR', amount: '300.00' },
  { daysAgo: 12, kind: 'incoming', to: ['personal', 'USD'], amount: '950.00', region: 'SWIFT', sender: 'Harbor Analytics LLC', senderAccount: '121000358-8800452231', purpose: 'Research report fee, addendum' },
  // A month after the opening, 11 to 14 days ago: between the EUR account's movements of days 20 and 8.
  { daysAgo: 11, kind: 'depositPayout' },
  { daysAgo: 8, kind: 'internal', from: ['business', 'EUR'], to: 'personal', amount: '75.50', reference: 'Team lunch' },
  { daysAgo: 3, kind: 'internal', from: ['personal', 'USD'], to: 'business', amount: '640.00', reference: 'Equipment purchase' },
];

const ACCOUNT_CURRENCIES: Record<Owner, FiatCurrency[]> = { personal: ['EUR', 'USD', 'GBP'], business: ['EUR', 'USD', 'CHF'] };

const DAY_MS = 86_400_000;

export async function seedMoneyData(trx: Db, clients: DemoClients): Promise<void> {
  const clientIds: Record<Owner, string> = { personal: clients.personalId, business: clients.businessId };
  const accounts = new Map<string, ClientAccount>();
  for (const owner of ['personal', 'business'] as const) {
    for (const currency of ACCOUNT_CURRENCIES[owner]) accounts.set(`${owner}:${currency}`, await openAccount(trx, clientIds[owner], currency));
  }
  const account = (owner: Owner, currency: FiatCurrency) => accounts.get(`${owner}:${currency}`)!;
  // Business hours, spread through the day, so the history reads like a real one.
  const when = (daysAgo: number, index: number) => new Date(Math.floor((Date.now() - daysAgo * DAY_MS) / DAY_MS) * DAY_MS + (9 + (index % 8)) * 3_600_000 + index * 60_000);

  let deposit: Deposit | null = null;
  for (const [index, event] of HISTORY.entries()) {
    const at = when(event.daysAgo, index);
    if (event.kind === 'deposit') {
      deposit = await openDemoDeposit(trx, clients, clientIds.personal, account('personal', 'EUR'), at);
    } else if (event.kind === 'depositPayout') {
      // Paid early on the first payout's own day, in the bank's time zone.
      const [first] = deposit!.payouts;
      await payDemoDeposit(trx, clients, deposit!.id, instantOnBankDate(first!.date, 8, clients.config.time.zone));
    } else if (event.kind === 'incoming') {
      const target = account(...event.to);
      await bookIncomingPayment(trx, {
        account: target,
        amountMinor: decimalToMinor(event.amount, target.currency),
        paymentRegion: event.region,
        senderName: event.sender,
        senderAccount: event.senderAccount,
        purpose: event.purpose,
        actor: { type: 'system', id: null },
        at,
      });
    } else if (event.kind === 'internal') {
      const [owner, currency] = event.from;
      const request = internalTransferSchema.parse({
        type: 'internal',
        accNumberFrom: account(owner, currency).number,
        accNumberTo: account(event.to, currency).number,
        fullName: event.to === 'personal' ? 'Anna Petrova' : 'Northwind Trading Ltd',
        amount: event.amount,
        transferCurrency: currency,
        reference: event.reference,
      });
      const order = await internalTransferOrder(trx, clientIds[owner], request);
      const [outcome] = await settleInternalTransfers(trx, [{ ...order, at }]);
      if (!outcome?.ok) throw new Error(`Demo transfer of ${event.amount} ${currency} is not covered`);
    } else {
      const request = exchangePayloadSchema.parse({
        type: 'exchange',
        accNumberFrom: account(event.owner, event.sell).number,
        accNumberTo: account(event.owner, event.buy).number,
        amount: event.amount,
        forAmountCurrency: event.sell,
        getAmountCurrency: event.buy,
      });
      await createExchange(trx, clientIds[event.owner], request, { at });
    }
  }

  // One transfer abroad each, waiting for the back office: its amount and fee are held.
  const pending = [
    { owner: 'personal' as const, currency: 'EUR' as const, region: 'SEPA', amount: '1200.00', name: 'Klaus Becker', iban: 'DE75512108001245126199', bic: 'SOGEDEFF', bank: 'Société Générale Frankfurt', bankAddress: 'Neue Mainzer Straße 46-50, Frankfurt am Main', address: 'Bergstraße 12, Heidelberg', email: 'k.becker@example.de', purpose: 'Apartment deposit' },
    { owner: 'business' as const, currency: 'USD' as const, region: 'SWIFT', amount: '12500.00', name: 'Pacific Freight Co.', iban: undefined, bic: 'CHASUS33', bank: 'JPMorgan Chase Bank', bankAddress: '383 Madison Avenue, New York', address: '200 Harbor Blvd, Long Beach', email: 'billing@pacificfreight.example', purpose: 'Freight, shipment PF-88213' },
  ];
  for (const item of pending) {
    const request = internationalTransferSchema.parse({
      type: 'international',
      paymentRegions: item.region,
      fromAccount: account(item.owner, item.currency).number,
      amount: item.amount,
      purpose: item.purpose,
      reference: item.purpose,
      recipientDetails: {
        fullName: item.name,
        recipientsSwiftBic: item.bic,
        recipientsBankCountry: item.iban ? 'DE' : 'US',
        recipientsBankAddress: item.bankAddress,
        recipientsBank: item.bank,
        recipientsIban: item.iban,
        recipientsAccountNumber: item.iban ? undefined : '021000021-7733190045',
        recipientsAddress: item.address,
        country: item.iban ? 'DE' : 'US',
        recipientsEmail: item.email,
        recipientType: item.owner === 'personal' ? 'individual' : 'business',
      },
    });
    await createInternationalTransfer(trx, clientIds[item.owner], request);
  }
}
