// @bakery/test-support: one way for every suite (API tests, storefront and
// back-office browser tests) to find PostgreSQL, make a database of its own
// and start the real API.
export * from './postgres';
export * from './api';
export * from './smtpMailbox';
