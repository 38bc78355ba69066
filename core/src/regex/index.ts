export * from './re2.js';
