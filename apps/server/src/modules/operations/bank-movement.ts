import { randomUUID } from 'node:crypto';
import { BANK_PURPOSES, type BankPurpose } from '@bank/contracts';
import type { Db } from '../../db';
import type { InstantText } from '../../db/instant';
import type { ClientAccount } from '../accounts';
import { postEntry, type EntryKind, type LedgerAccountId } from '../ledger';
import { BRAND } from '../mail';
import { recordOperations } from './records';

/**
 * Money moved between a client's account and one of the bank's own ledger accounts, at the bank's
 * initiative: a fee, a term deposit's placement, interest or return. It is booked at once and
 * recorded as one operation with one statement row, the bank on the other side; the row names
 * `otherSide` (a deposit's number, or nothing for a fee) and the movement's purpose
 * (BANK_PURPOSES), which readers show in their language.
 */
export interface BankMovement {
  entryKind: EntryKind;
  operationKind: 'fee' | 'deposit';
  direction: 'IN' | 'OUT';
  clientId: string;
  account: ClientAccount;
  /** The bank's side: fee income, interest expense, or a deposit's own ledger account. */
  counterpart: LedgerAccountId;
  amountMinor: bigint;
  purpose: BankPurpose;
  otherSide: string;
  paymentReference?: string | undefined;
  /** The bank day it is for, when the operation names one (a deposit's movements). */
  paymentDate?: string | undefined;
  actor: { type: 'client' | 'operator' | 'system'; id: string | null };
  /** When it is booked, if not now. */
  at?: Date | undefined;
}

export interface BookedBankMovement {
  transferId: string;
  transactionNumber: string;
  bookedAt: InstantText;
  /** The account's booked balance right after the movement. */
  balanceAfterMinor: bigint;
}

export async function bookBankMovement(trx: Db, movement: BankMovement): Promise<BookedBankMovement> {
  const { account, amountMinor } = movement;
  const { currency } = account;
  const incoming = movement.direction === 'IN';
  const transferId = randomUUID();
  const { balances, bookedAt } = await postEntry(trx, {
    kind: movement.entryKind,
    transferId,
    postings: [
      { accountId: account.ledgerAccountId, currency, amountMinor: incoming ? amountMinor : -amountMinor },
      { accountId: movement.counterpart, currency, amountMinor: incoming ? -amountMinor : amountMinor },
    ],
    postedAt: movement.at,
  });
  const balanceAfterMinor = balances.get(account.ledgerAccountId)!.bookedMinor;
  const numbers = await recordOperations(trx, [
    {
      at: bookedAt,
      transfer: {
        id: transferId,
        kind: movement.operationKind,
        status: 'Approved',
        clientId: movement.clientId,
        fromAccountId: incoming ? null : account.id,
        toAccountId: incoming ? account.id : null,
        amountMinor,
        currency,
        purpose: BANK_PURPOSES[movement.purpose],
        paymentReference: movement.paymentReference,
        ...(movement.paymentDate === undefined ? {} : { paymentDate: movement.paymentDate }),
        recipient: BRAND.en,
      },
      sides: [
        {
          clientId: movement.clientId,
          accountId: account.id,
          direction: movement.direction,
          fromAccount: incoming ? movement.otherSide : account.number,
          toAccount: incoming ? account.number : movement.otherSide,
          recipient: BRAND.en,
          // The row moves exactly its posting, so the statement's rows still add up.
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
