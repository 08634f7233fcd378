import type { AppDeps } from '../deps';
import { hashPassword } from '../modules/auth/passwords';
import { seedFeatureData } from './features';

/** Demo sign-ins printed at start and listed in the README (development only). */
export const DEMO_CREDENTIALS = [
  { role: 'personal client', email: 'demo@bank.example', password: 'DemoBank2024', where: '/login' },
  { role: 'business client', email: 'corp@bank.example', password: 'DemoBank2024', where: '/login' },
  // The operator signs in to the back office, which has its service functions but no screens yet.
  { role: 'operator', email: 'operator@bank.example', password: 'OperatorBank2024', where: '' },
] as const;

export type { DemoClients } from './demo-clients';

export interface SeedSummary {
  created: boolean;
}

/**
 * Seeds demo data into an empty database: two identified clients and an operator, then whatever
 * each feature adds (accounts, balances, transactions…). A database with any client is left alone.
 */
export async function seedDemoData(deps: AppDeps): Promise<SeedSummary> {
  const { db } = deps;
  const existing = await db.selectFrom('clients').select('id').limit(1).executeTakeFirst();
  if (existing) return { created: false };

  const clientPasswordHash = await hashPassword('DemoBank2024');
  const operatorPasswordHash = await hashPassword('OperatorBank2024');
  await db.transaction().execute(async (trx) => {
    const personal = await trx
      .insertInto('clients')
      .values({
        email: 'demo@bank.example',
        phone: '+35312345678',
        password_hash: clientPasswordHash,
        account_type: 'personal',
        email_verified: true,
        kyc_status: 'Approved',
        first_name: 'Anna',
        last_name: 'Petrova',
        salutation: 'Ms',
        address: '12 Grafton Street',
        city: 'Dublin',
        country: 'IE',
        post_code: 'D02 VF65',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const business = await trx
      .insertInto('clients')
      .values({
        email: 'corp@bank.example',
        phone: '+35318765432',
        password_hash: clientPasswordHash,
        account_type: 'business',
        email_verified: true,
        kyc_status: 'Approved',
        company_name: 'Northwind Trading Ltd',
        address: '1 Harbour Road',
        city: 'Limassol',
        country: 'CY',
        post_code: '3036',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const operator = await trx
      .insertInto('operators')
      .values({ email: 'operator@bank.example', password_hash: operatorPasswordHash, full_name: 'Olga Sergeeva' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await seedFeatureData(trx, { personalId: personal.id, businessId: business.id, operatorId: operator.id });
  });
  return { created: true };
}
