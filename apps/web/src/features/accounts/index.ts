// The accounts feature's public face: the account list calls and the account picker of money forms.
export { accountCurrency, heldAmount, loadAccounts, openAccount, reloadAfterMoneyMoved, selectToken } from './accountsApi';
export { AccountSelect } from './AccountSelect';
