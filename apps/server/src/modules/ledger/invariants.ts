import { sql } from 'kysely';
import type { Db } from '../../db';
import { CREDITS_AFTER_CLOSING } from './ledger';

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
 * The rows a client reads (statement rows of accounts and of wallets) and the ledger are one basis:
 * each row belongs to its operation and shows its number and status, each posting of an operation to the owner is its row's
 * movement (credit amount − fee, debit amount + fee) at the row's place, and each booked row that
 * moves money has its posting; an operation is booked exactly when its rows are.
 */
function sideRowChecks(side: { owners: string; ownerKey: 'account_id' | 'wallet_id'; row: string; owner: string }): Check[] {
  const owners = sql.table(side.owners);
  const ownerKey = sql.ref(`s.${side.ownerKey}`);
  const movement = sql`case when s.direction = 'IN' then s.amount - s.fee else -(s.amount + s.fee) end`;
  return [
    {
      rule: `every ${side.row} belongs to an operation, booked when it is, with its number and status`,
      query: sql`select s.id::text as detail from statement_rows s left join operations t on t.id = s.operation_id
        where ${ownerKey} is not null and (t.id is null or (s.booked_at is not null and t.booked_at is distinct from s.booked_at)
          or s.number <> t.number or s.status <> t.status)`,
    },
    {
      rule: `every posting of an operation to ${side.owner} is its ${side.row}, booked at the same instant`,
      query: sql`select p.id::text || ' ' || p.amount::text as detail
        from postings p
        join journal_entries e on e.id = p.entry_id
        join ${owners} o on o.ledger_account_id = p.ledger_account_id
        where e.transfer_id is not null and 1 <> (
          select count(*) from statement_rows s
          where s.operation_id = e.transfer_id and ${ownerKey} = o.id and s.booked_at = p.created_at and p.amount = ${movement})`,
    },
    {
      rule: `every booked ${side.row} that moves money has its posting`,
      query: sql`select s.id::text as detail
        from statement_rows s
        join ${owners} o on o.id = ${ownerKey}
        where s.booked_at is not null and ${movement} <> 0
          and not exists (
            select 1 from postings p join journal_entries e on e.id = p.entry_id
            where e.transfer_id = s.operation_id and p.ledger_account_id = o.ledger_account_id and p.created_at = s.booked_at)`,
    },
  ];
}

/**
 * Term deposits (deposits/) and the ledger are one basis too: a deposit's ledger account holds its
 * principal exactly while it runs, each payout made is its transfer from the bank's interest
 * expense to the funding account, and the payouts stay within the schedule and, at maturity, add
 * up to the interest the quote showed.
 */
const DEPOSIT_CHECKS: Check[] = [
  {
    rule: 'every deposit ledger account belongs to exactly one deposit, and a deposit to a deposit ledger account',
    query: sql`select 'ledger account ' || a.id::text as detail from ledger_accounts a left join deposits d on d.ledger_account_id = a.id
        where a.kind = 'deposit' group by a.id having count(d.id) <> 1
      union all
      select 'deposit ' || d.number as detail from deposits d join ledger_accounts a on a.id = d.ledger_account_id
        where a.kind <> 'deposit' or a.currency <> d.currency`,
  },
  {
    rule: "a running deposit's ledger account holds its principal, a closed one's nothing",
    query: sql`select d.number || ' ' || d.status || ' booked ' || a.booked::text || ' available ' || a.available::text as detail
      from deposits d join ledger_accounts a on a.id = d.ledger_account_id
      where a.booked <> (case when d.status = 'Active' then d.principal else 0 end) or a.available <> a.booked`,
  },
  {
    rule: 'every deposit payout of interest is its transfer from interest expense to the funding account, of exactly its amount',
    query: sql`select d.number || ' payout ' || p.sequence::text || ' ' || p.amount::text as detail
      from deposit_payouts p
      join deposits d on d.id = p.deposit_id
      join accounts acc on acc.id = d.account_id
      where (p.amount = 0 and p.transfer_id is not null)
        or (p.amount > 0 and (p.transfer_id is null or not (
          (select count(*) from postings x join journal_entries e on e.id = x.entry_id where e.transfer_id = p.transfer_id) = 2
          and exists (select 1 from postings x join journal_entries e on e.id = x.entry_id join ledger_accounts l on l.id = x.ledger_account_id
            where e.transfer_id = p.transfer_id and e.kind = 'deposit_interest' and l.kind = 'interest_expense' and x.currency = d.currency and x.amount = -p.amount)
          and exists (select 1 from postings x join journal_entries e on e.id = x.entry_id
            where e.transfer_id = p.transfer_id and e.kind = 'deposit_interest' and x.ledger_account_id = acc.ledger_account_id and x.amount = p.amount))))`,
  },
  {
    rule: 'no deposit has a payout beyond its schedule',
    // The schedule has ceil(term / period) payouts, none after maturity, nor after an early closing.
    query: sql`select d.number || ' payout ' || p.sequence::text || ' on ' || p.due_date::text as detail
      from deposit_payouts p join deposits d on d.id = p.deposit_id
      where p.sequence > (d.term_months + d.payout_months - 1) / d.payout_months
        or p.due_date <= d.opening_date or p.due_date > d.maturity_date
        or (d.status = 'ClosedEarly' and p.due_date > d.closed_on)`,
  },
  {
    rule: "a matured deposit's payouts add up to its total interest",
    query: sql`select d.number || ' paid ' || coalesce(p.total, 0)::text || ' of ' || d.total_interest::text as detail
      from deposits d left join (select deposit_id, sum(amount) as total from deposit_payouts group by deposit_id) p on p.deposit_id = d.id
      where d.status = 'Matured' and coalesce(p.total, 0) <> d.total_interest`,
  },
];

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
  ...sideRowChecks({ owners: 'accounts', ownerKey: 'account_id', row: 'statement row', owner: 'a client account' }),
  // The same one basis for wallets: the crypto list's rows are the wallets' postings.
  ...sideRowChecks({ owners: 'wallets', ownerKey: 'wallet_id', row: 'wallet row', owner: 'a wallet' }),
  {
    rule: 'postings are in the currency of their account',
    query: sql`select p.id::text as detail from postings p join ledger_accounts a on a.id = p.ledger_account_id where p.currency <> a.currency`,
  },
  {
    rule: 'an account closed to new money is credited only by the client\'s own money coming back',
    query: sql`select p.id::text || ' ' || e.kind || ' ' || p.amount::text as detail
      from ledger_accounts a
      join postings p on p.ledger_account_id = a.id and p.amount > 0 and p.created_at > a.credits_closed_at
      join journal_entries e on e.id = p.entry_id
      where a.credits_closed_at is not null and e.kind not in (${sql.join([...CREDITS_AFTER_CLOSING].map((kind) => sql.lit(kind)))})`,
  },
  ...DEPOSIT_CHECKS,
];

export async function findLedgerViolations(db: Db): Promise<LedgerViolation[]> {
  const violations: LedgerViolation[] = [];
  for (const check of CHECKS) {
    const { rows } = await check.query.execute(db);
    for (const row of rows.slice(0, 20)) violations.push({ rule: check.rule, detail: row.detail });
  }
  return violations;
}
