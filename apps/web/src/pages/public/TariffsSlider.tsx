import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SLIDE_SIZES, SLIDER_ITEMS, itemNumber } from './content';
import { Icon } from './icons';

/** docs/product.md#tariffs-and-limits: each slide change fades in after 50 ms. */
export const SLIDE_FADE_DELAY_MS = 50;

/** The 11 items cut into slides of 3, 3, 3 and 2, each item keeping its overall number. */
const SLIDES = SLIDE_SIZES.reduce<Array<Array<{ index: number; item: (typeof SLIDER_ITEMS)[number] }>>>((slides, size) => {
  const start = slides.flat().length;
  slides.push(SLIDER_ITEMS.slice(start, start + size).map((item, offset) => ({ index: start + offset, item })));
  return slides;
}, []);

/** Tariffs slider (docs/product.md#screens-and-routes): previous and next arrows that wrap around, a fade-in on every change. */
export function TariffsSlider() {
  const { t } = useTranslation('public');
  const [current, setCurrent] = useState(0);
  const [visible, setVisible] = useState(true);
  const slideId = useId();

  useEffect(() => {
    if (visible) return;
    const timer = window.setTimeout(() => setVisible(true), SLIDE_FADE_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [visible, current]);

  const go = (step: 1 | -1) => {
    setVisible(false);
    setCurrent((index) => (index + step + SLIDES.length) % SLIDES.length);
  };

  const slide = SLIDES[current] ?? [];
  return (
    <div className="slider" role="region" aria-roledescription={t('tariffs.slider.roleDescription')} aria-label={t('tariffs.slider.label')}>
      <div
        id={slideId}
        className={`slider__slide${visible ? ' slider__slide--visible' : ''}`}
        role="group"
        aria-roledescription={t('tariffs.slider.slideRoleDescription')}
        aria-label={t('tariffs.slider.position', { current: current + 1, total: SLIDES.length })}
        aria-live="polite"
      >
        <ul className="slider__items">
          {slide.map(({ index, item }) => (
            <li key={item.key} className="slider__item">
              <Link className="slider__card" to={item.to}>
                <span className="slider__number">{itemNumber(index)}</span>
                <span className="slider__title">{t(`tariffs.slider.items.${item.key}.title`)}</span>
                <span className="slider__text">{t(`tariffs.slider.items.${item.key}.text`)}</span>
              </Link>
            </li>
          ))}
        </ul>
      </div>
      <div className="slider__controls">
        <button type="button" className="slider__arrow" aria-controls={slideId} aria-label={t('tariffs.slider.previous')} onClick={() => go(-1)}>
          <Icon name="arrowLeft" size={22} />
        </button>
        <p className="slider__position" aria-hidden="true">
          {current + 1} / {SLIDES.length}
        </p>
        <button type="button" className="slider__arrow" aria-controls={slideId} aria-label={t('tariffs.slider.next')} onClick={() => go(1)}>
          <Icon name="arrowRight" size={22} />
        </button>
      </div>
    </div>
  );
}
