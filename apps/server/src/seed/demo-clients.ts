import type { Config } from '../config';
import type { DerivationKeys } from '../modules/crypto';

/** The demo sign-ins' ids, handed by the seed to every feature's demo data, and the keys wallets are opened with. */
export interface DemoClients {
  personalId: string;
  businessId: string;
  operatorId: string;
  /** Null where the server has no deposit keys: the demo then has no wallets. */
  cryptoKeys: DerivationKeys | null;
  /** The bank's time settings: the demo deposit opens and pays on the bank's calendar. */
  config: Pick<Config, 'time'>;
}
