import { randomUUID } from 'node:crypto';
import type { ExchangeRequest } from '@bank/contracts';
import type { Db } from '../../db';
import { AppError } from '../../lib/errors';
import { findOwnAccount, type ClientAccount } from '../accounts';
import { bankAccountId, postEntry } from '../ledger';
import { recordOperations } from '../operations';
import { priceConfirmedExchange } from './quote';

/**
 * Currency exchange between two accounts of one client, settled at once through the bank's FX
 * position accounts: client −amount (sold currency), FX position +amount; FX position −credit
 * (bought currency), client +credit. Each currency's postings sum to zero.
 *
 * The rate booked is the rate the client confirmed: if the rate on offer is another one (or the
 * `toAmount` the client expects is more than the offer gives), nothing is booked and the answer is
 * 409 RATE_CHANGED with the new quote.
 */
export async function createExchange(trx: Db, clientId: string, request: ExchangeRequest, options: { at?: Date } = {}): Promise<string> {
  const from = await findOwnAccount(trx, clientId, request.accNumberFrom);
  if (!from) throw new AppError('NOT_FOUND', { message: 'Account not found', fields: { accNumberFrom: 'validation.accNumberFrom.notFound' } });
  const to = await findOwnAccount(trx, clientId, request.accNumberTo);
  if (!to) throw new AppError('NOT_FOUND', { message: 'Account not found', fields: { accNumberTo: 'validation.accNumberTo.notFound' } });
  const { amountMinor, rate, creditMinor } = await priceConfirmedExchange(trx, request, from.currency, to.currency);

  const transferId = randomUUID();
  const { balances, bookedAt } = await postEntry(trx, {
    kind: 'exchange',
    transferId,
    postedAt: options.at,
    postings: [
      { accountId: from.ledgerAccountId, currency: from.currency, amountMinor: -amountMinor },
      { accountId: await bankAccountId(trx, 'fx_position', from.currency), currency: from.currency, amountMinor: amountMinor },
      { accountId: await bankAccountId(trx, 'fx_position', to.currency), currency: to.currency, amountMinor: -creditMinor },
      { accountId: to.ledgerAccountId, currency: to.currency, amountMinor: creditMinor },
    ],
  });
  const shared = { clientId, fromAccount: from.number, toAccount: to.number, recipient: to.number, transactionType: 'Exchange' as const, reference: 'Exchange' as const, bookedAt };
  const bookedAfter = (account: ClientAccount) => balances.get(account.ledgerAccountId)!.bookedMinor;
  const numbers = await recordOperations(trx, [
    {
      at: bookedAt,
      transfer: {
        id: transferId,
        kind: 'exchange',
        status: 'Approved',
        clientId,
        fromAccountId: from.id,
        toAccountId: to.id,
        amountMinor: amountMinor,
        currency: from.currency,
        counterAmountMinor: creditMinor,
        counterCurrency: to.currency,
        rate,
        recipient: to.number,
      },
      sides: [
        { ...shared, accountId: from.id, direction: 'OUT', amountMinor: amountMinor, currency: from.currency, balanceAfterMinor: bookedAfter(from) },
        { ...shared, accountId: to.id, direction: 'IN', amountMinor: creditMinor, currency: to.currency, balanceAfterMinor: bookedAfter(to) },
      ],
      actor: { type: 'client', id: clientId },
    },
  ]);
  return numbers.get(transferId)!;
}
