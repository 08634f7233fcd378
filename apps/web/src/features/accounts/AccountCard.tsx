import type { ReactNode } from 'react';

/**
 * One account, or one wallet, as a card of the list: the currency's badge, its facts (each an
 * `AccountFact`), and what follows them (a wallet's QR code).
 */
export function AccountCard({ currency, className, children, after }: { currency: string; className?: string; children: ReactNode; after?: ReactNode }) {
  return (
    <li className={className ? `account-item ${className}` : 'account-item'}>
      <span className="account-item__currency" aria-hidden="true">
        {currency}
      </span>
      <dl className="account-item__facts">{children}</dl>
      {after}
    </li>
  );
}

/** A fact of an account card: its term and its value. */
export function AccountFact({ term, className, valueClassName, children }: { term: string; className?: string; valueClassName?: string; children: ReactNode }) {
  return (
    <div className={className}>
      <dt>{term}</dt>
      <dd className={valueClassName}>{children}</dd>
    </div>
  );
}
