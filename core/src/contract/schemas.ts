// The schemas the route map (routes.ts) may name for a request's body, query
// or path parameters (issue 21): the domain modules that hold them, and
// inputs.ts for those no domain owns. The server looks a route's schemas up
// here (ROUTE_SCHEMAS); the map itself names them, type-only, so that the
// clients, which read the map, never load a schema they do not use.
export * from '../schemas/accounts';
export * from '../schemas/passwords';
export * from '../schemas/reviews';
export * from '../schemas/admin';
export * from '../schemas/counter';
export * from '../schemas/staffOrder';
export * from '../lifecycle/selfService';
export * from '../lifecycle/desk';
export * from '../standing/standing';
export * from '../kitchen/schemas';
export * from '../kitchen/booking';
export * from '../kitchen/dropSchemas';
export * from '../kitchen/allergenSchemas';
export * from '../upkeep/backups';
export * from '../upkeep/unpaidOrders';
export * from '../settings/schema';
export * from '../settings/integrations';
export * from '../catalogue/menuSchemas';
export * from './inputs';
