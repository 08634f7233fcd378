import type { BankPurpose } from '@bank/contracts';
import type { Db } from '../../db';
import type { ClientAccount } from '../accounts';
import type { EntryKind, LedgerAccountId } from '../ledger';
import { bookBankMovement, type BookedBankMovement } from '../operations';

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

export async function bookDepositMovement(trx: Db, movement: DepositMovement): Promise<BookedBankMovement> {
  return bookBankMovement(trx, {
    entryKind: movement.kind,
    operationKind: 'deposit',
    direction: movement.direction,
    clientId: movement.clientId,
    account: movement.account,
    counterpart: movement.counterpart,
    amountMinor: movement.amountMinor,
    purpose: movement.purpose,
    otherSide: movement.depositNumber,
    paymentReference: movement.depositNumber,
    paymentDate: movement.paymentDate,
    actor: movement.actor,
    at: movement.at,
  });
}
