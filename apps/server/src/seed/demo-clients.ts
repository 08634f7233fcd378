import type { Config } from '../config';
import type { DerivationKeys } from '../modules/crypto';
import type { BankClock } from '../modules/jobs';

/** The demo sign-ins' ids, handed by the seed to every feature's demo data, and the keys wallets are opened with. */
export interface DemoClients {
  personalId: string;
  businessId: string;
  operatorId: string;
  /** Null where the server has no deposit keys: the demo then has no wallets. */
  cryptoKeys: DerivationKeys | null;
  /** The bank's time settings: the demo deposit opens and pays on the bank's calendar. The card keys: the demo card's number is sealed with them. */
  config: Pick<Config, 'time' | 'cards'>;
  /** The bank's clock: the demo card expires 5 years from its today. */
  clock: BankClock;
}
