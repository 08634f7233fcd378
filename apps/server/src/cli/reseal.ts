import type { Db } from '../db';
import type { SecretRing } from '../lib/crypto';
import { resealColumn, type ResealCount } from '../lib/sealed-columns';
import { CLIENT_SEALED_COLUMNS } from '../modules/auth';
import { OPERATOR_SEALED_COLUMNS } from '../modules/backoffice';
import { MAIL_SEALED_COLUMNS } from '../modules/mail';

/** Every column that holds secrets sealed under APP_SECRET. */
const SEALED_COLUMNS = [...CLIENT_SEALED_COLUMNS, ...OPERATOR_SEALED_COLUMNS, ...MAIL_SEALED_COLUMNS];

/** Seals anew under the current secret everything the previous one sealed: what each column held, counted. */
export async function resealEverything(db: Db, secret: SecretRing): Promise<Record<string, ResealCount>> {
  const counts: Record<string, ResealCount> = {};
  for (const sealed of SEALED_COLUMNS) counts[`${sealed.table}.${sealed.column}`] = await resealColumn(db, sealed, secret);
  return counts;
}
