import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ContactForm } from '../../features/contact/ContactForm';
import { usePageTitle } from '../../ui/usePageTitle';
import { Hero, Section } from './blocks';
import { COMPANY_CONTACTS } from './companyDetails';
import { Icon, type IconName } from './icons';

const FORM_SECTION_ID = 'contact-form';

/** Contact (docs/product.md#screens-and-routes): a hero whose button scrolls to the form, the contact details and the feedback form. */
export function Component() {
  const { t } = useTranslation('public');
  usePageTitle('contact.title', 'public');

  const scrollToForm = () => {
    const section = document.getElementById(FORM_SECTION_ID);
    if (!section) return;
    const reduced = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    section.scrollIntoView({ behavior: reduced ? 'instant' : 'smooth', block: 'start' });
    // The first field takes the focus, so a keyboard user can type at once.
    section.querySelector<HTMLElement>('input')?.focus({ preventScroll: true });
  };

  return (
    <>
      <Hero
        eyebrow={t('contact.hero.eyebrow')}
        title={t('contact.hero.title')}
        text={t('contact.hero.text')}
        actions={
          <button type="button" className="button button--accent" onClick={scrollToForm}>
            {t('contact.hero.action')}
          </button>
        }
      />

      <Section title={t('contact.details.title')}>
        {() => (
          <ul className="grid grid--3 plain-list contact-details">
            <ContactDetail icon="location" title={t('contact.details.dublin')}>
              <p>{t('company.dublin.address')}</p>
            </ContactDetail>
            <ContactDetail icon="location" title={t('contact.details.headOffice')}>
              <p>{t('company.headOffice.address')}</p>
            </ContactDetail>
            <ContactDetail icon="clock" title={t('contact.details.hours')}>
              <p>{t('company.hours.days')}</p>
              <p>{t('company.hours.lunch')}</p>
            </ContactDetail>
            <ContactDetail icon="mail" title={t('contact.details.email')}>
              <p>
                <a href={`mailto:${COMPANY_CONTACTS.email}`}>{COMPANY_CONTACTS.email}</a>
              </p>
            </ContactDetail>
            <ContactDetail icon="globe" title={t('contact.details.website')}>
              <p>
                <a href={COMPANY_CONTACTS.websiteUrl}>{COMPANY_CONTACTS.website}</a>
              </p>
            </ContactDetail>
            <ContactDetail icon="shield" title={t('contact.details.compliance')}>
              <p>
                <a href={`tel:${COMPANY_CONTACTS.compliancePhone.dial}`}>{COMPANY_CONTACTS.compliancePhone.display}</a>
              </p>
            </ContactDetail>
          </ul>
        )}
      </Section>

      <Section id={FORM_SECTION_ID} tone="alt" title={t('contact.form.title')} intro={<p>{t('contact.form.text')}</p>}>
        {() => (
          <div className="contact-panel">
            <ContactForm variant="contact" />
          </div>
        )}
      </Section>
    </>
  );
}

function ContactDetail({ icon, title, children }: { icon: IconName; title: string; children: ReactNode }) {
  return (
    <li className="contact-detail">
      <span className="contact-detail__icon">
        <Icon name={icon} size={22} />
      </span>
      <div>
        <h3 className="contact-detail__title">{title}</h3>
        {children}
      </div>
    </li>
  );
}
