-- Statement read model. The keyset indexes the statement pages by, (account_id | client_id,
-- created_at desc, id desc), come with the transactions table (0022); this adds what the saved
-- templates and the template filter read: the client's rows saved under a template name, newest
-- first, without walking the client's whole history.
create index transactions_client_template_idx on transactions (client_id, template_name, created_at desc, id desc)
  where template_name is not null;
