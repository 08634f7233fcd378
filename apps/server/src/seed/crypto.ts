import { exchangePayloadSchema, type CryptoCurrency } from '@bank/contracts';
import { createCryptoTransferRequestSchema } from '@bank/contracts/crypto/create-crypto-transfer';
import type { Db } from '../db';
import type { DemoClients } from './demo-clients';
import { findOwnAccountInCurrency } from '../modules/accounts';
import { approveTransfer, denyTransfer } from '../modules/operations';
import { createCryptoConversion, bookCryptoDeposit, createCryptoTransfer, openWallet } from '../modules/crypto';

/**
 * Demo crypto: the personal client's BTC and USDT wallets and the business client's ETH wallet,
 * with four months of history in every status, booked through the same services as the API (in
 * date order, so every invariant holds): deposits from the network, transfers out approved, denied
 * with a reason and still pending, a conversion between the wallets, and one from USDT to euros
 * waiting for the bank.
 */
type Owner = 'personal' | 'business';

type DemoCryptoEvent =
  | { daysAgo: number; kind: 'deposit'; owner: Owner; coin: CryptoCurrency; amount: string; txHash: string }
  | { daysAgo: number; kind: 'send'; owner: Owner; coin: CryptoCurrency; amount: string; to: string; reference: string; outcome: 'Approved' | 'Denied' | 'New'; reason?: string }
  | { daysAgo: number; kind: 'convert'; owner: Owner; sell: CryptoCurrency; buy: CryptoCurrency | 'EUR'; amount: string; outcome: 'Approved' | 'New' };

const HISTORY: DemoCryptoEvent[] = [
  { daysAgo: 112, kind: 'deposit', owner: 'personal', coin: 'BTC', amount: '0.85000000', txHash: '5b1c0f8e2d47a93615cbe0d8f4a27e6190c3b58d7a2e41f96b0c83d5e7a19f42' },
  { daysAgo: 108, kind: 'deposit', owner: 'personal', coin: 'USDT', amount: '12500.000000', txHash: '0x9f2e4c81b07d35a6e1f8c2d94b3a60e7158cd2f049b6a3e87d1c5f20a9b4e6d3' },
  { daysAgo: 104, kind: 'deposit', owner: 'business', coin: 'ETH', amount: '25', txHash: '0x3d7a9c15e8f2b4064ac1d93e7f50b82c6194e0d3a7f5c28b1e6d49a03c7f2e85' },
  { daysAgo: 96, kind: 'send', owner: 'personal', coin: 'BTC', amount: '0.05', to: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', reference: 'Hardware wallet top-up', outcome: 'Approved' },
  { daysAgo: 81, kind: 'convert', owner: 'personal', sell: 'BTC', buy: 'USDT', amount: '0.1', outcome: 'Approved' },
  { daysAgo: 67, kind: 'send', owner: 'business', coin: 'ETH', amount: '3', to: '0xde0B295669a9FD93d5F28D9Ec85E40f4cb697BAe', reference: 'Supplier settlement, order 5521', outcome: 'Approved' },
  { daysAgo: 52, kind: 'send', owner: 'personal', coin: 'USDT', amount: '750', to: '0x52908400098527886E0F7030069857D2E4169EE7', reference: 'Freelance payment', outcome: 'Denied', reason: 'The recipient address is linked to a high-risk service; please contact your manager.' },
  { daysAgo: 33, kind: 'send', owner: 'personal', coin: 'BTC', amount: '0.02', to: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', reference: 'Savings', outcome: 'Approved' },
  { daysAgo: 21, kind: 'deposit', owner: 'personal', coin: 'BTC', amount: '0.10000000', txHash: 'c4e8a1f07b3d952e6a0c8f41d7b5e2a93f06c1d8e4b7a25f90d3c6e1b8a47f25' },
  { daysAgo: 6, kind: 'send', owner: 'business', coin: 'ETH', amount: '1.5', to: '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359', reference: 'Logistics partner, invoice 2026-11', outcome: 'New' },
  { daysAgo: 4, kind: 'send', owner: 'personal', coin: 'USDT', amount: '300', to: '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB', reference: 'Rent, December', outcome: 'New' },
  { daysAgo: 2, kind: 'send', owner: 'personal', coin: 'BTC', amount: '0.01', to: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', reference: 'Gift', outcome: 'New' },
  { daysAgo: 1, kind: 'convert', owner: 'personal', sell: 'USDT', buy: 'EUR', amount: '1000', outcome: 'New' },
];

const WALLETS: Record<Owner, CryptoCurrency[]> = { personal: ['BTC', 'USDT'], business: ['ETH'] };

const DAY_MS = 86_400_000;

export async function seedCryptoData(trx: Db, clients: DemoClients): Promise<void> {
  if (!clients.cryptoKeys) return;
  const clientIds: Record<Owner, string> = { personal: clients.personalId, business: clients.businessId };
  const wallets = new Map<string, string>();
  for (const owner of ['personal', 'business'] as const) {
    for (const coin of WALLETS[owner]) wallets.set(`${owner}:${coin}`, (await openWallet(trx, clients.cryptoKeys, clientIds[owner], coin)).number);
  }
  const wallet = (owner: Owner, coin: CryptoCurrency) => wallets.get(`${owner}:${coin}`)!;
  // In the afternoon, so a day's crypto rows read after its fiat ones.
  const when = (daysAgo: number, index: number) => new Date(Math.floor((Date.now() - daysAgo * DAY_MS) / DAY_MS) * DAY_MS + (13 + (index % 5)) * 3_600_000 + index * 60_000);
  const transferIdOf = async (transactionNumber: string) =>
    (await trx.selectFrom('operations').select('id').where('number', '=', transactionNumber).executeTakeFirstOrThrow()).id;

  for (const [index, event] of HISTORY.entries()) {
    const at = when(event.daysAgo, index);
    const clientId = clientIds[event.owner];
    if (event.kind === 'deposit') {
      await bookCryptoDeposit(trx, { address: wallet(event.owner, event.coin), amount: event.amount, currency: event.coin, txHash: event.txHash }, clients.operatorId, { at });
      continue;
    }
    let number: string;
    if (event.kind === 'send') {
      const request = createCryptoTransferRequestSchema.parse({
        type: 'crypto',
        fromWallet: wallet(event.owner, event.coin),
        recipient: event.to,
        amount: event.amount,
        currency: event.coin,
        reference: event.reference,
      });
      number = await createCryptoTransfer(trx, clientId, request, { at });
    } else {
      const target = event.buy === 'EUR' ? (await findOwnAccountInCurrency(trx, clientId, 'EUR'))!.number : wallet(event.owner, event.buy);
      const request = exchangePayloadSchema.parse({
        type: 'exchange',
        accNumberFrom: wallet(event.owner, event.sell),
        accNumberTo: target,
        amount: event.amount,
        forAmountCurrency: event.sell,
        getAmountCurrency: event.buy,
      });
      number = await createCryptoConversion(trx, clientId, request, { at });
    }
    // The bank decided within the hour.
    const decided = new Date(at.getTime() + 40 * 60_000);
    if (event.outcome === 'Approved') await approveTransfer(trx, await transferIdOf(number), clients.operatorId, decided);
    if (event.outcome === 'Denied') await denyTransfer(trx, await transferIdOf(number), clients.operatorId, 'reason' in event ? event.reason : undefined);
  }
}
