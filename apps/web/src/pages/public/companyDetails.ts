/**
 * The bank's contact details that do not change with the language (addresses and titles are
 * translated in public.json). The e-mail is the address the contact forms are delivered to
 * (the server's CONTACT_EMAIL default).
 */
export const COMPANY_CONTACTS = {
  email: 'info@bank.example',
  website: 'www.bank.example',
  websiteUrl: 'https://www.bank.example',
  phone: { display: '+353 1 905 3380', dial: '+35319053380' },
  compliancePhone: { display: '+353 1 905 3385', dial: '+35319053385' },
} as const;

export const SOCIAL_LINKS = [
  { key: 'telegram', href: 'https://t.me/meridian_bank' },
  { key: 'whatsapp', href: 'https://wa.me/35319053380' },
  { key: 'linkedin', href: 'https://www.linkedin.com/company/meridian-bank' },
] as const;
