export * from './kubernetes.js';
export * from './check-summary.js';
