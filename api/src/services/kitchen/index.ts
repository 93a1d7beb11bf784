// Kitchen services (issue 8): capacity, recipe links, bake sheet, margins, export.
export {
  checkDay,
  availability,
  capacitySettings,
  setCapacityLimits,
  addClosedDate,
  addClosedDates,
  removeClosedDate,
  listClosedDates,
  storedLines,
  BOOKED,
  bookingSettings,
  setBookingHorizon,
  liftFairShare,
  restoreFairShare,
} from './capacity.js';
export { bookedDays } from './bookedDays.js';
export { listLinks, saveLink, removeLink, costPerItem, batchesFor } from './links.js';
export { bakeSheet, storedItems } from './bakeSheet.js';
export { margins } from './margins.js';
export { writeBakeSheetWorkbook } from './export.js';
export { availabilityOffer, planUnits, unitsRead } from './offer.js';
export { bookStoredOrder } from './booking.js';
