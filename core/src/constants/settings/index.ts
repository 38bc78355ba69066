export * from './connections.js';
export * from './http.js';
export * from './jobs.js';
export * from './notifications.js';
export * from './resources.js';
export * from './schedules.js';
export * from './time-ranges.js';
