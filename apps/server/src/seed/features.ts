import type { Db } from '../db';
import { seedCardData } from './cards';
import { seedCryptoData } from './crypto';
import { seedKycData } from './kyc';
import { seedMoneyData } from './money';
import type { DemoClients } from './demo-clients';

/**
 * Feature seeders, run in order inside the seeding transaction. Each feature adds its demo data
 * here as it arrives (accounts and transactions, KYC records…).
 */
const featureSeeders: Array<(db: Db, clients: DemoClients) => Promise<void>> = [seedKycData, seedMoneyData, seedCryptoData, seedCardData];

export async function seedFeatureData(db: Db, clients: DemoClients): Promise<void> {
  for (const seeder of featureSeeders) await seeder(db, clients);
}
