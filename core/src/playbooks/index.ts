export * from './duration-parameter.js';
