import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A word of a wordmark, in the bold weight every scheme's lettering uses: centred on `x` (the
 * logo's middle unless given), or starting there with `from="start"`; white unless `fill` says.
 */
function Word(props: { x?: number; y: number; size: number; fill?: string; spacing?: number; italic?: boolean; from?: 'start'; children: string }) {
  const { x = 60, y, size, fill = '#ffffff', spacing, italic, from, children } = props;
  return (
    <text
      x={x}
      y={y}
      textAnchor={from === 'start' ? undefined : 'middle'}
      fontSize={size}
      fontWeight="600"
      fontStyle={italic ? 'italic' : undefined}
      fill={fill}
      letterSpacing={spacing}
    >
      {children}
    </text>
  );
}

/**
 * Acquiring (docs/product.md#screens-and-routes): a scrolling strip of the seven card-scheme logos. The wordmarks are simple
 * drawings of our own (no downloaded artwork). The strip holds the logos twice so the scroll loops
 * without a seam; the second copy is hidden from assistive technology.
 */
const LOGOS: ReadonlyArray<{ name: string; art: ReactNode }> = [
  {
    name: 'Visa',
    art: (
      <Word y={35} size={30} fill="#1a1f71" spacing={1} italic>
        VISA
      </Word>
    ),
  },
  {
    name: 'MasterCard',
    art: (
      <>
        <circle cx="47" cy="24" r="17" fill="#eb001b" />
        <circle cx="73" cy="24" r="17" fill="#f79e1b" />
        <path d="M60 13a17 17 0 0 1 0 22 17 17 0 0 1 0-22z" fill="#ff5f00" />
        <Word y={54} size={10} fill="#231f20" spacing={0.5}>
          mastercard
        </Word>
      </>
    ),
  },
  {
    name: 'UnionPay',
    art: (
      <>
        <path d="M14 8h30l-8 40H6z" fill="#e21836" />
        <path d="M40 8h30l-8 40H32z" fill="#00447c" />
        <path d="M66 8h46l-8 40H58z" fill="#007b84" />
        <Word y={33} size={14}>
          UnionPay
        </Word>
      </>
    ),
  },
  {
    name: 'Apple Pay',
    art: (
      <>
        <rect x="6" y="8" width="108" height="40" rx="8" fill="#000000" />
        <path d="M33 21c1.8-.1 3.4 1 4.2 1s2.6-1.2 4.4-1c.8 0 3 .3 4.3 2.3-3.3 2-2.8 6.8.5 8.2-.6 1.8-1.6 3.6-2.9 5.2-1 1.2-2 1.5-3.2 1.5-1.4 0-1.8-.8-3.5-.8s-2.2.8-3.5.8c-1.3 0-2.3-.8-3.3-2-2.4-3.1-3.4-8.4-1.3-11.7 1-1.7 2.6-3.4 4.3-3.5z" fill="#ffffff" />
        <path d="M40 19c.9-1.1 1.5-2.6 1.3-4-1.3.1-2.8.9-3.6 2-.8.9-1.5 2.4-1.3 3.8 1.4.1 2.7-.7 3.6-1.8z" fill="#ffffff" />
        <Word x={78} y={36} size={20}>
          Pay
        </Word>
      </>
    ),
  },
  {
    name: 'Discover',
    art: (
      <>
        <Word x={8} y={35} size={17} fill="#231f20" spacing={0.5} from="start">
          DISC
        </Word>
        <circle cx="62" cy="29" r="9" fill="#f48120" />
        <Word x={72} y={35} size={17} fill="#231f20" spacing={0.5} from="start">
          VER
        </Word>
      </>
    ),
  },
  {
    name: 'JCB',
    art: (
      <>
        <rect x="22" y="8" width="24" height="40" rx="7" fill="#0e4c96" />
        <rect x="48" y="8" width="24" height="40" rx="7" fill="#e21836" />
        <rect x="74" y="8" width="24" height="40" rx="7" fill="#007b40" />
        <g fontSize="18" fontWeight="600" fill="#ffffff" textAnchor="middle">
          <text x="34" y="35">J</text>
          <text x="60" y="35">C</text>
          <text x="86" y="35">B</text>
        </g>
      </>
    ),
  },
  {
    name: 'American Express',
    art: (
      <>
        <rect x="6" y="8" width="108" height="40" rx="6" fill="#1f72cd" />
        <Word y={26} size={11} spacing={1}>
          AMERICAN
        </Word>
        <Word y={40} size={11} spacing={1}>
          EXPRESS
        </Word>
      </>
    ),
  },
];

export const CARD_SCHEME_NAMES = LOGOS.map((logo) => logo.name);

function LogoSet({ hidden }: { hidden?: boolean }) {
  return (
    <ul className="logo-strip__set" aria-hidden={hidden || undefined}>
      {LOGOS.map((logo) => (
        <li key={logo.name} className="logo-strip__item">
          <svg viewBox="0 0 120 56" width="120" height="56" role={hidden ? undefined : 'img'} aria-label={hidden ? undefined : logo.name} focusable="false">
            {logo.art}
          </svg>
        </li>
      ))}
    </ul>
  );
}

/** The strip moves on its own, so it has a pause button (WCAG 2.2.2) besides pausing under the pointer. */
export function CardSchemeStrip() {
  const { t } = useTranslation('public');
  const [paused, setPaused] = useState(false);
  return (
    <div className={`logo-strip${paused ? ' logo-strip--paused' : ''}`}>
      <div className="logo-strip__viewport" role="group" aria-label={t('otherServices.acquiring.schemes')}>
        <div className="logo-strip__track">
          <LogoSet />
          <LogoSet hidden />
        </div>
      </div>
      <button type="button" className="logo-strip__pause" aria-pressed={paused} onClick={() => setPaused(!paused)}>
        {t('otherServices.acquiring.pause')}
      </button>
    </div>
  );
}
