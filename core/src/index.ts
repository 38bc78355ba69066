export * from './permissions.js';
export * from './feature-flags.js';
export * from './constants/index.js';
export * from './format/index.js';
export * from './schemas/index.js';
export * from './schedule/index.js';
export * from './template/index.js';
export * from './cel/index.js';
