/**
 * Tables of the feature modules, composed here so each module keeps its declarations in its own
 * folder (`modules/<name>/tables.ts`).
 */
import type { AccountTables } from '../modules/accounts/tables';
import type { ApprovalTables } from '../modules/approvals/tables';
import type { ContactTables } from '../modules/contact/tables';
import type { CryptoTables } from '../modules/crypto/tables';
import type { DepositTables } from '../modules/deposits/tables';
import type { FeeTables } from '../modules/fees/tables';
import type { KycTables } from '../modules/kyc/tables';
import type { LedgerTables } from '../modules/ledger/tables';
import type { MailTables } from '../modules/mail/tables';
import type { RateTables } from '../modules/rates/tables';
import type { StandingOrderTables } from '../modules/standing-orders/tables';
import type { StatementSignatureTables, StatementTables } from '../modules/statement/tables';
import type { TransferTables } from '../modules/transfers/tables';
import type { UsersTables } from '../modules/users/tables';

export interface ModuleTables
  extends AccountTables,
    LedgerTables,
    RateTables,
    TransferTables,
    ContactTables,
    KycTables,
    UsersTables,
    StatementTables,
    StatementSignatureTables,
    CryptoTables,
    ApprovalTables,
    MailTables,
    StandingOrderTables,
    FeeTables,
    DepositTables {}
