import type { AuthorizationRequest } from '@bank/contracts/cards/network';
import type { Db } from '../../db';
import type { AppDeps } from '../../deps';
import type { MoneyWriteKind, PreparedJob } from '../ledger';
import { authorizeAll, prepareAuthorization, type NetworkDeps, type PreparedAuthorization } from './network';
import { answerOnce, bodyHashOf, type NetworkMessage } from './network-messages';

/**
 * Authorisations in the group commit (ledger/group-commit.ts): the ones that arrive together are
 * claimed, decided and answered in one transaction of a few statements whatever their number
 * (network-messages.ts, authorizeAll), each answered on its own. An authorisation is a real-time
 * decision a card processor waits for: as its own transaction it was nine statements and a commit
 * each, about a third of the internal transfers' rate (docs/benchmarks.md#card-network).
 */

/** An authorisation checked outside any transaction, with its message's id and body hash for the claim. */
export interface AuthorizationJob {
  prepared: PreparedAuthorization;
  message: NetworkMessage;
}

/** The kind of the app's authorisations; made once per app, as the group commit settles one kind's jobs together. */
export function cardAuthorizations(deps: NetworkDeps): MoneyWriteKind<AuthorizationJob> {
  return {
    name: 'card authorisations',
    async settle(trx, jobs) {
      const outcomes = await answerOnce(trx, 'authorization', jobs.map((job) => job.message), (fresh) => authorizeAll(trx, deps, fresh.map((index) => jobs[index]!.prepared)));
      return outcomes.map((outcome) => (outcome.ok ? { ok: true, answer: { status: 200, body: outcome.answer } } : outcome));
    },
  };
}

/** Cards whose ledger account the process keeps at most: past it, it forgets them all and looks them up again. */
const MAX_KNOWN_CARDS = 100_000;

/**
 * The ledger account of each card, by its number's current hash, looked up once per process: a
 * card keeps its account for life (a replacement is a new card). An authorisation names it among
 * its resources, as a transfer names its accounts, so no two transactions of this server lock it at
 * once: one waits for the next batch instead of for a row lock inside the database, where a batch
 * of transfers and one of authorisations could each hold an account the other needs.
 */
export class CardLedgerAccounts {
  private readonly known = new Map<string, string>();

  constructor(private readonly db: Db) {}

  /** The card's ledger account, or undefined for a number of no card. */
  async of(panHashes: readonly string[]): Promise<string | undefined> {
    const key = panHashes[0]!;
    const known = this.known.get(key);
    if (known !== undefined) return known;
    const row = await this.db
      .selectFrom('cards')
      .innerJoin('accounts', 'accounts.id', 'cards.account_id')
      .select('accounts.ledger_account_id')
      .where('cards.pan_hash', 'in', [...panHashes])
      .executeTakeFirst();
    if (!row) return undefined;
    if (this.known.size >= MAX_KNOWN_CARDS) this.known.clear();
    this.known.set(key, String(row.ledger_account_id));
    return String(row.ledger_account_id);
  }
}

/**
 * The job of one authorisation message (its amount checked now: a 422 before anything waits). A
 * card's authorisations settle in the order they came, and a message's repeat after its first: no
 * card, card account or message id is ever in two transactions of this server at once.
 */
export async function authorizationJob(
  kind: MoneyWriteKind<AuthorizationJob>,
  deps: NetworkDeps & Pick<AppDeps, 'db'>,
  accounts: CardLedgerAccounts,
  request: AuthorizationRequest,
  rawBody: string,
): Promise<PreparedJob<AuthorizationJob>> {
  const prepared = prepareAuthorization(deps, request);
  const ledgerAccount = await accounts.of(prepared.panHashes);
  return {
    kind,
    item: { prepared, message: { messageId: request.messageId, bodyHash: bodyHashOf(rawBody) } },
    resources: [`card:${prepared.panHashes[0]!}`, `cardNetworkMessage:${request.messageId}`, ...(ledgerAccount === undefined ? [] : [ledgerAccount])],
  };
}
