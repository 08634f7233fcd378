/** The crypto module's face: wallets, their deposit addresses, transfers and conversions. */
export { createCryptoConversion, isCryptoConversion } from './conversion';
export { assertHashNotBooked, cryptoDepositApproval, cryptoDepositPayloadSchema } from './deposit-approval';
export { bookCryptoDeposit } from './deposits';
export { keysFromSeed } from './derivation';
export type { DerivationKeys } from './derivation';
export { resolveDerivationKeys } from './keys';
export { default as walletRoutes } from './routes';
export type { CryptoTables } from './tables';
export { createCryptoTransfer } from './transfers';
export { clientWalletsOf, openWallet } from './wallets';
export type { ClientWallet } from './wallets';
export { listCryptoTransactions } from './history';
export { listWallets } from './wallets';
