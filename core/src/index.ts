// @bakery/core: the bakery's rules, once (see README.md).
import './zodConfig'; // first: before any schema is built
export * from './bakery/bakery';
export * from './bakery/customerOrder';
export * from './bakery/deliveryArea';
export * from './catalogue/catalogue';
export * from './catalogue/photos';
export * from './cart/cart';
export * from './money/money';
export * from './calendar/calendar';
export * from './calendar/ics';
export * from './lifecycle/lifecycle';
export * from './lifecycle/orderState';
export * from './lifecycle/selfService';
export * from './lifecycle/desk';
export * from './roles/roles';
export * from './schemas/common';
export * from './schemas/accounts';
export * from './schemas/passwords';
export * from './schemas/reviews';
export * from './schemas/order';
export * from './schemas/admin';
export * from './schemas/counter';
export * from './views';
export * from './errors';
export * from './ids/ids';
export * from './kitchen/index';
export * from './upkeep/index';
