import { TIME_RANGE_MINUTES, type TimeRange } from '@pharos/core';
import { Link } from 'react-router';
import { linkClass } from '../../ui/link-styles';
import { AutoRefreshPicker } from '../../ui/auto-refresh-picker';
import { TimeRangePicker } from '../../ui/time-range-picker';
import { HEALTH_TIME_RANGES, pickerValue, timeRangeKeyOf } from './health-time-range';

/** localStorage key of the dashboard's refresh rate. */
export const HEALTH_REFRESH_KEY = 'health.refreshRate';

export interface HealthHeaderProps {
  passing: number;
  failing: number;
  timeRange: TimeRange;
  onTimeRangeChange: (range: TimeRange) => void;
}

/** The title, the pass and fail counts, the time range and the auto-refresh rate (whose fast rates long ranges disable). */
export function HealthHeader({ passing, failing, timeRange, onTimeRangeChange }: HealthHeaderProps) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <h1 className="text-lg font-semibold">Health</h1>
      <div className="flex flex-wrap items-center gap-3">
        <p aria-label="Health summary" className="flex items-center gap-3 text-sm">
          <span className="text-success">{passing} passing</span>
          <span className="text-danger">{failing} failing</span>
        </p>
        <TimeRangePicker value={pickerValue(timeRange)} onChange={(value) => onTimeRangeChange(timeRangeKeyOf(value))} relativeRanges={HEALTH_TIME_RANGES} mappedRanges={[]} />
        <AutoRefreshPicker storageKey={HEALTH_REFRESH_KEY} rangeMinutes={TIME_RANGE_MINUTES[timeRange]} />
        <Link to="/health/sla" className={`${linkClass} text-sm`}>
          SLA report
        </Link>
      </div>
    </div>
  );
}
