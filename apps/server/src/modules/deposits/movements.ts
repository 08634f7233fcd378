import { randomUUID } from 'node:crypto';
import { BANK_PURPOSES, type BankPurpose } from '@bank/contracts';
import type { Db } from '../../db';
import type { InstantText } from '../../db/instant';
import type { ClientAccount } from '../accounts';
import { BRAND } from '../mail';
import { postEntry, type EntryKind, type LedgerAccountId } from '../ledger';
import { recordOperations } from '../operations';

/**
 * One movement of a term deposit on its funding account, booked: an entry between the account and
 * `counterpart` (the deposit's own ledger account, or the bank's interest expense) and a 'deposit'
 * transfer with its statement row: OUT when the money leaves the account (the placement), IN when it
 * comes back (interest, the return at maturity, an early closing). The row names the deposit's number
 * on the other side and the movement's purpose (BANK_PURPOSES), which readers show in their language.
 */
export interface DepositMovement {
  kind: Extract<EntryKind, `deposit_${string}`>;
  direction: 'IN' | 'OUT';
  clientId: string;
  account: ClientAccount;
  depositNumber: string;
  counterpart: LedgerAccountId;
  amountMinor: bigint;
  purpose: BankPurpose;
  /** The bank day it is for (the opening day, the payout's date, the closing day). */
  paymentDate: string;
  actor: { type: 'client' | 'system'; id: string | null };
  /** When it is booked, if not now: the demo history only. */
  at?: Date;
}

export async function bookDepositMovement(
  trx: Db,
  movement: DepositMovement,
): Promise<{ transferId: string; transactionNumber: string; bookedAt: InstantText; balanceAfterMinor: bigint }> {
  const { account, amountMinor } = movement;
  const { currency } = account;
  const incoming = movement.direction === 'IN';
  const transferId = randomUUID();
  const { balances, bookedAt } = await postEntry(trx, {
    kind: movement.kind,
    transferId,
    postings: [
      { accountId: movement.counterpart, currency, amountMinor: incoming ? -amountMinor : amountMinor },
      { accountId: account.ledgerAccountId, currency, amountMinor: incoming ? amountMinor : -amountMinor },
    ],
    postedAt: movement.at,
  });
  const balanceAfterMinor = balances.get(account.ledgerAccountId)!.bookedMinor;
  const numbers = await recordOperations(trx, [
    {
      at: bookedAt,
      transfer: {
        id: transferId,
        kind: 'deposit',
        status: 'Approved',
        clientId: movement.clientId,
        fromAccountId: incoming ? null : account.id,
        toAccountId: incoming ? account.id : null,
        amountMinor,
        currency,
        purpose: BANK_PURPOSES[movement.purpose],
        paymentReference: movement.depositNumber,
        paymentDate: movement.paymentDate,
        recipient: BRAND.en,
      },
      sides: [
        {
          clientId: movement.clientId,
          accountId: account.id,
          direction: movement.direction,
          fromAccount: incoming ? movement.depositNumber : account.number,
          toAccount: incoming ? account.number : movement.depositNumber,
          recipient: BRAND.en,
          amountMinor,
          currency,
          bookedAt,
          balanceAfterMinor,
          transactionType: 'Intra',
          reference: 'Internal',
        },
      ],
      actor: movement.actor,
    },
  ]);
  return { transferId, transactionNumber: numbers.get(transferId)!, bookedAt, balanceAfterMinor };
}
