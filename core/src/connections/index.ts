export * from './fields.js';
export * from './forms.js';
export * from './env-var.js';
export * from './values.js';
export * from './reference.js';
export * from './typed-blocks.js';
