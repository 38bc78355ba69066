import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * What each public example did here, against what upstream documents: the conformance suites record
 * into one ledger per file and print its rate at the end.
 */

/** How an example behaved here. */
export type Verdict =
  /** As upstream documents. */
  | 'conforms'
  /** Not as upstream, for a reason another part of Pharos is fixing (`expectedGap`): counted as a failure. */
  | 'gap'
  /** Not as upstream: counted as a failure. */
  | 'fails'
  /** Its system does not exist here (Kubernetes, a cloud account …): not counted. */
  | 'skipped';

interface Line {
  example: string;
  verdict: Verdict;
  reason?: string;
}

export class Ledger {
  private readonly lines: Line[] = [];

  constructor(private readonly title: string) {}

  record(example: string, verdict: Verdict, reason?: string): void {
    this.lines.push({ example, verdict, ...(reason ? { reason } : {}) });
  }

  /** How many examples were recorded. */
  get size(): number {
    return this.lines.length;
  }

  /** Examples behaving as upstream, over examples whose systems exist here. */
  rate(): { conforming: number; counted: number; percent: number } {
    const counted = this.lines.filter((line) => line.verdict !== 'skipped');
    const conforming = counted.filter((line) => line.verdict === 'conforms').length;
    return { conforming, counted: counted.length, percent: counted.length === 0 ? 100 : (100 * conforming) / counted.length };
  }

  /** `conformance: 57/58 (98.3%) …`, then the failures, gaps and skips with their reasons. */
  report(): string {
    const { conforming, counted, percent } = this.rate();
    const sorted = [...this.lines].sort((a, b) => a.example.localeCompare(b.example));
    const section = (verdict: Verdict, heading: string): string[] => {
      const lines = sorted.filter((line) => line.verdict === verdict);
      return lines.length === 0 ? [] : [`  ${heading} (${lines.length}):`, ...lines.map((line) => `    - ${line.example}: ${line.reason ?? ''}`)];
    };
    return [
      `conformance: ${conforming}/${counted} (${percent.toFixed(1)}%) of ${this.title} behave as upstream; ${this.lines.length - counted} skipped`,
      ...section('fails', 'not as upstream'),
      ...sorted.filter((line) => line.verdict === 'conforms' && line.reason).map((line) => `  ${line.example}: ${line.reason}`),
      ...section('gap', 'pending on work elsewhere (expectedGap)'),
      ...section('skipped', 'skipped'),
    ].join('\n');
  }

  /**
   * This file's tally added to those of the suite's other files in the same test run (`run` names
   * it), and the line of them all: `conformance of all files so far: …`. Each file keeps its tally in
   * a file of its own, since the suite's files may run at the same time.
   */
  addToRun(run: string): string {
    const folder = path.join(tmpdir(), `pharos-conformance-${createHash('sha256').update(run).digest('hex').slice(0, 16)}`);
    mkdirSync(folder, { recursive: true });
    const { conforming, counted } = this.rate();
    writeFileSync(path.join(folder, `${createHash('sha256').update(this.title).digest('hex').slice(0, 16)}.json`), JSON.stringify({ title: this.title, conforming, counted }));
    const tallies = readdirSync(folder)
      .filter((name) => name.endsWith('.json'))
      .map((name) => JSON.parse(readFileSync(path.join(folder, name), 'utf8')) as { title: string; conforming: number; counted: number })
      .sort((a, b) => a.title.localeCompare(b.title));
    const all = tallies.reduce((sum, tally) => ({ conforming: sum.conforming + tally.conforming, counted: sum.counted + tally.counted }), { conforming: 0, counted: 0 });
    const percent = all.counted === 0 ? 100 : (100 * all.conforming) / all.counted;
    return `conformance of all files so far (${tallies.map((tally) => tally.title).join(', ')}): ${all.conforming}/${all.counted} (${percent.toFixed(1)}%)`;
  }
}
