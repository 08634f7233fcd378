-- The ECB rates the feed loaded, apart from a file loaded by hand (docs/bank-controls.md#limits).
-- Only the refresh job's feed (ECB_RATES_URL) loads an ECB file alone; a file uploaded by hand is a
-- proposal a second admin approves. Each currency keeps the last rate the feed gave it and that
-- rate's day beside its ECB reference (ecb_per_eur, ecb_rate_date, migration 0072), so that:
--   - the reference came from the feed when its day is the feed's day, else from a file loaded by
--     hand: the feed's own file of that day then replaces the hand-loaded rates;
--   - the feed's next file is measured against the feed's last rate, never against a hand file;
--   - a currency the feed never quoted takes its first feed rate within the bounds of the shipped
--     snapshot rather than within the free band around it.

alter table fx_rates add column feed_per_eur numeric check (feed_per_eur > 0);
alter table fx_rates add column feed_rate_date date;
alter table fx_rates add constraint fx_rates_feed_reference_check check ((feed_per_eur is null) = (feed_rate_date is null));

-- The references stored before: from the feed, unless the audit trail shows an operator loaded the
-- file of that day with that currency in it (rates.ecb rows name the day and the currencies).
update fx_rates f set feed_per_eur = f.ecb_per_eur, feed_rate_date = f.ecb_rate_date
where f.ecb_per_eur is not null
  and not exists (
    select 1 from audit_log a
    where a.action = 'rates.ecb' and a.actor_type = 'operator' and a.subject_id = f.ecb_rate_date::text
      and (a.after -> 'currencies') @> jsonb_build_array(f.currency)
  );
