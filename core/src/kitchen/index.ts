// Kitchen: daily capacity, closed dates, recipe links, cost of goods (issue 8).
export * from './capacity';
export * from './booking';
export * from './costing';
export * from './schemas';
export type * from './views';
export * from './bookedDays';
export * from './allergens';
export * from './allergenSchemas';
export * from './allergenMenu';
export * from './windows';
export * from './drops';
export * from './offer';
export * from './dropSchemas';
export * from './dropAnnouncement';
export * from './pickupWhen';
