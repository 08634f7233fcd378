import { formatMinor, internationalTransferSchema } from '@bank/contracts';
import { closureCryptoPayoutRequestSchema, type ClosurePayoutRequest, type ClosureStatus } from '@bank/contracts/closure/closure';
import { createCryptoTransferRequestSchema } from '@bank/contracts/crypto/create-crypto-transfer';
import type { z } from 'zod';
import type { Db } from '../../db';
import { AppError, parseWith } from '../../lib/errors';
import { clientAccountsOf } from '../accounts';
import { recordAudit } from '../audit';
import { clientWalletsOf, createCryptoTransfer } from '../crypto';
import { lockBalances } from '../ledger';
import { createInternationalTransfer } from '../transfers';
import { closureRowOf } from './closure-approval';
import { closureStatus, standingsOf } from './status';

/**
 * The payout of what remains to a client the bank has closed (docs/bank-controls.md#closing-a-client):
 * from the accounts, a bank transfer abroad to the account the client names; from a wallet, a crypto
 * transfer to the address the client names. Each is an ordinary transfer under the usual rules (its
 * fee, its hold, the bank's review and approvals), of the most the balance pays with the fee. The
 * client's row lock and the ledger's locks keep two requests from paying the same money twice.
 */

interface Payer {
  id: string;
  email: string;
  ip?: string;
}

/** The client's row locked and the closure there, and the standings on the locked balances. */
async function lockedStandings(trx: Db, client: { id: string }) {
  const row = await trx.selectFrom('clients').select(['id', 'email']).where('id', '=', client.id).forUpdate().executeTakeFirstOrThrow();
  if (!(await closureRowOf(trx, client.id))) throw new AppError('NOT_FOUND');
  const [accounts, wallets] = await Promise.all([clientAccountsOf(trx, client.id), clientWalletsOf(trx, client.id)]);
  const balances = await lockBalances(trx, [...accounts, ...wallets].map((owned) => owned.ledgerAccountId));
  return { email: row.email, standings: await standingsOf(trx, client.id, balances) };
}

const nothingToPay = () => new AppError('CONFLICT', { message: 'Nothing is left to pay out', details: { reason: 'nothingToPay' } });

/** Records which transfer paid out an account or a wallet, and audits it. */
async function recordPayout(trx: Db, client: Payer, paid: { accountId?: string; walletId?: string; number: string; destination: string; detail: Record<string, unknown> }): Promise<void> {
  const operation = await trx.selectFrom('operations').select('id').where('number', '=', paid.number).executeTakeFirstOrThrow();
  await trx
    .insertInto('closure_payouts')
    .values({ client_id: client.id, account_id: paid.accountId ?? null, wallet_id: paid.walletId ?? null, operation_id: operation.id, destination: paid.destination })
    .execute();
  await recordAudit(trx, {
    actorType: 'client',
    actorId: client.id,
    action: 'closure.payoutRequested',
    subjectType: 'transfer',
    subjectId: operation.id,
    ip: client.ip,
    after: { transactionNumber: paid.number, destination: paid.destination, ...paid.detail },
  });
}

/**
 * POST /api/closure/payout: every account awaiting its payout sends the most its available balance
 * pays with the fee, SEPA for euros and SWIFT otherwise, the bank's country being the IBAN's.
 */
export async function requestClosurePayout(trx: Db, client: { id: string; ip?: string }, request: ClosurePayoutRequest): Promise<ClosureStatus> {
  const { email, standings } = await lockedStandings(trx, client);
  const due = standings.accounts.filter((standing) => standing.answer.state === 'awaitingPayout');
  if (due.length === 0) throw nothingToPay();
  for (const { account, payable } of due) {
    const transfer = internationalTransferSchema.parse({
      type: 'international',
      paymentRegions: account.currency === 'EUR' ? 'SEPA' : 'SWIFT',
      fromAccount: account.number,
      amount: formatMinor(payable.amountMinor, account.currency),
      recipientDetails: {
        fullName: request.fullName,
        recipientsSwiftBic: request.swiftBic,
        recipientsBankCountry: request.iban.slice(0, 2),
        recipientsBankAddress: request.bankAddress,
        recipientsBank: request.bank,
        recipientsIban: request.iban,
        recipientsAddress: request.address,
        recipientsEmail: email,
      },
    });
    const number = await createInternationalTransfer(trx, client.id, transfer);
    await recordPayout(trx, { ...client, email }, { accountId: account.id, number, destination: request.iban, detail: { account: account.number, amount: transfer.amount, currency: account.currency } });
  }
  return closureStatus(trx, client.id);
}

/** POST /api/closure/crypto-payout: the wallet sends all it has less the coin's network fee to the address named. */
export async function requestCryptoClosurePayout(trx: Db, client: { id: string; ip?: string }, request: z.output<typeof closureCryptoPayoutRequestSchema>): Promise<ClosureStatus> {
  const { email, standings } = await lockedStandings(trx, client);
  const standing = standings.wallets.find((candidate) => candidate.wallet.address === request.wallet);
  if (!standing) throw new AppError('NOT_FOUND', { message: 'Wallet not found', fields: { wallet: 'validation.fromWallet.notFound' } });
  if (standing.answer.state !== 'awaitingPayout') throw nothingToPay();
  const { wallet, payable } = standing;
  const transfer = parseWith(createCryptoTransferRequestSchema, {
    type: 'crypto',
    fromWallet: wallet.address,
    recipient: request.recipient,
    amount: formatMinor(payable.amountMinor, wallet.currency),
    currency: wallet.currency,
  });
  const number = await createCryptoTransfer(trx, client.id, transfer);
  await recordPayout(trx, { ...client, email }, { walletId: wallet.id, number, destination: transfer.recipient, detail: { wallet: wallet.address, amount: transfer.amount, currency: wallet.currency } });
  return closureStatus(trx, client.id);
}
