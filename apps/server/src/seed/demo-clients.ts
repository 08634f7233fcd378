import type { DerivationKeys } from '../modules/crypto/derivation';

/** The demo sign-ins' ids, handed by the seed to every feature's demo data, and the keys wallets are opened with. */
export interface DemoClients {
  personalId: string;
  businessId: string;
  operatorId: string;
  /** Null where the server has no deposit keys: the demo then has no wallets. */
  cryptoKeys: DerivationKeys | null;
}
