import { useEffect, useRef } from 'react';
import type uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { TIME_RANGE_MINUTES, type GraphPoint, type TimeRange } from '@pharos/core';

/** The series uPlot draws: time in seconds, then the mean duration of passing buckets and of those with a failure. */
export function chartData(points: readonly GraphPoint[]): uPlot.AlignedData {
  return [
    points.map((point) => Date.parse(point.time) / 1000),
    points.map((point) => (point.status ? point.duration : null)),
    points.map((point) => (point.status ? null : point.duration)),
  ];
}

let canvasWorks: boolean | undefined;
/** Environments without a 2D canvas (a test DOM) get the summary line only. */
function canDraw(): boolean {
  if (canvasWorks === undefined) {
    try {
      canvasWorks = Boolean(document.createElement('canvas').getContext('2d'));
    } catch {
      canvasWorks = false;
    }
  }
  return canvasWorks;
}

/** A theme colour (a CSS variable of index.css) as the canvas needs it. */
function themeColour(host: HTMLElement, variable: string): string {
  const probe = document.createElement('span');
  probe.style.color = `var(${variable})`;
  host.appendChild(probe);
  const colour = getComputedStyle(probe).color;
  probe.remove();
  return colour;
}

const pointsOnly = (stroke: string, label: string): uPlot.Series => ({
  label,
  stroke,
  paths: () => null,
  points: { show: true, size: 5, fill: stroke, stroke },
  value: (_chart, value) => (value === null ? '–' : `${value} ms`),
});

function draw(UPlot: typeof uPlot, element: HTMLDivElement, points: readonly GraphPoint[], range: TimeRange, height: number): () => void {
  // The x axis spans the whole range, so a few runs sit where they happened rather than fill the chart.
  const end = Date.now() / 1000;
  const start = end - TIME_RANGE_MINUTES[range] * 60;
  const muted = themeColour(element, '--fg-muted');
  const grid = { stroke: themeColour(element, '--border'), width: 1 };
  const axis = { stroke: muted, grid, ticks: grid };
  const chart = new UPlot(
    {
      width: element.clientWidth || 560,
      height,
      legend: { show: true },
      cursor: { drag: { x: false, y: false } },
      scales: { x: { time: true, range: () => [start, end] }, y: { range: (_chart, _min, max) => [0, Math.max(10, max * 1.1)] } },
      axes: [axis, { ...axis, size: 56, values: (_chart, ticks) => ticks.map((tick) => `${tick} ms`) }],
      series: [{}, pointsOnly(themeColour(element, '--success'), 'Passed'), pointsOnly(themeColour(element, '--danger'), 'Failed')],
    },
    chartData(points),
    element,
  );
  const resize = new ResizeObserver(() => chart.setSize({ width: element.clientWidth || 560, height }));
  resize.observe(element);
  return () => {
    resize.disconnect();
    chart.destroy();
  };
}

/** The runs of a range: passed and failed, summed over its buckets. */
export function runCounts(points: readonly GraphPoint[]): { passed: number; failed: number } {
  return points.reduce((sum, point) => ({ passed: sum.passed + point.passed, failed: sum.failed + point.failed }), { passed: 0, failed: 0 });
}

/**
 * Health Overview: the range in buckets (the canary graph), each a point at its mean duration, green
 * when all its runs passed and red when one failed (uPlot, which draws thousands of points at once).
 */
export function HealthChart({ points, range, height = 160 }: { points: readonly GraphPoint[]; range: TimeRange; height?: number }) {
  const host = useRef<HTMLDivElement>(null);
  const { passed, failed } = runCounts(points);
  const runs = passed + failed;

  useEffect(() => {
    const element = host.current;
    if (!element || points.length === 0 || !canDraw()) return;
    let cancelled = false;
    let teardown = () => undefined as void;
    // uPlot loads with the first chart (and needs a real window: it reads matchMedia when loaded).
    void import('uplot').then(({ default: UPlot }) => {
      if (!cancelled) teardown = draw(UPlot, element, points, range, height);
    });
    return () => {
      cancelled = true;
      teardown();
    };
  }, [points, range, height]);

  return (
    <figure aria-label="Health Overview" className="flex flex-col gap-1">
      <figcaption className="text-xs text-fg-muted">
        {runs === 0 ? 'No runs in this range.' : `${runs} run${runs === 1 ? '' : 's'}, ${failed} failed`}
      </figcaption>
      <div ref={host} className="w-full" />
    </figure>
  );
}
