// Proves the public pages' data: tariff figures (docs/product.md#tariffs-and-limits) are formatted exactly (no float) in EN and RU, the
// lists have the product's sizes (23 fee lines, 11 slider items in 3-3-3-2, 12 + 4 documents…), every key
// the pages build from these lists exists in both languages, every {{placeholder}} in the texts is
// a figure the pages pass, and every message of the contact schema is translated.
import { contactFormSchema, contactPageFormSchema } from '@bank/contracts/contact/send-contact-form';
import { DEPOSITS } from '@bank/contracts/tariffs';
import { describe, expect, it } from 'vitest';
import { loadNamespace } from '../../locales/localeFiles';
import {
  ABOUT_CARDS,
  ABOUT_OFFERINGS,
  ACCOUNT_OPTION_KEYS,
  ACQUIRING_CARDS,
  CARD_FACTS,
  CARD_FEATURES,
  CHEQUE_CARDS,
  CORPORATE_DOCUMENTS,
  CRYPTO_CARDS,
  CRYPTO_GATEWAY_POINTS,
  DEPOSIT_ADVANTAGES,
  DEPOSIT_TERMS,
  FX_OFFERS,
  HOME_FACTS,
  HOME_SERVICES,
  HOME_STEPS,
  INDIVIDUAL_DOCUMENTS,
  METAL_CARDS,
  OTHER_SERVICE_LINKS,
  SLIDE_SIZES,
  SLIDER_ITEMS,
  TARIFF_LINES,
  itemNumber,
} from './content';
import { formatRange, publicFigures } from './figures';
import { SOCIAL_LINKS } from './companyDetails';

const load = loadNamespace;
const languages = ['en', 'ru'] as const;
const publicTexts = { en: load('en', 'public'), ru: load('ru', 'public') };
const contactTexts = { en: load('en', 'contact'), ru: load('ru', 'contact') };

const clean = (text: string) => text.replace(/\u00a0/g, ' ').replace(/\u2060/g, '');

describe('figure formatting', () => {
  it('keeps a range on one line', () => {
    expect(formatRange({ min: 7, max: 15 })).toBe('7\u2060–\u206015');
  });

  it('gives every tariff figure (docs/product.md#tariffs-and-limits) the pages quote', () => {
    const en = publicFigures('en', DEPOSITS.ratesBasisPoints);
    const ru = publicFigures('ru', DEPOSITS.ratesBasisPoints);
    expect(clean(en.transferMaximum)).toBe('2,000 EUR');
    expect(en.transferRate).toBe('0.30%');
    expect(clean(en.depositMinimum)).toBe('10,000 EUR or USD');
    expect(clean(ru.depositMinimum)).toBe('10 000 EUR или USD');
    expect(en.depositInterestPeriods).toBe('1, 3, 6, or 12');
    expect(ru.depositInterestPeriods).toBe('1, 3, 6 или 12');
    expect([en.depositRateEurWithHistory, en.depositRateUsdWithHistory, en.depositRateEurWithoutHistory, en.depositRateUsdWithoutHistory]).toEqual(['11%', '12%', '10%', '11%']);
    expect([en.depositRateNewClients, en.depositRateLongTermClients]).toEqual(['11%', '12%']);
    expect([en.depositTermMinMonths, en.depositTermMaxYears]).toEqual([3, 5]);
    expect(clean(en.chequeCashingFixed)).toBe('100 EUR/USD');
    expect(clean(ru.goldBarSizes)).toBe('5 г, 10 г, 20 г, 50 г, 100 г, 250 г, 500 г, 1 унция и 1 кг');
    expect(clean(en.goldPortfolioShare)).toBe('2–10%');
    expect([en.cardPaymentSystem, en.cardCurrency, en.cardValidityYears]).toEqual(['MasterCard', 'USD', 5]);
    expect(en.accountCurrencyCount).toBe(13);
    expect(en.walletCurrencies).toBe('BTC, ETH, USDT, BNB, SOL, USDC');
  });
});

describe('lists of the public pages', () => {
  it('have the sizes docs/product.md gives', () => {
    expect(TARIFF_LINES).toHaveLength(23);
    expect(new Set(TARIFF_LINES.map((line) => line.key)).size).toBe(23);
    expect([...SLIDE_SIZES]).toEqual([3, 3, 3, 2]);
    expect(SLIDER_ITEMS).toHaveLength(11);
    expect(SLIDER_ITEMS.every((item) => ['/corporate-clients', '/physical-clients', '/other-services'].includes(item.to.pathname))).toBe(true);
    expect(CORPORATE_DOCUMENTS).toHaveLength(12);
    expect(INDIVIDUAL_DOCUMENTS).toHaveLength(4);
    expect(CARD_FEATURES.virtual).toHaveLength(4);
    expect(CARD_FEATURES.physical).toHaveLength(4);
    expect(CRYPTO_CARDS).toHaveLength(6);
    expect(FX_OFFERS).toHaveLength(7);
    expect(CHEQUE_CARDS.length + ACQUIRING_CARDS.length).toBe(5);
    expect(METAL_CARDS).toHaveLength(3);
    expect(ABOUT_OFFERINGS).toHaveLength(3);
    expect(ABOUT_CARDS).toHaveLength(3);
    expect(OTHER_SERVICE_LINKS.map((link) => link.hash)).toEqual(['deposit-account', 'cashing-checks', 'international-acquiring', 'operations-metals', 'fx-service']);
    expect(itemNumber(0)).toBe('01');
    expect(itemNumber(10)).toBe('11');
  });

  it('name only keys that exist in EN and RU', () => {
    const keys = [
      ...TARIFF_LINES.map((line) => `tariffs.lines.${line.key}`),
      ...SLIDER_ITEMS.flatMap((item) => [`tariffs.slider.items.${item.key}.title`, `tariffs.slider.items.${item.key}.text`]),
      ...CORPORATE_DOCUMENTS.map((document) => `corporate.documents.items.${document}`),
      ...INDIVIDUAL_DOCUMENTS.map((document) => `individual.documents.items.${document}`),
      ...(['corporate', 'individual'] as const).flatMap((audience) => [
        ...['title', 'hero.eyebrow', 'hero.title', 'hero.text', 'opening.title', 'opening.text', 'documents.title', 'documents.intro', 'cta.title', 'cta.text'].map((key) => `${audience}.${key}`),
        ...ACCOUNT_OPTION_KEYS.flatMap((option) => ['title', 'term', 'text'].map((part) => `${audience}.opening.${option}.${part}`)),
      ]),
      ...(['virtual', 'physical'] as const).flatMap((kind) => [
        `cards.${kind}.title`,
        `cards.${kind}.text`,
        ...CARD_FEATURES[kind].map((feature) => `cards.${kind}.features.${feature}`),
      ]),
      ...CARD_FACTS.map((fact) => `cards.facts.${fact}`),
      ...CRYPTO_CARDS.flatMap((card) => [`crypto.cards.items.${card}.title`, `crypto.cards.items.${card}.text`]),
      ...CRYPTO_GATEWAY_POINTS.map((point) => `crypto.gateway.points.${point}`),
      ...ABOUT_OFFERINGS.flatMap((offering) => [`about.offerings.${offering}.title`, `about.offerings.${offering}.text`]),
      ...ABOUT_CARDS.flatMap((card) => [`about.cards.${card}.title`, `about.cards.${card}.text`]),
      ...HOME_FACTS.flatMap((fact) => [`home.facts.${fact}.label`, `home.facts.${fact}.value`]),
      ...HOME_SERVICES.flatMap((service) => [`home.services.items.${service.key}.title`, `home.services.items.${service.key}.text`]),
      ...HOME_STEPS.flatMap((step) => [`home.steps.items.${step}.title`, `home.steps.items.${step}.text`]),
      ...DEPOSIT_TERMS.flatMap((term) => [`otherServices.deposit.terms.${term}.label`, `otherServices.deposit.terms.${term}.value`]),
      ...DEPOSIT_ADVANTAGES.map((advantage) => `otherServices.deposit.advantages.${advantage}`),
      ...CHEQUE_CARDS.flatMap((card) => [`otherServices.cheques.cards.${card}.title`, `otherServices.cheques.cards.${card}.text`]),
      ...ACQUIRING_CARDS.flatMap((card) => [`otherServices.acquiring.cards.${card}.title`, `otherServices.acquiring.cards.${card}.text`]),
      ...METAL_CARDS.flatMap((card) => [`otherServices.metals.cards.${card}.title`, `otherServices.metals.cards.${card}.text`]),
      ...FX_OFFERS.flatMap((offer) => [`otherServices.fx.offers.${offer}.title`, `otherServices.fx.offers.${offer}.text`]),
      ...OTHER_SERVICE_LINKS.map((link) => `header.otherServices.${link.key}`),
      ...['corporate', 'individual', 'cards', 'crypto', 'otherServices', 'tariffs', 'about', 'contact'].map((key) => `header.nav.${key}`),
      ...['home', 'about', 'tariffs', 'cards', 'contact', 'corporate', 'individual', 'crypto', 'otherServices'].map((key) => `footer.links.${key}`),
      ...SOCIAL_LINKS.map((link) => `footer.social.${link.key}`),
    ];
    for (const language of languages) {
      expect({ language, missing: keys.filter((key) => !publicTexts[language].has(key)) }).toEqual({ language, missing: [] });
    }
  });

  it('interpolate only figures the pages pass', () => {
    const known = new Set([...Object.keys(publicFigures('en', DEPOSITS.ratesBasisPoints)), 'amount', 'rate', 'current', 'total', 'count']);
    for (const language of languages) {
      const unknown = [...publicTexts[language]]
        .flatMap(([key, text]) => [...text.matchAll(/{{(\w+)}}/g)].map((match) => `${key}: ${match[1]}`))
        .filter((entry) => !known.has(entry.split(': ')[1]!));
      expect({ language, unknown }).toEqual({ language, unknown: [] });
    }
  });
});

describe('contact form messages', () => {
  it('are translation keys of the contact namespace in EN and RU', () => {
    const messages = new Set<string>();
    const bad = [
      {},
      { name: '', email: 'x', phone: '', message: '' },
      { name: 'a'.repeat(1000), email: 'a@b.co', phone: 'a\nb', message: 'a'.repeat(10_000) },
    ];
    for (const schema of [contactFormSchema, contactPageFormSchema]) {
      for (const input of bad) {
        const result = schema.safeParse(input);
        expect(result.success).toBe(false);
        for (const issue of result.error!.issues) messages.add(issue.message);
      }
    }
    expect([...messages].sort()).toEqual(
      ['validation.emailInvalid', 'validation.invalidCharacters', 'validation.messageRequired', 'validation.nameRequired', 'validation.phoneRequired', 'validation.tooLong'],
    );
    for (const language of languages) {
      for (const message of messages) expect(contactTexts[language].has(message)).toBe(true);
    }
    expect(contactTexts.en.get('validation.nameRequired')).toBe('Full name is required');
    expect(contactTexts.en.get('validation.emailInvalid')).toBe('Invalid email address');
    expect(contactTexts.en.get('validation.phoneRequired')).toBe('Phone number is required');
    expect(contactTexts.en.get('validation.messageRequired')).toBe('Message is required');
  });
});
