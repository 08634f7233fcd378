import { useId, type ReactNode } from 'react';
import { DEPOSITS, type DepositRateTable } from '@bank/contracts/tariffs';
import { useTranslation } from 'react-i18next';
import type { Language } from '../../app/i18n';
import { FIRST_SCREEN_ID } from '../../prerender/markers';
import { TakenOverLater } from '../../prerender/takeOver';
import { useDepositRates } from './depositRates';
import { itemNumber } from './content';
import { Icon } from './icons';
import { publicFigures, type PublicFigures } from './figures';
import tariffFigures from './tariffFigures.json';

/** publicFigures of the tariff's table in each language, as figures.test.ts writes them. */
const TARIFF_FIGURES = tariffFigures as Record<Language, PublicFigures>;

/**
 * The tariff figures (docs/product.md#tariffs-and-limits) in the page's language, for interpolation into the public texts; the deposit
 * rates are the table in force, read once per page load.
 */
export function usePublicFigures(): PublicFigures {
  const { i18n } = useTranslation();
  const language: Language = i18n.resolvedLanguage === 'ru' ? 'ru' : 'en';
  const depositRates = useDepositRates();
  return figuresFor(language, depositRates);
}

// The figures of a language and rate table, worked out once for every block of the page that quotes them.
const figuresByTable = new WeakMap<DepositRateTable, Partial<Record<Language, PublicFigures>>>();

function figuresFor(language: Language, depositRates: DepositRateTable): PublicFigures {
  // The tariff's own table is the one every page is drawn with: its figures are written out at
  // build time, so taking a page over formats no number. The first number a page formats loads its
  // language's ICU data, 30–50 ms on a desktop core and four times that on a phone.
  if (depositRates === DEPOSITS.ratesBasisPoints) return TARIFF_FIGURES[language];
  let byLanguage = figuresByTable.get(depositRates);
  if (!byLanguage) {
    byLanguage = {};
    figuresByTable.set(depositRates, byLanguage);
  }
  return (byLanguage[language] ??= publicFigures(language, depositRates));
}

interface HeroProps {
  id?: string;
  eyebrow?: string;
  title: string;
  text: string;
  actions?: ReactNode;
  art?: boolean;
}

/**
 * The first screen of a page: its one h1, a lead paragraph and actions, with a decorative globe. On
 * a pre-rendered page it is taken over in a task of its own, as the sections are.
 */
export function Hero(props: HeroProps) {
  return (
    <TakenOverLater>
      <HeroSection {...props} />
    </TakenOverLater>
  );
}

function HeroSection({ id, eyebrow, title, text, actions, art = true }: HeroProps) {
  return (
    <section id={id} className="hero">
      <div className="container hero__inner">
        <div id={FIRST_SCREEN_ID} className="hero__content">
          {eyebrow && <p className="hero__eyebrow">{eyebrow}</p>}
          <h1 className="hero__title">{title}</h1>
          <p className="hero__text">{text}</p>
          {actions && <div className="hero__actions">{actions}</div>}
        </div>
        {art && <HeroArt />}
      </div>
    </section>
  );
}

/**
 * A content section with its h2; `id` makes it a link target (anchors of docs/product.md#screens-and-routes). On a pre-rendered
 * page it is taken over in a task of its own after the first screen (prerender/takeOver.tsx).
 */
export function Section(props: SectionProps) {
  return (
    <TakenOverLater>
      <SectionContent {...props} />
    </TakenOverLater>
  );
}

/**
 * A part's content as a function, called when the part renders: what it shows (texts looked up,
 * lists built) is then worked out in the part's own task, not by the page that places it.
 */
type Drawn = ReactNode | (() => ReactNode);

const draw = (content: Drawn): ReactNode => (typeof content === 'function' ? content() : content);

function Drawing({ content }: { content: () => ReactNode }) {
  return draw(content);
}

/** A part of a page other than a Section (a band of facts, a quote, a form), taken over as a Section is. */
export function Block({ children }: { children: () => ReactNode }) {
  return (
    <TakenOverLater>
      <Drawing content={children} />
    </TakenOverLater>
  );
}

interface SectionProps {
  id?: string;
  title: string;
  intro?: ReactNode;
  tone?: 'plain' | 'alt';
  /** Given as a function, it is worked out when the section renders (see Drawn). */
  children?: Drawn;
}

function SectionContent({ id, title, intro, tone = 'plain', children }: SectionProps) {
  const headingId = useId();
  return (
    <section id={id} className={`section section--${tone}`} aria-labelledby={headingId}>
      <div className="container">
        <header className="section__header">
          <h2 id={headingId} className="section__title">
            {title}
          </h2>
          {intro && <div className="section__intro">{intro}</div>}
        </header>
        {draw(children)}
      </div>
    </section>
  );
}

/** A list of points, each with a tick: `text` gives a point's words. */
export function Checklist<Point extends string>({ points, text }: { points: readonly Point[]; text: (point: Point) => string }) {
  return (
    <ul className="features">
      {points.map((point) => (
        <li key={point}>
          <Icon name="check" className="features__icon" />
          <span>{text(point)}</span>
        </li>
      ))}
    </ul>
  );
}

/**
 * Numbered cards ("01", "02"…) in a grid of `columns`, as an ordered list: `title` and `text` give
 * an item's words.
 */
export function NumberedCards<Item extends string>(props: { items: readonly Item[]; columns: 3 | 4; title: (item: Item) => string; text: (item: Item) => string }) {
  const { items, columns, title, text } = props;
  return (
    <ol className={`grid grid--${columns} plain-list`}>
      {items.map((item, index) => (
        <li key={item}>
          <NumberedCard number={itemNumber(index)} title={title(item)}>
            <p>{text(item)}</p>
          </NumberedCard>
        </li>
      ))}
    </ol>
  );
}

/** A card with a two-digit number ("01"), a title and a text. */
function NumberedCard({ number, title, children }: { number: string; title: string; children: ReactNode }) {
  return (
    <article className="card card--numbered">
      <span className="card__number" aria-hidden="true">
        {number}
      </span>
      <h3 className="card__title">
        <span className="visually-hidden">{number}. </span>
        {title}
      </h3>
      <div className="card__text">{children}</div>
    </article>
  );
}

export function Card({ title, children, icon }: { title: string; children: ReactNode; icon?: ReactNode }) {
  return (
    <article className="card">
      {icon && <div className="card__icon">{icon}</div>}
      <h3 className="card__title">{title}</h3>
      <div className="card__text">{children}</div>
    </article>
  );
}

/** Decorative: a globe of meridians and parallels in the brand's gold and white. */
export function HeroArt() {
  return (
    <svg className="hero__art" viewBox="0 0 320 320" aria-hidden="true" focusable="false">
      <defs>
        <radialGradient id="hero-glow" cx="50%" cy="45%" r="60%">
          <stop offset="0" stopColor="#1d4a80" />
          <stop offset="1" stopColor="#0b2545" stopOpacity="0" />
        </radialGradient>
      </defs>
      <circle cx="160" cy="160" r="158" fill="url(#hero-glow)" />
      <g fill="none" stroke="#ffffff" strokeOpacity="0.35" strokeWidth="1.5">
        <circle cx="160" cy="160" r="120" />
        <ellipse cx="160" cy="160" rx="120" ry="40" />
        <ellipse cx="160" cy="160" rx="120" ry="82" />
        <path d="M40 160h240" />
      </g>
      <g fill="none" stroke="#d4a94f" strokeWidth="2">
        <ellipse cx="160" cy="160" rx="36" ry="120" />
        <ellipse cx="160" cy="160" rx="80" ry="120" />
        <path d="M160 40v240" />
      </g>
      <g fill="#d4a94f">
        <circle cx="228" cy="96" r="6" />
        <circle cx="98" cy="206" r="5" />
        <circle cx="196" cy="232" r="4" />
      </g>
      <path d="M98 206C130 150 180 110 228 96" fill="none" stroke="#ffffff" strokeWidth="1.5" strokeDasharray="4 6" />
    </svg>
  );
}

/** A closing band with a call to action (open an account, order a card…). */
export function CallToAction({ title, text, children }: { title: string; text: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section className="section cta" aria-labelledby={headingId}>
      <div className="container cta__inner row-spread">
        <div>
          <h2 id={headingId} className="section__title">
            {title}
          </h2>
          <p>{text}</p>
        </div>
        <div className="cta__actions">{children}</div>
      </div>
    </section>
  );
}
