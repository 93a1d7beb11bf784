// The bakery's identity: the one place the storefront, the mails and the
// exports read the name, address and contact details from.
export const BAKERY_INFO = {
  name: 'Sprinkles & Crumbs Bakery',
  tagline:
    'Sprinkling joy and sharing crumbs with our community, one gluten-free, dairy-free bake at a time.',
  street: '1418 Thomasville Road',
  city: 'Tallahassee',
  state: 'Florida',
  stateCode: 'FL',
  zip: '32303',
  phone: '(850) 555-0142',
  email: 'hello@sprinklesandcrumbs.com',
  website: 'https://www.sprinklesandcrumbs.com',
  openSince: 2015,
} as const;

export type BakeryInfo = typeof BAKERY_INFO;

/** The street address on one line, as the footer and mails print it. */
export const bakeryAddressLine = (): string =>
  `${BAKERY_INFO.street}, ${BAKERY_INFO.city}, ${BAKERY_INFO.stateCode} ${BAKERY_INFO.zip}`;
