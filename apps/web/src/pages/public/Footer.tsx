import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../app/paths';
import { COMPANY_CONTACTS, SOCIAL_LINKS } from './companyDetails';
import { BrandMark, Icon } from './icons';
import { OTHER_SERVICE_LINKS } from './content';

/** The pages the footer's columns link to, by their key of `paths` (the text is `footer.links.<key>`). */
const BANK_PAGES = ['home', 'about', 'tariffs', 'cards', 'contact'] as const;
const CLIENT_PAGES = ['corporate', 'individual', 'crypto', 'otherServices'] as const;
type FooterPage = (typeof BANK_PAGES)[number] | (typeof CLIENT_PAGES)[number];

/** Footer (docs/product.md#screens-and-routes): links and anchors, company and licence, two offices, phone, e-mail, social links. */
export function Footer() {
  const { t } = useTranslation('public');
  const pageLink = (page: FooterPage) => (
    <li key={page}>
      <Link to={paths[page]}>{t(`footer.links.${page}`)}</Link>
    </li>
  );
  return (
    <footer className="site-footer">
      <div className="container site-footer__grid">
        <div className="site-footer__about">
          <Link to={paths.home} className="brand brand--inverse">
            <BrandMark />
            <span>{t('common:brand.name')}</span>
          </Link>
          <p>{t('footer.about')}</p>
          <div className="licence">
            <h2 className="site-footer__heading">{t('footer.licence.title')}</h2>
            <p>{t('footer.licence.text')}</p>
          </div>
        </div>

        <nav className="site-footer__column" aria-labelledby="footer-bank">
          <h2 id="footer-bank" className="site-footer__heading">
            {t('footer.bank')}
          </h2>
          <ul>{BANK_PAGES.map(pageLink)}</ul>
        </nav>

        <nav className="site-footer__column" aria-labelledby="footer-services">
          <h2 id="footer-services" className="site-footer__heading">
            {t('footer.services')}
          </h2>
          <ul>
            {CLIENT_PAGES.map(pageLink)}
            {OTHER_SERVICE_LINKS.map((link) => (
              <li key={link.key}>
                <Link to={{ pathname: paths.otherServices, hash: link.hash }}>{t(`header.otherServices.${link.key}`)}</Link>
              </li>
            ))}
          </ul>
        </nav>

        <div className="site-footer__column">
          <h2 className="site-footer__heading">{t('footer.contacts')}</h2>
          <address className="site-footer__contacts">
            <p className="icon-line">
              <Icon name="location" />
              <span>
                <strong>{t('company.headOffice.title')}</strong>
                <br />
                {t('company.headOffice.address')}
              </span>
            </p>
            <p className="icon-line">
              <Icon name="location" />
              <span>
                <strong>{t('company.dublin.title')}</strong>
                <br />
                {t('company.dublin.address')}
              </span>
            </p>
            <p className="icon-line">
              <Icon name="call" />
              <a href={`tel:${COMPANY_CONTACTS.phone.dial}`}>{COMPANY_CONTACTS.phone.display}</a>
            </p>
            <p className="icon-line">
              <Icon name="mail" />
              <a href={`mailto:${COMPANY_CONTACTS.email}`}>{COMPANY_CONTACTS.email}</a>
            </p>
          </address>
          <ul className="social" aria-label={t('footer.social.label')}>
            {SOCIAL_LINKS.map((link) => (
              <li key={link.key}>
                <a className="social__link" href={link.href} target="_blank" rel="noopener noreferrer" aria-label={t(`footer.social.${link.key}`)}>
                  <Icon name={link.key} />
                </a>
              </li>
            ))}
          </ul>
        </div>
      </div>
      <div className="container site-footer__bottom">
        <p>{t('footer.copyright')}</p>
        <p>{t('footer.company')}</p>
      </div>
    </footer>
  );
}
