import { formatMinor, TEMPLATES_MAX, type TemplatesQuery, type TransferTemplate } from '@bank/contracts';
import type { Db } from '../../db';
import { AppError } from '../../lib/errors';
import { findOwnAccount } from '../accounts';
import { readLatestTemplateRows } from '../operations';

/**
 * Saved templates (`templates` of docs/product.md#data, filtered by `filtersTemplates`). A client saves a transfer
 * as a template by giving it a templateName in the transfer form; the transfers module stores the
 * name on the transfer's rows. The template is the latest outgoing transfer under that name, so
 * the template list is read from those rows and there is no second copy to keep in step.
 */
export async function listTemplates(db: Db, clientId: string, filters: TemplatesQuery): Promise<TransferTemplate[]> {
  // An account that is not the client's is a 404, as everywhere else (docs/api.md).
  if (filters.accountNumber && !(await findOwnAccount(db, clientId, filters.accountNumber))) {
    throw new AppError('NOT_FOUND', { message: 'Account not found', fields: { accountNumber: 'validation.accountNumber.notFound' } });
  }
  const latest = await readLatestTemplateRows(db, clientId, filters, TEMPLATES_MAX);
  return latest.map(({ row, uses }) => ({
    templateName: row.templateName!,
    accountNumber: row.fromAccount,
    currency: row.currency,
    toAccount: row.toAccount,
    recipient: row.recipient,
    amount: formatMinor(row.amountMinor, row.currency),
    type: row.type,
    paymentRegion: row.paymentRegion,
    purpose: row.purpose,
    lastUsed: Math.floor(Date.parse(row.createdAt) / 1000),
    uses,
  }));
}
