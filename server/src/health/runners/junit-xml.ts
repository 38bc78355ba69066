import { XMLParser } from 'fast-xml-parser';

/** One test case, as canary-checker's junit check shows it. */
export interface JunitTest {
  name: string;
  classname: string;
  /** Seconds. */
  duration: number;
  status: 'passed' | 'failed' | 'error' | 'skipped';
  message?: string;
  stdout?: string;
  stderr?: string;
}

export interface JunitTotals {
  passed: number;
  failed: number;
  skipped: number;
  error: number;
  /** Seconds. */
  duration: number;
}

export interface JunitSuite extends JunitTotals {
  name: string;
  tests: JunitTest[];
}

const LISTS = new Set(['testsuite', 'testcase', 'failure', 'error', 'skipped']);

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '',
  textNodeName: '#text',
  parseTagValue: false,
  parseAttributeValue: false,
  processEntities: true,
  isArray: (name) => LISTS.has(name),
});

type Node = Record<string, unknown>;

const nodes = (value: unknown): Node[] => (Array.isArray(value) ? value.filter((item): item is Node => typeof item === 'object' && item !== null) : []);
const textOf = (value: unknown): string | undefined => {
  if (typeof value === 'string') return value.trim() || undefined;
  if (Array.isArray(value)) return textOf(value[0]);
  if (typeof value === 'object' && value !== null) return textOf((value as Node)['#text']);
  return undefined;
};
const seconds = (value: unknown): number => {
  const parsed = Number(value);
  return Number.isFinite(parsed) && parsed > 0 ? parsed : 0;
};

function testOf(node: Node): JunitTest {
  const [failure] = nodes(node['failure']);
  const [error] = nodes(node['error']);
  const [skipped] = nodes(node['skipped']);
  // A bare <skipped/> or <failure/> parses as an empty string, not an object.
  const has = (key: string) => node[key] !== undefined;
  const status: JunitTest['status'] = has('failure') ? 'failed' : has('error') ? 'error' : has('skipped') ? 'skipped' : 'passed';
  const detail = failure ?? error ?? skipped;
  const message = detail ? (textOf(detail['message']) ?? textOf(detail)) : undefined;
  const stdout = textOf(node['system-out']);
  const stderr = textOf(node['system-err']);
  return {
    name: String(node['name'] ?? ''),
    classname: String(node['classname'] ?? ''),
    duration: seconds(node['time']),
    status,
    ...(message ? { message } : {}),
    ...(stdout ? { stdout } : {}),
    ...(stderr ? { stderr } : {}),
  };
}

export function totalsOf(items: readonly JunitTotals[]): JunitTotals {
  return items.reduce<JunitTotals>(
    (sum, item) => ({ passed: sum.passed + item.passed, failed: sum.failed + item.failed, skipped: sum.skipped + item.skipped, error: sum.error + item.error, duration: sum.duration + item.duration }),
    { passed: 0, failed: 0, skipped: 0, error: 0, duration: 0 },
  );
}

function suitesOf(node: Node, into: JunitSuite[]): void {
  const tests = nodes(node['testcase']).map(testOf);
  if (tests.length > 0 || node['name'] !== undefined) {
    const count = (status: JunitTest['status']) => tests.filter((test) => test.status === status).length;
    const summed = tests.reduce((sum, test) => sum + test.duration, 0);
    into.push({
      name: String(node['name'] ?? ''),
      passed: count('passed'),
      failed: count('failed'),
      skipped: count('skipped'),
      error: count('error'),
      duration: seconds(node['time']) || summed,
      tests,
    });
  }
  for (const child of nodes(node['testsuite'])) suitesOf(child, into);
}

/** The suites of a JUnit XML document (`<testsuites>` or a lone `<testsuite>`, nested suites flattened). */
export function parseJunitXml(xml: string, file: string): JunitSuite[] {
  let document: Node;
  try {
    document = parser.parse(xml, true) as Node;
  } catch (error) {
    throw new Error(`${file} is not XML: ${(error as Error).message}`);
  }
  const suites: JunitSuite[] = [];
  const root = document['testsuites'];
  if (typeof root === 'object' && root !== null) suitesOf(root as Node, suites);
  for (const suite of nodes(document['testsuite'])) suitesOf(suite, suites);
  if (root === undefined && document['testsuite'] === undefined) throw new Error(`${file} is not JUnit XML: no <testsuites> or <testsuite>`);
  return suites;
}

/** `2 passed, 1 failed, 1 skipped in 1.25s`, as canary-checker words the totals. */
export function describeTotals(totals: JunitTotals): string {
  const parts = [
    totals.passed > 0 ? `${totals.passed} passed` : '',
    totals.failed > 0 ? `${totals.failed} failed` : '',
    totals.error > 0 ? `${totals.error} errors` : '',
    totals.skipped > 0 ? `${totals.skipped} skipped` : '',
  ].filter(Boolean);
  const text = parts.length > 0 ? parts.join(', ') : 'no tests';
  return totals.duration > 0 ? `${text} in ${Math.round(totals.duration * 100) / 100}s` : text;
}
