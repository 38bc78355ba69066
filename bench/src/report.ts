import type { LoadResult } from './load.js';

export interface ModeResult {
  mode: string;
  generic: LoadResult;
  handwritten: LoadResult;
}

/** One line of a benchmark's report. */
export const log = (message: string): void => void process.stdout.write(`${message}\n`);

/** What a benchmark must undo however it ends, undone last first; a step that fails is reported and the others still run. */
export class CleanUps {
  private readonly steps: (() => Promise<unknown>)[] = [];

  push(step: () => Promise<unknown>): void {
    this.steps.push(step);
  }

  /** Runs and forgets every step pushed so far; pass it to runBench. */
  readonly run = async (): Promise<void> => {
    for (let step = this.steps.pop(); step; step = this.steps.pop()) await step().catch((error: unknown) => log(`clean-up failed: ${String(error)}`));
  };
}

/** Runs a benchmark: a failure is reported in a line and the exit status, after `cleanUp` in every case. */
export async function runBench(main: () => Promise<void>, cleanUp: () => Promise<void> = async () => undefined): Promise<void> {
  try {
    await main();
  } catch (error) {
    log(`bench failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  } finally {
    await cleanUp();
  }
}

/** The data service answers at least this much faster than the same read written by hand. */
export const MIN_RATIO = 1.1;
export const MAX_STARTUP_MS = 2000;

export function verdict(pass: boolean): string {
  return pass ? 'PASS' : 'FAIL';
}

function table(header: string[], rows: string[][]): string {
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => (row[column] ?? '').length)));
  const line = (cells: string[]): string => cells.map((cell, column) => cell.padStart(widths[column] ?? 0)).join('  ');
  return [line(header), widths.map((width) => '-'.repeat(width)).join('  '), ...rows.map(line)].join('\n');
}

/** Requests/s, p95 and failures per target, then the generic/hand-written ratio per mode. */
export function loadReport(results: readonly ModeResult[]): string {
  const row = (mode: string, target: string, r: LoadResult): string[] => [
    mode,
    target,
    r.requestsPerSecond.toFixed(1),
    r.p95Ms.toFixed(1),
    String(r.errors),
    String(r.non2xx),
  ];
  const targetRows = results.flatMap(({ mode, generic, handwritten }) => [row(mode, 'generic', generic), row(mode, 'hand-written', handwritten)]);
  const ratioRows = results.map(({ mode, generic, handwritten }) => {
    const ratio = generic.requestsPerSecond / handwritten.requestsPerSecond;
    return [mode, ratio.toFixed(3), `>= ${MIN_RATIO}`, verdict(ratio >= MIN_RATIO)];
  });
  return [
    table(['mode', 'target', 'req/s', 'p95 ms', 'errors', 'non-2xx'], targetRows),
    '',
    table(['mode', 'generic/hand-written req/s', 'target', 'result'], ratioRows),
  ].join('\n');
}
