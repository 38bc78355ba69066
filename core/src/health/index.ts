export * from './kubernetes.js';
export * from './check-summary.js';
export * from './graph-point.js';
