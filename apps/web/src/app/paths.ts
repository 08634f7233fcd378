/** Every route of the app, defined once (docs/product.md#screens-and-routes). */
export const paths = {
  home: '/',
  about: '/about-bank',
  tariffs: '/tariffs-and-services',
  corporate: '/corporate-clients',
  individual: '/physical-clients',
  cards: '/payment-cards',
  crypto: '/crypto-operations',
  otherServices: '/other-services',
  contact: '/contact',
  /** The public check of a signed statement; /verify/<code> opens with the code from its QR code. */
  verify: '/verify',
  login: '/login',
  register: '/register',
  forgotPassword: '/forgot_password',
  resetPassword: '/reset_password',
  cabinet: '/kabinet',
  backoffice: '/backoffice',
} as const;

/** Anchors on /other-services (header and footer, docs/product.md#screens-and-routes). */
export const otherServicesAnchors = {
  deposit: 'deposit-account',
  cheques: 'cashing-checks',
  acquiring: 'international-acquiring',
  metals: 'operations-metals',
  fx: 'fx-service',
} as const;

/** Anchors in the cabinet: /kabinet#sessions (the new-device e-mail's link) opens the settings' sessions list. */
export const cabinetAnchors = {
  sessions: 'sessions',
} as const;
