import { closureCryptoPayoutRequestSchema, type ClosureWallet } from '@bank/contracts/closure/closure';
import type { ErrorBody } from '@bank/contracts/errors';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldErrors } from '../../lib/formValidation';
import { focusFirstError, InputField } from '../../ui/FormField';
import { SubmitButton } from '../../ui/SubmitButton';
import { useSchemaForm } from '../../ui/useSchemaForm';
import { AccountCard, AccountFact } from '../accounts';
import { HoldingFacts } from './ClosureAccounts';
import { requestCryptoPayout } from './closureApi';
import { usePayoutRequest, type PayoutOutcomes } from './PayoutForm';

/** The bank's refusal of the address, under the address field. */
const recipientErrors = (body: ErrorBody | null): FieldErrors => {
  const key = body?.fields?.recipient;
  return key ? { recipient: [key] } : {};
};

/** The address that receives what one wallet holds: all of it less the coin's network fee, as a crypto transfer the bank reviews. */
function WalletPayoutForm({ wallet, outcomes }: { wallet: ClosureWallet; outcomes: PayoutOutcomes }) {
  const { t } = useTranslation('closure');
  const payout = usePayoutRequest(requestCryptoPayout, outcomes);
  const form = useSchemaForm(closureCryptoPayoutRequestSchema, { wallet: wallet.address, recipient: '' }, { onEdit: payout.clearRefusal });
  const titleId = `closure-wallet-${wallet.currency}`;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const element = event.currentTarget;
    const values = form.submit();
    if (!values) return focusFirstError(element);
    const fields = await payout.request(values, recipientErrors);
    if (fields) {
      form.setServerErrors(fields);
      focusFirstError(element);
    }
  };

  return (
    <form className="closure-wallet-form" noValidate aria-labelledby={titleId} onSubmit={(event) => void submit(event)}>
      <h3 id={titleId}>{t('wallets.payoutTitle', { currency: wallet.currency })}</h3>
      <InputField label={t('wallets.recipient', { currency: wallet.currency })} {...form.field('recipient')} required autoComplete="off" autoCapitalize="none" spellCheck={false} hint={t('wallets.recipientHint')} />
      {payout.refusalText ? (
        <p className="closure__problem" role="alert">
          {payout.refusalText}
        </p>
      ) : null}
      <div className="form-actions">
        <SubmitButton busy={payout.sending} label={t('wallets.submit')} busyLabel={t('payout.sending')} />
      </div>
    </form>
  );
}

/** One wallet of a closed client: its address, state and balances, what a payout sends, its newest payout, and the form while it awaits one. */
function ClosureWalletItem({ wallet, outcomes }: { wallet: ClosureWallet; outcomes: PayoutOutcomes }) {
  const { t } = useTranslation('closure');
  const { payout } = wallet;
  return (
    <AccountCard
      currency={wallet.currency}
      className="closure-account closure-wallet"
      after={wallet.state === 'awaitingPayout' ? <WalletPayoutForm wallet={wallet} outcomes={outcomes} /> : null}
    >
      <AccountFact term={t('wallets.address')} valueClassName="closure-wallet__address">
        {wallet.address}
      </AccountFact>
      <HoldingFacts
        holding={wallet}
        statesKey="wallets.states"
        payableKey="wallets.payableWithFee"
        payout={payout && { ...payout, destinationTerm: t('wallets.payoutRecipient'), destination: payout.recipient }}
      />
    </AccountCard>
  );
}

/** The closed client's crypto wallets, each paid out on its own to an address of its coin; nothing when there are none. */
export function ClosureWallets({ wallets, outcomes }: { wallets: readonly ClosureWallet[]; outcomes: PayoutOutcomes }) {
  const { t } = useTranslation('closure');
  if (wallets.length === 0) return null;
  return (
    <section className="cabinet-card" aria-labelledby="closure-wallets-title">
      <h2 id="closure-wallets-title" className="closure__heading">
        {t('wallets.title')}
      </h2>
      <p className="closure__muted closure-wallets__lead">{t('wallets.lead')}</p>
      <ul className="account-list closure-accounts">
        {wallets.map((wallet) => (
          <ClosureWalletItem key={wallet.address} wallet={wallet} outcomes={outcomes} />
        ))}
      </ul>
    </section>
  );
}
