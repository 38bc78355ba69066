export * from './kubernetes.js';
