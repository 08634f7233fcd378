import { CARD_AUTHORIZATIONS_SHOWN, type BackofficeCard, type CardAuthorization, type ClientCardsResponse } from '@bank/contracts/cards/cards';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatAccountNumber, formatMoney } from '../../../ui/formatMoney';
import { backoffice } from '../api';
import { authorizationStatusText, authorizationTone, cardTone, merchantPlace, type BadgeTone } from '../cardAuthorizations';
import { formatDateTime } from '../format';
import { PagedTable, type Column } from '../PagedTable';
import { Details, Problem } from '../parts';
import { useResource } from '../useResource';

/** A status as the back office's small coloured label. */
function Badge({ tone, status, children }: { tone: BadgeTone; status: string; children: string }) {
  return (
    <span className={`status-badge status-badge--${tone}`} data-testid="bo-status" data-status={status}>
      {children}
    </span>
  );
}

/**
 * A client's cards under the client's card, for operators of payments (docs/cards.md#the-back-office):
 * each by its last four digits with its status, and a table of its latest authorisations from the
 * card network, approved and declined, with the merchant, the amounts and why a decline was declined.
 */
export function ClientCards({ clientId }: { clientId: string }) {
  const { t } = useTranslation('backoffice');
  const cards = useResource(() => backoffice<ClientCardsResponse>('GET', `clients/${encodeURIComponent(clientId)}/cards`), [clientId]);
  return (
    <>
      <h2 className="backoffice__subheading">{t('cards.title')}</h2>
      {cards.error ? <Problem error={cards.error} /> : null}
      {!cards.data ? (
        cards.error ? null : (
          <p className="backoffice__muted" role="status">
            {t('loading')}
          </p>
        )
      ) : cards.data.cards.length === 0 ? (
        <p className="backoffice__muted">{t('cards.none')}</p>
      ) : (
        cards.data.cards.map((card) => <ClientCardSection key={card.id} card={card} />)
      )}
    </>
  );
}

function ClientCardSection({ card }: { card: BackofficeCard }) {
  const { t, i18n } = useTranslation('backoffice');
  const language = i18n.resolvedLanguage ?? 'en';
  const headingId = useId();
  const usd = (amount: string | null) => (amount === null ? '—' : formatMoney(amount, 'USD', language));
  const columns: Array<Column<CardAuthorization>> = [
    { key: 'created', header: t('cards.authorizations.createdAt'), cell: (row) => formatDateTime(row.createdAt, language) },
    {
      key: 'merchant',
      header: t('cards.authorizations.merchant'),
      cell: (row) => (
        <>
          {row.merchant.name}
          <div className="backoffice__muted">{merchantPlace(row.merchant, t('cards.authorizations.mcc', { mcc: row.merchant.mcc }))}</div>
          <div className="backoffice__muted">{t(`cards.authorizations.channels.${row.channel}`)}</div>
        </>
      ),
    },
    { key: 'amount', header: t('cards.authorizations.amount'), money: true, cell: (row) => formatMoney(row.amount, row.currency, language) },
    {
      key: 'held',
      header: t('cards.authorizations.heldUsd'),
      money: true,
      cell: (row) => (
        <>
          {usd(row.heldUsd)}
          {row.rate && row.currency !== 'USD' ? <div className="backoffice__muted">{t('cards.authorizations.rate', { rate: row.rate, currency: row.currency })}</div> : null}
        </>
      ),
    },
    { key: 'cleared', header: t('cards.authorizations.clearedUsd'), money: true, cell: (row) => usd(row.clearedUsd) },
    {
      key: 'status',
      header: t('cards.authorizations.status'),
      cell: (row) => {
        const text = authorizationStatusText(row, (key) => t(key));
        return (
          <>
            <Badge tone={authorizationTone(row.status)} status={row.status}>
              {text.status}
            </Badge>
            {text.reason ? <div>{text.reason}</div> : null}
          </>
        );
      },
    },
  ];
  return (
    <section aria-labelledby={headingId}>
      <h3 id={headingId} className="backoffice__subheading">
        <span aria-hidden="true">{t('cards.heading', { number: card.maskedNumber, type: t(`cards.types.${card.type}`) })}</span>
        <span className="visually-hidden">{t('cards.heading', { number: t('cards.endingIn', { last4: card.last4 }), type: t(`cards.types.${card.type}`) })}</span>
      </h3>
      <Details
        rows={[
          [
            t('cards.status'),
            <Badge tone={cardTone(card.status)} status={card.status}>
              {t(`cards.statuses.${card.status}`)}
            </Badge>,
          ],
          [t('cards.expiry'), card.expiry],
          [t('cards.account'), formatAccountNumber(card.accountNumber)],
          ...(card.blockedReason ? [[t('cards.blockedReason'), card.blockedReason] as [string, string]] : []),
        ]}
      />
      <h4 className="backoffice__subheading">{t('cards.authorizations.title')}</h4>
      <p className="backoffice__muted">{t('cards.authorizations.lead', { shown: CARD_AUTHORIZATIONS_SHOWN })}</p>
      <PagedTable
        caption={t('cards.authorizations.caption', { last4: card.last4 })}
        columns={columns}
        rowKey={(row) => row.id}
        data={{ items: card.authorizations }}
        empty={t('cards.authorizations.none')}
      />
    </section>
  );
}
