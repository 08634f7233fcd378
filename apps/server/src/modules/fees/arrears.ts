import { decimalToMinor, formatMinor } from '@bank/contracts';
import { sql } from 'kysely';
import type { Db } from '../../db';
import { recordAudit } from '../audit';
import type { JobContext, JobDefinition } from '../jobs';
import type { RatesAgeLimit } from '../rates';
import { MONTHLY_FEE_BOOKS, MONTHLY_FEES } from './books';
import { payFeeInEur, type MonthlyFee } from './payment';

/**
 * Arrears of the monthly fees (account maintenance, and high-risk service: the same rules for both)
 * are collected from the client's next credit (docs/time.md). A sweep
 * every minute looks only at clients who owe something and have money available again (a credit,
 * a released hold) and takes what it can, oldest month first, partly if need be, never below zero
 * (payment.ts). Each client is handled in a transaction of its own with their arrears rows locked
 * (skip locked: a second node passes over a client being collected), so a credit pays an arrear
 * exactly once; what is collected is a row of its fee on the statement like the charge itself.
 * Oldest month first, and within a month the maintenance fee before the high-risk fee.
 */
export const COLLECT_ARREARS_JOB = 'fees.collect-arrears';

/** Clients with open arrears and some money available on one of their accounts. */
async function clientsToCollect(db: Db): Promise<string[]> {
  const { rows } = await sql<{ client_id: string }>`
    select distinct arrear.client_id
    from (select client_id, settled_at from maintenance_arrears union all select client_id, settled_at from high_risk_arrears) as arrear
    where arrear.settled_at is null
      and exists (select 1 from accounts as account join ledger_accounts as ledger on ledger.id = account.ledger_account_id
        where account.client_id = arrear.client_id and ledger.available > 0)
    order by arrear.client_id`.execute(db);
  return rows.map((row) => row.client_id);
}

export interface ArrearsCollection {
  clientId: string;
  collectedEurMinor: bigint;
}

interface OpenArrear {
  fee: MonthlyFee;
  monthText: string;
  outstandingEur: string;
}

/** The client's open arrears of both fees, locked (skipping those another run holds), oldest month first, maintenance first within a month. */
async function lockOpenArrears(trx: Db, clientId: string): Promise<OpenArrear[]> {
  const open: OpenArrear[] = [];
  for (const fee of MONTHLY_FEES) {
    const rows = await trx
      .selectFrom(MONTHLY_FEE_BOOKS[fee].arrears)
      .select([sql<string>`month::text`.as('monthText'), 'outstanding_eur'])
      .where('client_id', '=', clientId)
      .where('settled_at', 'is', null)
      .orderBy('month')
      .forUpdate()
      .skipLocked()
      .execute();
    open.push(...rows.map((row) => ({ fee, monthText: row.monthText, outstandingEur: row.outstanding_eur })));
  }
  // A stable sort: within a month the fees stay in MONTHLY_FEES order.
  return open.sort((first, second) => first.monthText.localeCompare(second.monthText));
}

async function settle(trx: Db, clientId: string, arrear: OpenArrear, leftMinor: bigint, at: Date): Promise<void> {
  const values = { outstanding_eur: formatMinor(leftMinor, 'EUR'), settled_at: leftMinor === 0n ? at : null };
  await trx.updateTable(MONTHLY_FEE_BOOKS[arrear.fee].arrears).set(values).where('client_id', '=', clientId).where('month', '=', arrear.monthText).execute();
}

/** Collects what it can of one client's arrears; null when another run holds them or nothing was paid. */
export async function collectClientArrears(db: Db, clientId: string, at: Date, rates: RatesAgeLimit): Promise<ArrearsCollection | null> {
  return db.transaction().execute(async (trx) => {
    const open = await lockOpenArrears(trx, clientId);
    let collectedEurMinor = 0n;
    const paid: Array<{ fee: MonthlyFee; month: string; eur: string; transactionNumbers: string[] }> = [];
    for (const arrear of open) {
      const outstandingMinor = decimalToMinor(arrear.outstandingEur, 'EUR');
      const payment = await payFeeInEur(trx, { clientId, fee: arrear.fee, dueEurMinor: outstandingMinor, reference: arrear.monthText.slice(0, 7) }, rates);
      if (payment.paidEurMinor === 0n) break;
      const leftMinor = outstandingMinor - payment.paidEurMinor;
      await settle(trx, clientId, arrear, leftMinor, at);
      collectedEurMinor += payment.paidEurMinor;
      paid.push({ fee: arrear.fee, month: arrear.monthText, eur: formatMinor(payment.paidEurMinor, 'EUR'), transactionNumbers: payment.transactionNumbers });
      if (leftMinor > 0n) break;
    }
    if (collectedEurMinor === 0n) return null;
    await recordAudit(trx, { actorType: 'system', action: 'fees.arrearsCollected', subjectType: 'client', subjectId: clientId, after: { collected: paid } });
    return { clientId, collectedEurMinor };
  });
}

/** The sweep: every client who owes and can pay something now. */
export async function collectArrears(context: Pick<JobContext, 'db' | 'clock' | 'config' | 'log'>): Promise<ArrearsCollection[]> {
  const collections: ArrearsCollection[] = [];
  let failures = 0;
  for (const clientId of await clientsToCollect(context.db)) {
    try {
      const collection = await collectClientArrears(context.db, clientId, context.clock.now(), context);
      if (collection) collections.push(collection);
    } catch (error) {
      failures += 1;
      context.log.error({ err: error, clientId }, 'fee arrears could not be collected');
    }
  }
  if (failures > 0) throw new Error(`Arrears could not be collected for ${failures} client(s)`);
  return collections;
}

export const collectArrearsJob: JobDefinition = {
  name: COLLECT_ARREARS_JOB,
  cron: '* * * * *',
  catchUpOnStart: true,
  async run(context) {
    await collectArrears(context);
  },
};
