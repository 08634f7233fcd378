/** The accounts module's face: a client's fiat accounts, opening them and finding them by number. */
export { default as accountRoutes } from './routes';
export { clientAccountsOf, findAccountByNumber, findOwnAccount, findOwnAccountInCurrency, findTransferAccounts, listAccounts, openAccount, transferAccountsOfSession } from './service';
export type { ClientAccount, TransferAccounts } from './service';
export type { AccountTables } from './tables';

