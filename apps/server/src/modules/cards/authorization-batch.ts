import type { AuthorizationRequest } from '@bank/contracts/cards/network';
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

/**
 * The job of one authorisation message (its amount checked now: a 422 before anything waits). A
 * card's authorisations settle in the order they came, and a message's repeat after its first: no
 * card and no message id is ever in two transactions at once.
 */
export function authorizationJob(kind: MoneyWriteKind<AuthorizationJob>, deps: NetworkDeps, request: AuthorizationRequest, rawBody: string): PreparedJob<AuthorizationJob> {
  const prepared = prepareAuthorization(deps, request);
  return {
    kind,
    item: { prepared, message: { messageId: request.messageId, bodyHash: bodyHashOf(rawBody) } },
    resources: [`card:${prepared.panHashes[0]!}`, `cardNetworkMessage:${request.messageId}`],
  };
}
