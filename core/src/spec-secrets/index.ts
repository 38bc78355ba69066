export * from './sealed-text.js';
export * from './credential-text.js';
export * from './fields.js';
export * from './walk.js';
export * from './destination.js';
