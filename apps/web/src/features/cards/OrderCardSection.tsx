import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { OrderCardForm } from './OrderCardForm';
import { OrderResult } from './OrderResult';
import { OrderReview } from './OrderReview';
import { useOrderCard } from './useOrderCard';

/**
 * The section that orders a card: the form, the review to confirm in a dialog, and the outcome
 * announced above the form (and scrolled into view: on a phone the button pressed is far below).
 * A refusal naming a field takes the focus to that field.
 */
export function OrderCardSection({ onOrdered }: { onOrdered: () => void }) {
  const { t } = useTranslation('cards');
  const order = useOrderCard(onOrdered);
  const section = useRef<HTMLElement>(null);
  const outcome = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (order.result) outcome.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  }, [order.result]);

  const confirm = async () => {
    if (await order.confirm()) requestAnimationFrame(() => section.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
  };

  return (
    <section ref={section} className="cabinet-card card-order-section" aria-labelledby="card-order-title">
      <h2 id="card-order-title">{t('order.title')}</h2>
      <div ref={outcome} className="card-order-section__outcome" role="status" aria-live="polite">
        {order.result ? <OrderResult result={order.result} onClose={order.closeResult} /> : null}
      </div>
      <OrderCardForm order={order} />
      {order.review ? <OrderReview review={order.review} busy={order.busy} onBack={order.back} onConfirm={() => void confirm()} /> : null}
    </section>
  );
}
