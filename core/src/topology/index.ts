export * from './component.js';
