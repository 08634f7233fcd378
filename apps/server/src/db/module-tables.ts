/**
 * Tables of the feature modules, composed here so each module keeps its declarations in its own
 * folder (`modules/<name>/tables.ts`).
 */
import type { AccountTables } from '../modules/accounts/tables';
import type { ContactTables } from '../modules/contact/tables';
import type { LedgerTables } from '../modules/ledger/tables';
import type { RateTables } from '../modules/rates/tables';
import type { TransferTables } from '../modules/transfers/tables';

// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface ModuleTables
  extends AccountTables,
    LedgerTables,
    RateTables,
    TransferTables,
    ContactTables {}
