// The accounts feature's public face: the account list calls, the account card of the lists (a
// wallet is one too), the account picker of money forms, and the card that opens an account in a
// chosen currency, which also opens wallets in a chosen coin.
export { accountCurrency, heldAmount, loadAccounts, openAccount, reloadAfterMoneyMoved, selectToken } from './accountsApi';
export { AccountCard, AccountFact } from './AccountCard';
export { AccountSelect } from './AccountSelect';
export { OpenInCurrencyForm } from './OpenInCurrencyForm';
