-- What a transfer waiting for the bank needs is fixed when it is made (docs/bank-controls.md): its value
-- in EUR at that day's mid rate, the number of approvals it needs and why. The back office reads
-- them from the row, so a rate changed afterwards (by mistake or on purpose) never changes how many
-- operators must approve it. A client's transfers out of the bank are summed per day from
-- amount_eur.
--
-- The rates keep the last ECB reference of each currency beside the rate in use: an operator's rate
-- replaces the rate in use, never the reference that rates are checked against.

alter table fx_rates add column ecb_per_eur numeric check (ecb_per_eur > 0);
alter table fx_rates add column ecb_rate_date date;
alter table fx_rates add constraint fx_rates_ecb_reference_check check ((ecb_per_eur is null) = (ecb_rate_date is null));
update fx_rates set ecb_per_eur = per_eur, ecb_rate_date = rate_date where source = 'ecb' and rate_date is not null;

alter table transfers add column amount_eur numeric check (amount_eur >= 0);
alter table transfers add column approvals_required smallint check (approvals_required in (1, 2));
alter table transfers add column approval_reason text check (approval_reason in ('amount', 'dailyLimit'));
alter table transfers add constraint transfers_two_approvals_have_reason_check
  check ((approvals_required = 2) = (approval_reason is not null));

-- Transfers made before this migration carry no rate of their day. They are valued at the rates as
-- they stand and at the reference (the last ECB rate, else the shipped snapshot of
-- rates/snapshot.ts as of this migration), and the greater value is kept: a wrong rate stored now
-- can add an approval to a transfer already waiting, never take one away.
with snapshot (currency, per_eur) as (
  values ('EUR', 1::numeric), ('USD', 1.0823), ('GBP', 0.8421), ('CHF', 0.9412), ('RUB', 98.4500), ('TRY', 37.1250),
    ('AED', 3.9749), ('CNY', 7.8123), ('AUD', 1.6345), ('CZK', 25.112), ('PLN', 4.3212), ('CAD', 1.4765),
    ('USDT', 1.0818), ('USDC', 1.0821), ('BTC', 0.0000112047), ('ETH', 0.00031847), ('BNB', 0.0017534), ('SOL', 0.0067231)
),
valued as (
  select t.id,
    greatest(round(t.amount / coalesce(f.per_eur, s.per_eur), 2), round(t.amount / coalesce(f.ecb_per_eur, s.per_eur), 2)) as amount_eur
  from transfers t
  join snapshot s on s.currency = t.currency
  left join fx_rates f on f.currency = t.currency
  where t.kind in ('international', 'crypto', 'crypto_conversion')
)
update transfers set amount_eur = valued.amount_eur from valued where transfers.id = valued.id;

-- The rule of transfers/thresholds.ts, applied to the rows already there: above 10,000 EUR alone,
-- or a transfer abroad or crypto transfer out that takes its client's sum of the (UTC) day, in the
-- order they were made and without those denied, canceled or failed, past 10,000 EUR.
with summed as (
  select id, amount_eur,
    case when kind in ('international', 'crypto') then
      sum(amount_eur) filter (where status not in ('Denied', 'Canceled', 'Error') and kind in ('international', 'crypto'))
        over (partition by client_id, (created_at at time zone 'UTC')::date order by created_at, id)
    end as day_sum
  from transfers
  where kind in ('international', 'crypto', 'crypto_conversion')
)
update transfers
set approvals_required = case when summed.amount_eur > 10000 or summed.day_sum > 10000 then 2 else 1 end,
    approval_reason = case when summed.amount_eur > 10000 then 'amount' when summed.day_sum > 10000 then 'dailyLimit' end
from summed
where transfers.id = summed.id;

-- Every transfer that waits for the bank carries its thresholds (pair assertion of pending.ts).
alter table transfers add constraint transfers_pending_thresholds_check
  check (kind not in ('international', 'crypto', 'crypto_conversion') or status not in ('New', 'Processing')
    or (amount_eur is not null and approvals_required is not null));

-- The day's sum of one client's transfers out of the bank reads transfers_client_idx (0022):
-- (client_id, created_at) narrows it to the client's rows of the day.
