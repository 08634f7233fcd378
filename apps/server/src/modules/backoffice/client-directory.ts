import { APPROVAL_AREAS } from '@bank/contracts/backoffice/approvals';
import { CLIENT_SEARCH_LIMIT, type ClientCard, type ClientClosureCard, type ClientRisk, type ClientSummary } from '@bank/contracts/backoffice/clients';
import { mayUse } from '@bank/contracts/backoffice/roles';
import { sql, type Selectable } from 'kysely';
import type { Db } from '../../db';
import { AppError } from '../../lib/errors';
import { listAccounts } from '../accounts';
import type { IdentityTables } from '../auth';
import { getApproval, pendingApprovalOf, type Actor, type ApprovalRegistry } from '../approvals';
import { closureForOperators } from '../closures';
import { clientRiskHistory, listKycRecords } from '../kyc';
import { clientNameOf } from '../users';
import { listTransactionRecords } from '../operations';

/** The back office's view of clients: search, and one client's card with its risk level. */
const RECENT_TRANSACTIONS = 20;

type ClientRow = Selectable<IdentityTables['clients']>;


function toSummary(row: ClientRow): ClientSummary {
  return {
    clientId: row.id,
    clientNumber: row.client_number,
    email: row.email,
    phone: row.phone,
    name: clientNameOf(row),
    accountType: row.account_type,
    kycStatus: row.kyc_status,
    createdAt: row.created_at.toISOString(),
  };
}

/** Escapes LIKE's wildcards so a search for "50%" finds the text "50%". */
function containing(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/** Clients whose e-mail, phone, name, company, client number or account number contains the text; newest first. */
export async function searchClients(db: Db, query: string | undefined): Promise<ClientSummary[]> {
  let select = db.selectFrom('clients').selectAll();
  if (query) {
    const pattern = containing(query.toLowerCase());
    const digits = query.replace(/\D/g, '');
    select = select.where((where) =>
      where.or([
        where(sql`lower(email)`, 'like', pattern),
        where(sql`lower(coalesce(first_name, '') || ' ' || coalesce(last_name, ''))`, 'like', pattern),
        where(sql`lower(coalesce(company_name, ''))`, 'like', pattern),
        where('client_number', '=', query),
        ...(digits.length >= 4 ? [where('phone', 'like', containing(digits))] : []),
        where('id', 'in', (sub) => sub.selectFrom('accounts').select('client_id').where('number', '=', query.replace(/\s/g, ''))),
      ]),
    );
  }
  const rows = await select.orderBy('created_at', 'desc').orderBy('id').limit(CLIENT_SEARCH_LIMIT).execute();
  return rows.map(toSummary);
}

/**
 * The client's risk level, its history (who proposed, who approved, when, why), and the proposal
 * of a change waiting, shown to the operators who may decide it (docs/bank-controls.md#high-risk-clients).
 */
export async function clientRisk(db: Db, registry: ApprovalRegistry, viewer: Actor, clientId: string): Promise<ClientRisk> {
  const [{ level, history }, open] = await Promise.all([clientRiskHistory(db, clientId), pendingApprovalOf(db, 'clientRisk', clientId)]);
  const pending = open && mayUse(viewer.roles, APPROVAL_AREAS.clientRisk) ? await getApproval(db, registry, open.id, viewer) : null;
  return { level, history, pending };
}

/** The client's closure by the bank, if any, and a proposal to close the client waiting, shown to those who may decide it. */
async function clientClosure(db: Db, registry: ApprovalRegistry, viewer: Actor, clientId: string): Promise<ClientClosureCard> {
  const [closure, open] = await Promise.all([closureForOperators(db, clientId), pendingApprovalOf(db, 'clientClosure', clientId)]);
  const pending = open && mayUse(viewer.roles, APPROVAL_AREAS.clientClosure) ? await getApproval(db, registry, open.id, viewer) : null;
  return { closure, pending };
}

export async function clientCard(db: Db, registry: ApprovalRegistry, viewer: Actor, clientId: string): Promise<ClientCard> {
  const row = await db.selectFrom('clients').selectAll().where('id', '=', clientId).executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND');
  const [kyc, accounts, transactions, risk, closure] = await Promise.all([
    listKycRecords(db, clientId),
    listAccounts(db, clientId),
    listTransactionRecords(db, clientId, { limit: RECENT_TRANSACTIONS }),
    clientRisk(db, registry, viewer, clientId),
    clientClosure(db, registry, viewer, clientId),
  ]);
  return {
    client: { ...toSummary(row), emailVerified: row.email_verified, address: row.address, city: row.city, country: row.country, postCode: row.post_code },
    kyc,
    accounts: accounts.map((account) => ({ number: account.number, currency: account.currency, balance: account.bookedBalance, available: account.balance })),
    transactions,
    risk,
    closure,
  };
}
