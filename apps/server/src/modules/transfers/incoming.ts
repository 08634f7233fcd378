import { randomUUID } from 'node:crypto';
import { TRANSACTION_TYPE_OF_REGION, type Currency, type PaymentRegion } from '@bank/contracts';
import type { Db } from '../../db';
import type { ClientAccount } from '../accounts';
import { bankAccountId, postEntry } from '../ledger';
import { type RateTable, loadRateTable } from '../rates';
import { quoteInternationalFee } from './fees';
import { recordOperations } from '../operations';

export interface IncomingPayment {
  account: ClientAccount;
  amountMinor: bigint;
  paymentRegion: PaymentRegion;
  senderName: string;
  /** The sender's IBAN or account number abroad. */
  senderAccount: string;
  purpose?: string;
  paymentReference?: string;
  /** The day the sending bank paid it (YYYY-MM-DD), kept as the transfer's payment date. */
  valueDate?: string;
  /** Who books it: the back office operator, or the system (seed). */
  actor: { type: 'operator' | 'system'; id: string | null };
  /** When it arrived, if not now (demo history only). */
  at?: Date;
}

/**
 * Books a payment received from another bank: clearing −amount, client +(amount − fee), fee income
 * +fee. docs/product.md#tariffs-and-limits charges international transfers in as out (0.30 %, 50–2000 EUR); a payment smaller
 * than the minimum fee is charged at most its own amount, so the credit is never negative.
 */
export function incomingFeeMinor(table: RateTable, currency: Currency, amountMinor: bigint): bigint {
  const quote = quoteInternationalFee(table, currency, amountMinor);
  return quote.feeMinor < amountMinor ? quote.feeMinor : amountMinor;
}

export async function bookIncomingPayment(trx: Db, payment: IncomingPayment): Promise<{ transactionNumber: string; feeMinor: bigint }> {
  const { account } = payment;
  const feeMinor = incomingFeeMinor(await loadRateTable(trx), account.currency, payment.amountMinor);
  const transferId = randomUUID();
  const postings = [
    { accountId: await bankAccountId(trx, 'clearing', account.currency), currency: account.currency, amountMinor: -payment.amountMinor },
    { accountId: account.ledgerAccountId, currency: account.currency, amountMinor: payment.amountMinor - feeMinor },
  ];
  if (feeMinor > 0n) postings.push({ accountId: await bankAccountId(trx, 'fee_income', account.currency), currency: account.currency, amountMinor: feeMinor });
  // A credit equal to the fee would be a zero posting: leave only clearing → fee income then.
  const entryPostings = postings.filter((posting) => posting.amountMinor !== 0n);
  // The client's account is observed too: when the fee takes the whole payment it is not posted to,
  // yet its row shows its balance.
  const { balances, bookedAt } = await postEntry(trx, {
    kind: 'incoming_payment',
    transferId,
    postings: entryPostings,
    postedAt: payment.at,
    observedAccountIds: [account.ledgerAccountId],
  });
  const numbers = await recordOperations(trx, [
    {
      at: bookedAt,
      transfer: {
        id: transferId,
        kind: 'incoming',
        status: 'Approved',
        clientId: account.clientId,
        fromAccountId: null,
        toAccountId: account.id,
        amountMinor: payment.amountMinor,
        currency: account.currency,
        feeMinor,
        paymentRegion: payment.paymentRegion,
        purpose: payment.purpose,
        paymentReference: payment.paymentReference,
        paymentDate: payment.valueDate,
        recipient: payment.senderName,
      },
      sides: [
        {
          clientId: account.clientId,
          accountId: account.id,
          direction: 'IN',
          fromAccount: payment.senderAccount,
          toAccount: account.number,
          recipient: payment.senderName,
          amountMinor: payment.amountMinor,
          currency: account.currency,
          feeMinor,
          bookedAt,
          balanceAfterMinor: balances.get(account.ledgerAccountId)!.bookedMinor,
          transactionType: TRANSACTION_TYPE_OF_REGION[payment.paymentRegion],
          reference: 'International',
        },
      ],
      actor: payment.actor,
    },
  ]);
  return { transactionNumber: numbers.get(transferId)!, feeMinor };
}
