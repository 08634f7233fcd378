// The crypto feature's public face: the wallet list call and the wallets as choices of a select,
// which the exchange offers beside the accounts (crypto conversion).
export { loadWallets, walletCurrency } from './walletsApi';
export { WalletOptions } from './WalletSelect';
