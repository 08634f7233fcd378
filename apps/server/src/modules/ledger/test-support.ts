import { decimalToMinor, type Currency } from '@bank/contracts';
import type { Db } from '../../db';
import { bankAccountId, postEntry } from './ledger';

/**
 * Test helper: money arriving from outside the bank (clearing → client account), booked through the
 * ledger like any other entry so every invariant holds in tests too.
 */
export async function fundLedgerAccount(db: Db, ledgerAccountId: string, currency: Currency, amount: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const amountMinor = decimalToMinor(amount, currency);
    await postEntry(trx, {
      kind: 'incoming_payment',
      postings: [
        { accountId: await bankAccountId(trx, 'clearing', currency), currency, amountMinor: -amountMinor },
        { accountId: ledgerAccountId, currency, amountMinor },
      ],
    });
  });
}

