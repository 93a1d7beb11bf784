// Ingredients, recipes and their costing (services/recipes/): one import
// for the routes, the kitchen and the exports.
export * from './recipes/costing.js';
export * from './recipes/ingredients.js';
export * from './recipes/recipes.js';
export { seedKitchen } from './recipes/starterKitchen.js';
