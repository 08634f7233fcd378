import { sql } from 'kysely';
import type { Db } from '../../db';

/**
 * The ledger's invariants, checked by whole-table queries (tests after every step, the benchmark
 * after its run, an operator's health check). Each answers the rows that break it; an empty list
 * means the ledger is sound.
 */
export interface LedgerViolation {
  rule: string;
  detail: string;
}

type Check = { rule: string; query: ReturnType<typeof sql<{ detail: string }>> };

/**
 * The rows a client reads (statement rows of accounts, wallet rows of wallets) and the ledger are
 * one basis: each row belongs to its transfer, each posting of a transfer to the owner is its row's
 * movement (credit amount − fee, debit amount + fee) at the row's place, and each booked row that
 * moves money has its posting.
 */
function sideRowChecks(side: { rows: string; owners: string; ownerKey: string; row: string; owner: string }): Check[] {
  const rows = sql.table(side.rows);
  const owners = sql.table(side.owners);
  const ownerKey = sql.ref(`s.${side.ownerKey}`);
  const movement = sql`case when s.direction = 'IN' then s.amount - s.fee else -(s.amount + s.fee) end`;
  return [
    {
      rule: `every ${side.row} belongs to a transfer with its number and status`,
      query: sql`select s.id::text as detail from ${rows} s left join transfers t on t.id = s.transfer_id
        where t.id is null or t.transaction_number <> s.transaction_number or t.status <> s.status`,
    },
    {
      rule: `every posting of a transfer to ${side.owner} is its ${side.row}, booked at the same instant`,
      query: sql`select p.id::text || ' ' || p.amount::text as detail
        from postings p
        join journal_entries e on e.id = p.entry_id
        join ${owners} o on o.ledger_account_id = p.ledger_account_id
        where e.transfer_id is not null and 1 <> (
          select count(*) from ${rows} s
          where s.transfer_id = e.transfer_id and ${ownerKey} = o.id and s.booked_at = p.created_at and p.amount = ${movement})`,
    },
    {
      rule: `every booked ${side.row} that moves money has its posting`,
      query: sql`select s.id::text as detail
        from ${rows} s
        join ${owners} o on o.id = ${ownerKey}
        where s.booked_at is not null and ${movement} <> 0
          and not exists (
            select 1 from postings p join journal_entries e on e.id = p.entry_id
            where e.transfer_id = s.transfer_id and p.ledger_account_id = o.ledger_account_id and p.created_at = s.booked_at)`,
    },
  ];
}

const CHECKS: Check[] = [
  {
    rule: 'balances of every currency sum to zero',
    query: sql`select currency || ' ' || sum(booked)::text as detail from ledger_accounts group by currency having sum(booked) <> 0`,
  },
  {
    rule: 'postings of every currency sum to zero',
    query: sql`select currency || ' ' || sum(amount)::text as detail from postings group by currency having sum(amount) <> 0`,
  },
  {
    rule: 'every journal entry sums to zero per currency',
    query: sql`select entry_id::text || ' ' || currency || ' ' || sum(amount)::text as detail from postings group by entry_id, currency having sum(amount) <> 0`,
  },
  {
    rule: 'every journal entry has at least two postings',
    query: sql`select e.id::text as detail from journal_entries e left join postings p on p.entry_id = e.id group by e.id having count(p.id) < 2`,
  },
  {
    rule: 'every booked balance equals the sum of its postings',
    query: sql`select a.id::text || ' booked ' || a.booked::text || ' postings ' || coalesce(p.total, 0)::text as detail
      from ledger_accounts a left join (select ledger_account_id, sum(amount) as total from postings group by ledger_account_id) p
        on p.ledger_account_id = a.id
      where a.booked <> coalesce(p.total, 0)`,
  },
  {
    rule: 'every available balance equals booked minus active holds',
    query: sql`select a.id::text || ' available ' || a.available::text || ' booked ' || a.booked::text || ' held ' || coalesce(h.total, 0)::text as detail
      from ledger_accounts a left join (select ledger_account_id, sum(amount) as total from ledger_holds where status = 'active' group by ledger_account_id) h
        on h.ledger_account_id = a.id
      where a.available <> a.booked - coalesce(h.total, 0)`,
  },
  {
    rule: 'no client or deposit balance below zero',
    query: sql`select id::text || ' booked ' || booked::text || ' available ' || available::text as detail from ledger_accounts
      where kind in ('client', 'deposit') and (booked < 0 or available < 0)`,
  },
  {
    rule: 'every posting belongs to a journal entry',
    query: sql`select p.id::text as detail from postings p left join journal_entries e on e.id = p.entry_id where e.id is null`,
  },
  ...sideRowChecks({ rows: 'transactions', owners: 'accounts', ownerKey: 'account_id', row: 'statement row', owner: 'a client account' }),
  // The same one basis for wallets: the crypto list's rows are the wallets' postings.
  ...sideRowChecks({ rows: 'wallet_transactions', owners: 'wallets', ownerKey: 'wallet_id', row: 'wallet row', owner: 'a wallet' }),
  {
    rule: 'postings are in the currency of their account',
    query: sql`select p.id::text as detail from postings p join ledger_accounts a on a.id = p.ledger_account_id where p.currency <> a.currency`,
  },
];

export async function findLedgerViolations(db: Db): Promise<LedgerViolation[]> {
  const violations: LedgerViolation[] = [];
  for (const check of CHECKS) {
    const { rows } = await check.query.execute(db);
    for (const row of rows.slice(0, 20)) violations.push({ rule: check.rule, detail: row.detail });
  }
  return violations;
}
