import type { AppDeps } from '../deps';
import { hashPassword } from '../modules/auth';
import { sealOperatorTotpSecret } from '../modules/backoffice';
import { DEMO_OPERATOR_PASSWORD, DEMO_OPERATORS } from './demo-operators';
import { seedFeatureData } from './features';

/** Demo sign-ins printed at start and listed in the README (development only). */
export const DEMO_CREDENTIALS = [
  { role: 'personal client', email: 'demo@bank.example', password: 'DemoBank2024', where: '/login' },
  { role: 'business client', email: 'corp@bank.example', password: 'DemoBank2024', where: '/login' },
  ...DEMO_OPERATORS.map((operator) => ({
    role: `${operator.roles.join(', ')} operator`,
    email: operator.email,
    password: DEMO_OPERATOR_PASSWORD,
    where: `/backoffice, authenticator secret ${operator.totpSecret}`,
  })),
];

export type { DemoClients } from './demo-clients';
export { DEMO_OPERATOR_PASSWORD, DEMO_OPERATORS } from './demo-operators';

export interface SeedSummary {
  created: boolean;
}

/**
 * Seeds demo data into an empty database: two identified clients and three operators, then whatever
 * each feature adds (accounts, balances, transactions…). A database with any client is left alone.
 */
export async function seedDemoData(deps: AppDeps): Promise<SeedSummary> {
  const { db } = deps;
  const existing = await db.selectFrom('clients').select('id').limit(1).executeTakeFirst();
  if (existing) return { created: false };

  const clientPasswordHash = await hashPassword('DemoBank2024');
  const operatorPasswordHash = await hashPassword(DEMO_OPERATOR_PASSWORD);
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
    const operators = await trx
      .insertInto('operators')
      .values(
        DEMO_OPERATORS.map((operator) => ({
          email: operator.email,
          password_hash: operatorPasswordHash,
          full_name: operator.name,
          roles: [...operator.roles],
          status: 'active' as const,
          totp_secret: sealOperatorTotpSecret(operator.totpSecret, deps.config.secret),
          totp_enrolled_at: new Date(),
        })),
      )
      .returning(['id', 'email'])
      .execute();
    const admin = operators.find((operator) => operator.email === DEMO_OPERATORS[0].email)!;
    await seedFeatureData(trx, { personalId: personal.id, businessId: business.id, operatorId: admin.id, cryptoKeys: deps.cryptoKeys, config: deps.config, clock: deps.clock });
  });
  return { created: true };
}
