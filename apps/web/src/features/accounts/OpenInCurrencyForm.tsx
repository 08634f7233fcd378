import type { ErrorBody } from '@bank/contracts/errors';
import { PROTOCOL } from '@bank/contracts/protocol';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorTextKeys } from '../../lib/errorKeys';
import { SelectField } from '../../ui/FormField';
import { Popup } from '../../ui/Popup';
import { SubmitButton } from '../../ui/SubmitButton';

/** What the bank answered: the success text to show, or its refusal. */
export type OpenInCurrencyOutcome = { ok: true; message: string } | { ok: false; body: ErrorBody | null };

/** The request for the chosen currency, or the translation key of why it cannot be made. */
export type OpenInCurrencyRequest<Request> = { ok: true; request: Request } | { ok: false; error: string };

export interface OpenInCurrencyTexts {
  title: string;
  lead: string;
  allOpen: string;
  currency: string;
  choose: string;
  submit: string;
  submitting: string;
}

type Result = { tone: 'success'; message: string } | { tone: 'error'; message: string | undefined };

/**
 * A card that opens something new in one currency of the bank's list: an account in a fiat
 * currency (docs/product.md), a wallet in a coin (crypto, docs/product.md#screens-and-routes). One required choice, validated with
 * the contract the server uses; currencies the client already holds are shown but cannot be chosen.
 * A success popup says what was opened; a refusal the bank explains on the field (`fieldOf`) stays
 * on the field, any other one comes as an error popup with the bank's reason in the reader's
 * language when `namespace` knows it.
 */
export function OpenInCurrencyForm<Code extends string, Request>({
  titleId,
  namespace,
  texts,
  currencies,
  openCurrencies,
  optionLabel,
  namedByTitle = false,
  toRequest,
  open,
  fieldOf,
}: {
  titleId: string;
  namespace: string;
  texts: OpenInCurrencyTexts;
  currencies: readonly Code[];
  openCurrencies: readonly string[];
  /** The option of one currency, marked when the client already holds it. */
  optionLabel: (currency: Code, taken: boolean) => string;
  /** The form takes the card's title as its accessible name. */
  namedByTitle?: boolean;
  /** May load the contract's schema first: zod need not be on the page until the form is sent. */
  toRequest: (currency: string) => OpenInCurrencyRequest<Request> | Promise<OpenInCurrencyRequest<Request>>;
  open: (request: Request) => Promise<OpenInCurrencyOutcome>;
  /** The field error of a refusal that belongs under the select, if the bank sends one. */
  fieldOf?: (body: ErrorBody | null) => string | undefined;
}) {
  const { t, i18n } = useTranslation(namespace);
  const [currency, setCurrency] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [result, setResult] = useState<Result | null>(null);
  const allOpen = currencies.every((code) => openCurrencies.includes(code));

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting) return;
    setSubmitting(true);
    let prepared: OpenInCurrencyRequest<Request>;
    try {
      prepared = await toRequest(currency);
    } catch {
      // The schema's chunk did not arrive: nothing was sent, and the next press tries again.
      setSubmitting(false);
      setResult({ tone: 'error', message: undefined });
      return;
    }
    if (!prepared.ok) {
      setSubmitting(false);
      setError(prepared.error);
      return;
    }
    const outcome = await open(prepared.request);
    setSubmitting(false);
    if (outcome.ok) {
      setCurrency('');
      setResult({ tone: 'success', message: outcome.message });
      return;
    }
    // 'Invalid authorization data' opens the session-expired modal instead (docs/product.md#errors-and-messages).
    if (outcome.body?.message === PROTOCOL.invalidAuthorization) return;
    const fieldError = fieldOf?.(outcome.body);
    if (fieldError) {
      setError(fieldError);
      return;
    }
    const known = errorTextKeys(outcome.body).find((key) => i18n.exists(key, { ns: namespace }));
    setResult({ tone: 'error', message: known ? t(known) : undefined });
  };

  return (
    <section className="cabinet-card" aria-labelledby={titleId}>
      <h2 id={titleId}>{texts.title}</h2>
      <p className="accounts-hint">{allOpen ? texts.allOpen : texts.lead}</p>
      {allOpen ? null : (
        <form className="open-account" aria-labelledby={namedByTitle ? titleId : undefined} noValidate onSubmit={(event) => void submit(event)}>
          <SelectField
            className="open-account__currency"
            label={texts.currency}
            name="currency"
            required
            value={currency}
            onValue={(value) => {
              setCurrency(value);
              setError(null);
            }}
            placeholder={texts.choose}
            options={currencies.map((code) => {
              const taken = openCurrencies.includes(code);
              return { value: code, label: optionLabel(code, taken), disabled: taken };
            })}
            error={error ?? undefined}
          />
          <SubmitButton className="open-account__submit" busy={submitting} label={texts.submit} busyLabel={texts.submitting} />
        </form>
      )}
      {result ? <Popup tone={result.tone} message={result.message} onClose={() => setResult(null)} /> : null}
    </section>
  );
}
