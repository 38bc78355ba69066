export { dueTick, MIN_INTERVAL_MS, nextTick, parseSchedule, ScheduleError, type Schedule } from './schedule.js';
