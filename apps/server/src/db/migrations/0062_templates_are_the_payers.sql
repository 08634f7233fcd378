-- A transfer template is the payer's private label: rows of the payee (another client) stop carrying
-- it, so it is neither shown on nor filterable in the payee's statement.
update transactions t
set template_name = null
from transfers tr
where tr.id = t.transfer_id and t.client_id <> tr.client_id and t.template_name is not null;
