import { CRYPTO_NETWORK_FEES, decimalToMinor, formatMinor, type Currency } from '@bank/contracts';
import type { ClientClosureCard } from '@bank/contracts/backoffice/clients';
import type { ClosureAccount, ClosureAccountState, ClosureStatus, ClosureWallet } from '@bank/contracts/closure/closure';
import type { TransactionStatus } from '@bank/contracts/transfers/status';
import { sql } from 'kysely';
import type { Db } from '../../db';
import { AppError } from '../../lib/errors';
import { clientAccountsOf, type ClientAccount } from '../accounts';
import { clientWalletsOf, type ClientWallet } from '../crypto';
import { readBalances, type Balance } from '../ledger';
import { loadRateTable, type RateTable } from '../rates';
import { quoteInternationalFee } from '../transfers';
import { closureRowOf } from './closure-approval';

/**
 * Where a closed client's accounts and wallets stand (docs/bank-controls.md#closing-a-client): what
 * each can still send, its newest payout, and whether it is Closed. One is Closed once it holds
 * nothing, booked or held; its state is derived from its balances and payouts, never stored, so it
 * cannot drift from the ledger.
 */

/** The statuses of a transfer that still waits for the bank. */
const WAITING: ReadonlySet<TransactionStatus> = new Set(['New', 'Processing']);

/** What a payout would send now and its fee (zero when it cannot send anything). */
export interface Payable {
  amountMinor: bigint;
  feeMinor: bigint;
}

/**
 * The most a transfer abroad from `availableMinor` can send: the largest amount whose amount + fee
 * (the usual fee, transfers/fees.ts) is within it; 0 when not even the minimum fee fits. The fee
 * never falls as the amount grows, so the amounts that fit are a range from 0 and a search finds its end.
 */
export function largestPayable(table: RateTable, currency: Currency, availableMinor: bigint): Payable {
  let low = 0n;
  let high = availableMinor;
  while (low < high) {
    const middle = (low + high + 1n) / 2n;
    if (middle + quoteInternationalFee(table, currency, middle).feeMinor <= availableMinor) low = middle;
    else high = middle - 1n;
  }
  return { amountMinor: low, feeMinor: low > 0n ? quoteInternationalFee(table, currency, low).feeMinor : 0n };
}

/** A wallet's payout sends all it has less the coin's network fee (tariffs.ts). */
function walletPayable(wallet: ClientWallet, availableMinor: bigint): Payable {
  const feeMinor = decimalToMinor(CRYPTO_NETWORK_FEES[wallet.currency], wallet.currency);
  return availableMinor > feeMinor ? { amountMinor: availableMinor - feeMinor, feeMinor } : { amountMinor: 0n, feeMinor: 0n };
}

interface PayoutRow {
  owner_id: string;
  number: string;
  status: TransactionStatus;
  amount: string;
  fee: string;
  destination: string;
}

/** The newest payout of each account and wallet of the client, by the account's or wallet's id. */
async function newestPayouts(db: Db, clientId: string): Promise<Map<string, PayoutRow>> {
  const { rows } = await sql<PayoutRow>`
    select distinct on (coalesce(payout.account_id, payout.wallet_id)) coalesce(payout.account_id, payout.wallet_id)::text as owner_id,
      operation.number, operation.status, operation.amount::text, operation.fee::text, payout.destination
    from closure_payouts as payout join operations as operation on operation.id = payout.operation_id
    where payout.client_id = ${clientId}
    order by coalesce(payout.account_id, payout.wallet_id), payout.id desc`.execute(db);
  return new Map(rows.map((row) => [row.owner_id, row]));
}

/** One account's or wallet's state and figures, from its balances, its newest payout and what a payout would send. */
function standingOf(currency: Currency, balance: Balance, row: PayoutRow | undefined, payable: Payable) {
  const waiting = row !== undefined && WAITING.has(row.status);
  const empty = balance.bookedMinor === 0n && balance.availableMinor === 0n;
  // Money held by a transfer still waiting (the payout, or one the client made before the closure) is on its way.
  const state: ClosureAccountState = empty ? 'closed' : waiting || balance.availableMinor === 0n ? 'payoutPending' : payable.amountMinor > 0n ? 'awaitingPayout' : 'belowFee';
  const money = (minor: bigint) => formatMinor(minor, currency);
  return {
    currency,
    balance: money(balance.bookedMinor),
    available: money(balance.availableMinor),
    state,
    payable: state === 'awaitingPayout' ? money(payable.amountMinor) : null,
    fee: state === 'awaitingPayout' ? money(payable.feeMinor) : null,
    payout: row && { transactionNumber: row.number, status: row.status, amount: money(decimalToMinor(row.amount, currency)), fee: money(decimalToMinor(row.fee, currency)) },
  };
}

export interface AccountStanding {
  account: ClientAccount;
  payable: Payable;
  answer: ClosureAccount;
}

export interface WalletStanding {
  wallet: ClientWallet;
  payable: Payable;
  answer: ClosureWallet;
}

/**
 * Each account and wallet of the client with its state, on the balances given (locked by the
 * caller) or read now.
 */
export async function standingsOf(db: Db, clientId: string, balances?: ReadonlyMap<string, Balance>): Promise<{ accounts: AccountStanding[]; wallets: WalletStanding[] }> {
  const [accounts, wallets] = await Promise.all([clientAccountsOf(db, clientId), clientWalletsOf(db, clientId)]);
  const [read, payouts, table] = await Promise.all([
    balances ?? readBalances(db, [...accounts, ...wallets].map((owned) => owned.ledgerAccountId)),
    newestPayouts(db, clientId),
    loadRateTable(db),
  ]);
  return {
    accounts: accounts.map((account) => {
      const balance = read.get(account.ledgerAccountId)!;
      const payable = largestPayable(table, account.currency, balance.availableMinor);
      const { payout, ...standing } = standingOf(account.currency, balance, payouts.get(account.id), payable);
      const row = payouts.get(account.id);
      return { account, payable, answer: { number: account.number, ...standing, payout: payout && row ? { ...payout, iban: row.destination } : null } };
    }),
    wallets: wallets.map((wallet) => {
      const balance = read.get(wallet.ledgerAccountId)!;
      const payable = walletPayable(wallet, balance.availableMinor);
      const { payout, ...standing } = standingOf(wallet.currency, balance, payouts.get(wallet.id), payable);
      const row = payouts.get(wallet.id);
      return { wallet, payable, answer: { address: wallet.address, ...standing, payout: payout && row ? { ...payout, recipient: row.destination } : null } };
    }),
  };
}

function statusOf(
  closure: { closed_at: Date; fee_eur: string; fee_paid_eur: string },
  standings: { accounts: readonly AccountStanding[]; wallets: readonly WalletStanding[] },
): ClosureStatus {
  return {
    closedAt: closure.closed_at.toISOString(),
    fee: { amount: formatMinor(decimalToMinor(closure.fee_eur, 'EUR'), 'EUR'), currency: 'EUR', paid: formatMinor(decimalToMinor(closure.fee_paid_eur, 'EUR'), 'EUR') },
    accounts: standings.accounts.map((standing) => standing.answer),
    wallets: standings.wallets.map((standing) => standing.answer),
    canRequestPayout: standings.accounts.some((standing) => standing.answer.state === 'awaitingPayout'),
  };
}

/** GET /api/closure: the closure as its client reads it (no reason: that stays in the bank); 404 for a client the bank has not closed. */
export async function closureStatus(db: Db, clientId: string): Promise<ClosureStatus> {
  const closure = await closureRowOf(db, clientId);
  if (!closure) throw new AppError('NOT_FOUND');
  return statusOf(closure, await standingsOf(db, clientId));
}

/** The closure on the client's card in the back office: with the reason, who proposed and approved it, and the fee unpaid. */
export async function closureForOperators(db: Db, clientId: string): Promise<ClientClosureCard['closure']> {
  const closure = await closureRowOf(db, clientId);
  if (!closure) return null;
  const [people, standings] = await Promise.all([
    db.selectFrom('operators').select(['id', 'full_name', 'email']).where('id', 'in', [closure.proposed_by, closure.approved_by]).execute(),
    standingsOf(db, clientId),
  ]);
  const operator = (id: string) => {
    const found = people.find((person) => person.id === id)!;
    return { id, name: found.full_name, email: found.email };
  };
  const unpaidMinor = decimalToMinor(closure.fee_eur, 'EUR') - decimalToMinor(closure.fee_paid_eur, 'EUR');
  return {
    ...statusOf(closure, standings),
    reason: closure.reason,
    proposedBy: operator(closure.proposed_by),
    approvedBy: operator(closure.approved_by),
    feeUnpaid: formatMinor(unpaidMinor, 'EUR'),
  };
}
