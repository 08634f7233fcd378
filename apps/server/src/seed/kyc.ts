import { sql } from 'kysely';
import type { Db } from '../db';
import type { DemoClients } from './demo-clients';

/**
 * Demo KYC: the approved submissions behind the two identified demo clients, so the cabinet shows
 * their verification history like that of a real client.
 */
export async function seedKycData(db: Db, clients: DemoClients): Promise<void> {
  await db
    .insertInto('kyc_records')
    .values([
      {
        client_id: clients.personalId,
        status: 'Approved',
        account_type: 'personal',
        first_name: 'Anna',
        last_name: 'Petrova',
        country: 'IE',
        city: 'Dublin',
        postal_code: 'D02 VF65',
        address: '12 Grafton Street',
        phone_number: '+35312345678',
        identity_card_type: 'passport',
        identity_card_id: 'PA1234567',
        sources_of_wealth: JSON.stringify(['salary', 'savings']),
        currencies: JSON.stringify(['EUR', 'USD']),
        decided_at: sql<Date>`now()`,
        decided_by: clients.operatorId,
      },
      {
        client_id: clients.businessId,
        status: 'Approved',
        account_type: 'business',
        company_name: 'Northwind Trading Ltd',
        country: 'CY',
        city: 'Limassol',
        postal_code: '3036',
        address: '1 Harbour Road',
        phone_number: '+35318765432',
        tax_number: 'CY10234567X',
        sources_of_wealth: JSON.stringify(['business']),
        currencies: JSON.stringify(['EUR', 'USD', 'GBP']),
        decided_at: sql<Date>`now()`,
        decided_by: clients.operatorId,
      },
    ])
    .execute();
}
