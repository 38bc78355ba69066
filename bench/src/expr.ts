/**
 * `npm run bench:expr`: CEL and template evaluations per second on a realistic HTTP check result,
 * compiled once (cached) and compiled each time, against a plain JavaScript function doing the same
 * test as the baseline. Target: at least 100,000 cached CEL evaluations per second.
 */
import { evaluateCel, renderTemplate } from '../../core/dist/index.js';
import { verdict } from './report.js';

const TARGET_CEL_PER_SECOND = 100_000;
const SECONDS = 2;

const result = {
  code: 200,
  elapsed: 0.182,
  sslAge: 86_400 * 40,
  headers: { 'Content-Type': 'application/json', 'User-Agent': 'pharos' },
  json: { status: 'ok', items: [{ name: 'a', ready: true }, { name: 'b', ready: true }, { name: 'c', ready: false }] },
  check: { name: 'api health', namespace: 'default', labels: { team: 'platform' } },
};

const CEL = 'code in [200, 201, 301] && json.status == "ok" && json.items.filter(i, i.ready).size() >= 2 && headers["Content-Type"].startsWith("application/json")';
const TEMPLATE = '{{.check.name}}: {{.code}} in {{printf "%.0f" (mul .elapsed 1000)}}ms, {{len .json.items}} items{{range .json.items}}{{if not .ready}}, {{.name}} not ready{{end}}{{end}}';

function plainTest(value: typeof result): boolean {
  return (
    [200, 201, 301].includes(value.code) &&
    value.json.status === 'ok' &&
    value.json.items.filter((item) => item.ready).length >= 2 &&
    value.headers['Content-Type'].startsWith('application/json')
  );
}

function plainTemplate(value: typeof result): string {
  const notReady = value.json.items.filter((item) => !item.ready).map((item) => `, ${item.name} not ready`).join('');
  return `${value.check.name}: ${value.code} in ${Math.round(value.elapsed * 1000)}ms, ${value.json.items.length} items${notReady}`;
}

/** Runs `work` for SECONDS and answers how many times a second it ran. */
function perSecond(work: (iteration: number) => unknown): number {
  for (let i = 0; i < 1_000; i++) work(i); // warm-up
  const end = performance.now() + SECONDS * 1000;
  let count = 0;
  while (performance.now() < end) {
    for (let i = 0; i < 100; i++) work(count + i);
    count += 100;
  }
  return count / SECONDS;
}

function main(): void {
  if (evaluateCel(CEL, result) !== plainTest(result)) throw new Error('the CEL expression and the plain test disagree');
  if (renderTemplate(TEMPLATE, result) !== plainTemplate(result)) throw new Error(`the template and the plain function disagree: ${renderTemplate(TEMPLATE, result)}`);
  process.stdout.write(`Pharos expression benchmark: node ${process.version}, ${SECONDS} s each\n\n`);
  const rows: [string, number][] = [
    ['plain JavaScript test (baseline)', perSecond(() => plainTest(result))],
    ['CEL, cached', perSecond(() => evaluateCel(CEL, result))],
    // A trailing space per iteration makes each expression new to the cache.
    ['CEL, compiled each time', perSecond((i) => evaluateCel(`${CEL}${' '.repeat(i % 4000)}`, result))],
    ['plain JavaScript template (baseline)', perSecond(() => plainTemplate(result))],
    ['template, cached', perSecond(() => renderTemplate(TEMPLATE, result))],
    ['template, compiled each time', perSecond((i) => renderTemplate(`${TEMPLATE}{{/* ${i} */}}`, result))],
  ];
  const width = Math.max(...rows.map(([name]) => name.length));
  for (const [name, rate] of rows) process.stdout.write(`${name.padEnd(width)}  ${rate.toFixed(0).padStart(10)}/s\n`);
  const cel = rows[1]![1];
  process.stdout.write(`\nCEL cached / plain test: ${(cel / rows[0]![1]).toFixed(4)}; template cached / plain: ${(rows[4]![1] / rows[3]![1]).toFixed(4)}\n`);
  process.stdout.write(`cached CEL >= ${TARGET_CEL_PER_SECOND}/s: ${cel.toFixed(0)}/s: ${verdict(cel >= TARGET_CEL_PER_SECOND)}\n`);
}

main();
