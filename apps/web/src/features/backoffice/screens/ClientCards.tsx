import { CARD_AUTHORIZATIONS_SHOWN, type BackofficeCard, type CardAuthorization, type ClientCardsResponse } from '@bank/contracts/cards/cards';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatAccountNumber, formatMoney } from '../../../ui/formatMoney';
import { backoffice } from '../api';
import { authorizationStatusText, authorizationTone, cardTone, merchantPlace, type BadgeTone } from '../cardAuthorizations';
import { formatDateTime } from '../format';
import { PagedTable, type Column } from '../PagedTable';
import { ConfirmDialog, Details, Problem, ReasonDialog } from '../parts';
import { useResource } from '../useResource';
import { CARD_BLOCK_REASON_MAX_LENGTH, cardActCall, cardActsOf, type CardAct } from './cardActs';

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
 * each by its last four digits with its status, what may be done with it (blocking it, a physical
 * card's production and shipping), and a table of its latest authorisations from the card network,
 * approved and declined, with the merchant, the amounts and why a decline was declined.
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
        cards.data.cards.map((card) => <ClientCardSection key={card.id} card={card} onChanged={cards.reload} />)
      )}
    </>
  );
}

function ClientCardSection({ card, onChanged }: { card: BackofficeCard; onChanged: () => void }) {
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
      <CardActs card={card} onChanged={onChanged} />
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

/**
 * What may be done with one card (cardActsOf): its next production step, at a click, and blocking it,
 * for good and at once, so the reason is asked for and then the block confirmed before it is sent.
 * Either way the cards are read again, after a refusal too (the card changed meanwhile), and a
 * refusal is shown in the server's words under the card.
 */
function CardActs({ card, onChanged }: { card: BackofficeCard; onChanged: () => void }) {
  const { t } = useTranslation('backoffice');
  const acts = cardActsOf(card);
  const production = acts.find((act) => act !== 'block');
  /** Asking for the reason of a block, then confirming the block with the reason given. */
  const [step, setStep] = useState<{ name: 'reason' } | { name: 'confirm'; reason: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const [done, setDone] = useState<CardAct | null>(null);
  const doneRef = useRef<HTMLParagraphElement>(null);
  const last4 = card.last4;

  // A blocked card has no acts left: focus moves to what was done rather than to the page's top.
  useEffect(() => {
    if (done === 'block') doneRef.current?.focus();
  }, [done]);

  async function send(act: CardAct, reason?: string) {
    setBusy(true);
    setFailure(null);
    setDone(null);
    try {
      const call = act === 'block' ? cardActCall(card.id, act, reason ?? '') : cardActCall(card.id, act);
      await backoffice<void>('POST', call.path, { body: call.body });
      setDone(act);
    } catch (error) {
      setFailure(error);
    } finally {
      setStep(null);
      setBusy(false);
      onChanged();
    }
  }

  return (
    <>
      {done ? (
        <p ref={doneRef} tabIndex={-1} className="backoffice__success" role="status" data-testid="bo-card-act-done">
          {t(`cards.acts.done.${done}`, { last4 })}
        </p>
      ) : null}
      {failure ? <Problem error={failure} /> : null}
      {acts.length > 0 ? (
        <div className="backoffice__actions">
          {production ? (
            // One button for both steps, so that focus stays on it when produced turns into shipped.
            <button
              key="production"
              type="button"
              className="button button--secondary backoffice__small"
              disabled={busy}
              onClick={() => void send(production)}
              aria-label={t(`cards.acts.${production}Label`, { last4 })}
              data-testid={`bo-card-${production}`}
            >
              {t(`cards.acts.${production}`)}
            </button>
          ) : null}
          {acts.includes('block') ? (
            <button
              key="block"
              type="button"
              className="button button--secondary backoffice__small"
              disabled={busy}
              onClick={() => setStep({ name: 'reason' })}
              aria-label={t('cards.acts.blockLabel', { last4 })}
              data-testid="bo-card-block"
            >
              {t('cards.acts.block')}
            </button>
          ) : null}
        </div>
      ) : null}
      {step?.name === 'reason' ? (
        <ReasonDialog
          title={t('cards.acts.blockTitle', { last4 })}
          lead={<p>{t('cards.acts.blockLead')}</p>}
          confirmLabel={t('cards.acts.next')}
          missingText={t('cards.acts.blockReasonRequired')}
          maxLength={CARD_BLOCK_REASON_MAX_LENGTH}
          onConfirm={async (reason) => setStep({ name: 'confirm', reason })}
          onClose={() => setStep(null)}
        />
      ) : null}
      {step?.name === 'confirm' ? (
        <ConfirmDialog
          title={t('cards.acts.confirmTitle', { last4 })}
          text={t('cards.acts.confirmText', { reason: step.reason })}
          confirmLabel={t('cards.acts.confirm')}
          onConfirm={() => send('block', step.reason)}
          onClose={() => setStep(null)}
        />
      ) : null}
    </>
  );
}
