import { describe, expect, it } from 'vitest';
import { celDuration, CelError, celIsTrue, evaluateCel, evaluatePlaybookCel } from './index.js';

describe('CEL: a sample of the specification', () => {
  it.each([
    ['1 + 2 * 3', 7],
    ['7 / 2', 3],
    ['7 % 3', 1],
    ['7.0 / 2.0', 3.5],
    ['-5 + 2', -3],
    ['"ab" + "cd"', 'abcd'],
    ['"hello".size()', 5],
    ['size([1, 2, 3])', 3],
    ['[1, 2] + [3]', [1, 2, 3]],
    ['{"a": 1}["a"]', 1],
    ['2 in [1, 2]', true],
    ['"k" in {"k": true}', true],
    ['true ? "yes" : "no"', 'yes'],
    ['false || true && !false', true],
    ['1 < 2 && 2.5 >= 2.5 && "a" < "b"', true],
    ['int("42") + 1', 43],
    ['double(1) / 4.0', 0.25],
    ['string(12) + "!"', '12!'],
    ['[1, 2, 3].all(x, x > 0)', true],
    ['[1, 2, 3].exists(x, x == 2)', true],
    ['[1, 2, 3].exists_one(x, x > 2)', true],
    ['[1, 2, 3].map(x, x * x)', [1, 4, 9]],
    ['[1, 2, 3].filter(x, x % 2 == 1)', [1, 3]],
    ['{"a": 1, "b": 2}.map(k, k)', ['a', 'b']],
    ['"hello world".contains("lo w") && "abc".startsWith("a") && "abc".endsWith("c")', true],
    ['"abc123".matches("^[a-z]+[0-9]+$")', true],
    ['"a,b,c".split(",")', ['a', 'b', 'c']],
    ['"  x ".trim()', 'x'],
    ['"Hello".lowerAscii() + "Hello".upperAscii()', 'helloHELLO'],
    ['"abcdef".substring(1, 3)', 'bc'],
    ['"hello".replace("l", "L")', 'heLLo'],
    ['["a", "b"].join("-")', 'a-b'],
    ['duration("1h30m")', 5_400_000],
    ['timestamp("2024-01-02T03:04:05Z") + duration("1h") > timestamp("2024-01-02T04:00:00Z")', true],
    ['type(1) == int && type("a") == string', true],
    ['dyn(1) == 1', true],
  ])('%s', (expression, expected) => {
    expect(evaluateCel(expression)).toEqual(expected);
  });

  it('reads variables, missing fields through has() and optional chaining', () => {
    const check = { name: 'api', code: 200, headers: { 'User-Agent': 'canary-checker/1.0' }, tags: ['a'] };
    expect(celIsTrue('code in [200, 201, 301] && code + 1 == 201', check)).toBe(true);
    expect(celIsTrue('headers["User-Agent"].startsWith("canary-checker/")', check)).toBe(true);
    expect(celIsTrue('has(headers.missing)', check)).toBe(false);
    expect(evaluateCel('headers.?missing.orValue("none")', check)).toBe('none');
    expect(evaluateCel('headers.?missing.deeper.orValue("none")', check)).toBe('none');
    expect(evaluateCel('dyn(tags)[0]', check)).toBe('a');
  });

  it('tests a field of any expression with has(), as cel-go does', () => {
    const patch = { status: { containerStatuses: [{ name: 'web', restartCount: 3 }, { name: 'proxy' }] } };
    expect(celIsTrue('has(patch.status.containerStatuses[0].restartCount)', { patch })).toBe(true);
    expect(celIsTrue('has(patch.status.containerStatuses[1].restartCount)', { patch })).toBe(false);
    expect(celIsTrue('has({"a": 1}.a) && !has({"a": 1}.b)', {})).toBe(true);
    expect(celIsTrue('has(dyn(patch).status)', { patch })).toBe(true);
    // The expression under the field is evaluated: its own errors stay errors.
    expect(() => evaluateCel('has(patch.status.containerStatuses[5].restartCount)', { patch })).toThrow(CelError);
  });

  it("runs config-db's own change mapping filter, which tests a list element's field", () => {
    const filter = `change_type == 'diff' && summary == "status.containerStatuses" && patch != null && has(patch.status) && has(patch.status.containerStatuses) && patch.status.containerStatuses.size() > 0 && has(patch.status.containerStatuses[0].restartCount)`;
    const patch = { status: { containerStatuses: [{ restartCount: 4 }] } };
    expect(celIsTrue(filter, { change_type: 'diff', summary: 'status.containerStatuses', patch })).toBe(true);
    expect(celIsTrue(filter, { change_type: 'Pulled', summary: 'Container image already present', patch: null })).toBe(false);
  });
});

describe('CEL: the functions Flanksource specs use', () => {
  it('reads durations with days and weeks, and the age of a time', () => {
    expect(evaluateCel("Duration('7d')")).toBe(7 * 86_400_000);
    expect(evaluateCel("Duration('1w') == Duration('7d')")).toBe(true);
    expect(celIsTrue("sslAge > Duration('7d')", { sslAge: celDuration(30 * 86_400_000) })).toBe(true);
    expect(celIsTrue("age('2020-01-01T00:00:00Z') > Duration('365d')")).toBe(true);
    expect(celIsTrue("age(timestamp('2020-01-01T00:00:00Z')) > Duration('1d')")).toBe(true);
  });

  it('prints and reads JSON', () => {
    expect(evaluateCel('toJSON({"a": [1, 2.5, "x"]})')).toBe('{"a":[1,2.5,"x"]}');
    expect(evaluateCel('[1, 2].map(n, {"n": n}).toJSON()')).toBe('[{"n":1},{"n":2}]');
    expect(evaluateCel('labels.toJSON()', { labels: { a: 'b' } })).toBe('{"a":"b"}');
    expect(evaluateCel('labels.omit(["alertname", "x"])', { labels: { alertname: 'Down', severity: 'critical' } })).toEqual({ severity: 'critical' });
    expect(evaluateCel('{"a": 1, "b": 2}.omit(["a"])')).toEqual({ b: 2 });
    expect(evaluateCel('JSON(\'{"items": [{"n": 1}, {"n": 2}]}\').items.map(i, i.n)')).toEqual([1, 2]);
  });

  it('has the math extension', () => {
    expect(evaluateCel('math.greatest(1, 5)')).toBe(5);
    expect(evaluateCel('math.least(3, 2)')).toBe(2);
    expect(evaluateCel('math.abs(-4)')).toBe(4);
    expect(evaluateCel('math.ceil(1.2) + math.floor(1.8) + math.round(1.5)')).toBe(5);
    expect(evaluateCel('math.greatest([4, 9, 2])')).toBe(9);
  });

  it("leaves a caller's variable named as a function namespace (data, time, path …) the caller's", () => {
    expect(evaluateCel('data.items.size() + path.size()', { data: { items: [1, 2] }, path: 'abc' })).toBe(5);
    expect(evaluateCel('time', { time: '10:00' })).toBe('10:00');
    expect(evaluateCel('data.CSVByRow("a,b\\n1,2")[0].b + string(time.Hour)')).toBe('23600s');
  });

  it('has the string, list, set and base64 extensions of cel-go', () => {
    expect(evaluateCel('"abc".charAt(1) + "abc".reverse() + "aaa".replace("a", "b", 2) + strings.quote("q")')).toBe('bcbabba"q"');
    expect(evaluateCel('[3, 1, 2].sort() + [1, [2, 3]].flatten() + [1, 2, 2].distinct() + [1, 2, 3].slice(1, 2)')).toEqual([1, 2, 3, 1, 2, 3, 1, 2, 2]);
    expect(evaluateCel('[1, 2, 3].sum() == 6 && lists.range(3) == [0, 1, 2]')).toBe(true);
    expect(evaluateCel('sets.contains([1, 2, 3], [1, 3]) && sets.intersects([1], [1, 2]) && sets.equivalent([1, 2], [2, 1])')).toBe(true);
    expect(evaluateCel('base64.encode("hi") == "aGk=" && base64.decode("aGk=") == b"hi"')).toBe(true);
  });
});

describe('CEL: errors and limits', () => {
  it('reports where a syntax error is, by line and column', () => {
    expect(() => evaluateCel('1 +')).toThrow(new CelError('Unexpected token: EOF', 1, 4));
    expect(() => evaluateCel('a &&\n  (b ||')).toThrow(CelError);
    try {
      evaluateCel('a &&\n  (b ||');
    } catch (error) {
      expect((error as CelError).line).toBe(2);
    }
  });

  it('reports evaluation errors with the position of the failing part', () => {
    expect(() => evaluateCel('x.y.z', { x: {} })).toThrow('1:3: No such key: y');
    expect(() => evaluateCel('1 / 0')).toThrow(/division by zero/);
    expect(() => celIsTrue('"not a boolean"')).toThrow(/expected a boolean/);
  });

  it('refuses expressions nested too deeply instead of overflowing the stack', () => {
    expect(() => evaluateCel(`${'('.repeat(5000)}1${')'.repeat(5000)}`)).toThrow(CelError);
    expect(() => evaluateCel(`[${Array.from({ length: 5000 }, (_, i) => i).join(',')}]`)).toThrow(CelError);
  });
});

describe('CEL: Kubernetes health, matchQuery and playbook functions', () => {
  const deployment = (ready: number, replicas = 3) => ({ kind: 'Deployment', metadata: { generation: 2 }, spec: { replicas }, status: { observedGeneration: 2, readyReplicas: ready } });
  const crashing = {
    kind: 'Pod',
    metadata: {},
    status: { phase: 'Running', containerStatuses: [{ ready: false, state: { waiting: { reason: 'CrashLoopBackOff', message: 'back-off 5m0s' } } }] },
  };

  it('k8s.* reads health, status and readiness from an object', () => {
    expect(celIsTrue('k8s.isHealthy(obj)', { obj: deployment(3) })).toBe(true);
    expect(evaluateCel('k8s.getHealth(obj)', { obj: deployment(1) })).toEqual({ health: 'warning', status: '1/3', ready: false, message: '1 of 3 replicas are ready' });
    expect(evaluateCel('k8s.getStatus(obj)', { obj: crashing })).toBe('CrashLoopBackOff');
    expect(celIsTrue('!k8s.isReady(obj) && k8s.getHealth(obj).health == "unhealthy"', { obj: crashing })).toBe(true);
    expect(evaluateCel('k8s.getHealth({"kind": "Node", "status": {"conditions": [{"type": "Ready", "status": "True"}]}}).health')).toBe('healthy');
    expect(evaluateCel('k8s.cpuAsMillicores("250m") + k8s.cpuAsMillicores("2")')).toBe(2250);
    expect(evaluateCel('k8s.memoryAsBytes("512Mi")')).toBe(536_870_912);
  });

  it('matchQuery filters resources with the selector search syntax', () => {
    const config = { name: 'nginx-7f9', type: 'Kubernetes::Pod', namespace: 'prod', health: 'healthy', labels: { app: 'nginx' }, created_at: '2024-01-01T00:00:00Z' };
    expect(celIsTrue('matchQuery(c, "type=Kubernetes::Pod namespace=prod,staging")', { c: config })).toBe(true);
    expect(celIsTrue('matchQuery(c, "nginx* labels.app=nginx health!=unhealthy")', { c: config })).toBe(true);
    expect(celIsTrue('matchQuery(c, "created_at<now-24h")', { c: config })).toBe(true);
    expect(celIsTrue('matchQuery(c, "namespace!=prod")', { c: config })).toBe(false);
    expect(celIsTrue('matchQuery(c, "type=*Deployment")', { c: config })).toBe(false);
  });

  it('success(), failure(), always() and getAction() read the run so far', () => {
    const run = { failed: true, actions: { restart: { status: 'failed', error: 'exit 1' } } };
    expect(evaluatePlaybookCel('failure() && !success() && always()', {}, run)).toBe(true);
    expect(evaluatePlaybookCel('getAction("restart").status == "failed" && getAction("missing") == {}', {}, run)).toBe(true);
    expect(evaluatePlaybookCel('success()', {}, { failed: false, actions: {} })).toBe(true);
    expect(() => evaluatePlaybookCel('getAction(1)', {}, run)).toThrow(CelError);
  });
});
