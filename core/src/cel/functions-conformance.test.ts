import { raw as jqRaw } from 'jq-wasm';
import { beforeAll, describe, expect, it } from 'vitest';
import { CEL_NOT_PROVIDED, DOCUMENTED_CEL_FUNCTIONS } from './conformance/documented.js';
import { evaluateCelAsync, setJqRunner } from './index.js';

/**
 * Each documented CEL function with the value Go gives (cel-go with Flanksource's gomplate
 * functions), or where Go's own answer could not be had, the documented example's. `source` says
 * which: `docs` is flanksource/docs canary-checker/docs/scripting/cel.mdx, `gomplate` the function's
 * source in flanksource/gomplate, `cel-go` the cel-go extension's specification.
 */
interface Row {
  fn: string;
  expr: string;
  vars?: Record<string, unknown>;
  /** The value, as evaluateCel answers it (ints as numbers, durations in ms, times as ISO text). */
  want?: unknown;
  /** For values that differ run to run (random, now): what they must look like. */
  shape?: (value: unknown) => boolean;
  error?: RegExp;
  source: string;
}

const pod = {
  kind: 'Pod',
  metadata: { name: 'db-0', namespace: 'prod', labels: { app: 'db', 'pod-template-hash': 'abc' }, creationTimestamp: '2024-01-01T00:00:00Z' },
  spec: {
    nodeName: 'node-a',
    containers: [
      { image: 'postgres:14', resources: { limits: { cpu: '1', memory: '1Gi' }, requests: { cpu: '250m', memory: '256Mi' } } },
      { image: 'exporter', resources: { limits: { cpu: '500m', memory: '128Mi' }, requests: { cpu: '100m' } } },
    ],
  },
  status: { phase: 'Running', conditions: [{ type: 'Ready', status: 'True' }] },
};
const node = { kind: 'Node', metadata: { labels: { 'topology.kubernetes.io/zone': 'eu-west-1a' } }, status: { allocatable: { cpu: '2', memory: '4Gi', 'ephemeral-storage': '10Gi' } } };
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const isString = (pattern: RegExp) => (value: unknown) => typeof value === 'string' && pattern.test(value);

const ROWS: Row[] = [
  // conversions and macros
  { fn: 'bool', expr: 'bool("true")', want: true, source: 'docs#type-conversion-functions' },
  { fn: 'bytes', expr: 'bytes("hello") == b"hello"', want: true, source: 'docs#type-conversion-functions' },
  { fn: 'double', expr: 'double(5) / 2.0', want: 2.5, source: 'docs#type-conversion-functions' },
  { fn: 'duration', expr: 'duration("1h")', want: 3_600_000, source: 'docs#type-conversion-functions' },
  { fn: 'duration', expr: 'duration("7d") == duration("168h")', want: true, source: 'docs#duration' },
  { fn: 'int', expr: 'int(5.7)', want: 5, source: 'docs#type-conversion-functions' },
  { fn: 'string', expr: 'string(123)', want: '123', source: 'docs#type-conversion-functions' },
  { fn: 'string', expr: 'string(duration("1h"))', want: '3600s', source: 'cel-go: string(google.protobuf.Duration)' },
  { fn: 'string', expr: 'string(duration("1m30.5s"))', want: '90.5s', source: 'cel-go: string(google.protobuf.Duration)' },
  { fn: 'string', expr: 'string(timestamp("2023-01-01T00:00:00Z"))', want: '2023-01-01T00:00:00Z', source: 'cel-go: string(google.protobuf.Timestamp)' },
  { fn: 'timestamp', expr: 'timestamp("2023-01-01T00:00:00Z")', want: '2023-01-01T00:00:00.000Z', source: 'docs#timestamp' },
  { fn: 'uint', expr: 'uint(5) == 5u', want: true, source: 'docs#type-conversion-functions' },
  { fn: 'type', expr: 'type(5) == int && type("hello") == string && type([1]) == list && type({"k": 1}) == map', want: true, source: 'docs#type-checking' },
  { fn: 'dyn', expr: 'dyn({"key": "value"}).key', want: 'value', source: 'docs#type-conversion-functions' },
  { fn: 'all', expr: '{"a": "apple", "b": "banana", "c": "coconut"}.all(k, k.startsWith("a"))', want: false, source: 'docs#all' },
  { fn: 'exists', expr: '[1, 2, 3].exists(e, e == 2)', want: true, source: 'docs#exists' },
  { fn: 'exists_one', expr: '[1, 2, 3].exists_one(e, e > 1)', want: false, source: 'docs#exists_one' },
  { fn: 'filter', expr: '[1, 2, 3, 4].filter(e, e > 2)', want: [3, 4], source: 'docs#filter' },
  { fn: 'fold', expr: '[1, 2, 3].fold(e, acc, acc + e)', want: 6, source: 'docs#fold' },
  { fn: 'fold', expr: '{"a": "apple", "b": "banana"}.fold(k, v, acc, acc + v)', want: 'applebanana', source: 'docs#fold' },
  { fn: 'has', expr: 'has(person.name) && !has(person.age)', vars: { person: { name: 'a' } }, want: true, source: 'docs#has' },
  { fn: 'in', expr: '"apple" in ["apple", "banana"] && !(3 in [1, 2, 4])', want: true, source: 'docs#in' },
  { fn: 'map', expr: '[1, 2, 3].map(x, x > 1, x + 1)', want: [3, 4], source: 'docs#map' },
  { fn: 'or', expr: 'obj.?field.or(m[?"key"]).value()', vars: { obj: {}, m: { key: 'k' } }, want: 'k', source: 'docs#or' },
  { fn: 'orValue', expr: '{"a": "x", "b": "y", "c": "z"}.?c.orValue("empty") + {"a": "x"}.?c.orValue("empty")', want: 'zempty', source: 'docs#orvalue' },
  { fn: 'size', expr: '"apple".size() + b"abc".size() + ["a", "b", "c"].size() + {"a": 1, "b": 2}.size()', want: 13, source: 'docs#size' },
  // matching
  { fn: 'matchQuery', expr: 'matchQuery(config, "type=Kubernetes::Pod")', vars: { config: { type: 'Kubernetes::Pod' } }, want: true, source: 'docs#matchquery' },
  { fn: 'matchLabel', expr: 'matchLabel(l, "region", "us-*") && matchLabel(l, "env", "prod,staging") && matchLabel(l, "optional", "!*") && !matchLabel(l, "env", "!prod")', vars: { l: { region: 'us-east-1', env: 'prod' } }, want: true, source: 'docs#matchlabel' },
  // aws
  { fn: 'aws.arnToMap', expr: 'aws.arnToMap("arn:aws:sns:eu-west-1:123:MMS-Topic")', want: { service: 'sns', region: 'eu-west-1', account: '123', resource: 'MMS-Topic' }, source: 'docs#awsarntomap' },
  { fn: 'aws.fromAWSMap', expr: 'aws.fromAWSMap(x).hello == "world"', vars: { x: [{ Name: 'hello', Value: 'world' }, { Name: 'John', Value: 'Doe' }] }, want: true, source: 'docs#awsfromawsmap' },
  // base64
  { fn: 'base64.encode', expr: 'base64.encode(b"hello")', want: 'aGVsbG8=', source: 'docs#base64encode' },
  { fn: 'base64.decode', expr: 'base64.decode("aGVsbG8=") == b"hello"', want: true, source: 'docs#base64decode' },
  // collections
  { fn: '.keys', expr: '{"first": "John", "last": "Doe"}.keys()', want: ['first', 'last'], source: 'docs#keys' },
  { fn: '.merge', expr: '{"first": "John"}.merge({"last": "Doe"})', want: { first: 'John', last: 'Doe' }, source: 'docs#merge' },
  { fn: '.omit', expr: '{"first": "John", "last": "Doe"}.omit(["first"])', want: { last: 'Doe' }, source: 'docs#omit' },
  { fn: '.sort', expr: '[3, 2, 1].sort() + ["c", "b", "a"].sort()', want: [1, 2, 3, 'a', 'b', 'c'], source: 'docs#sort' },
  { fn: '.distinct', expr: '[1, 2, 2, 3, 3, 3].distinct()', want: [1, 2, 3], source: 'docs#distinct' },
  { fn: '.flatten', expr: '[[1, 2], [3, 4]].flatten()', want: [1, 2, 3, 4], source: 'docs#flatten' },
  { fn: '.flatten', expr: '[1, [2, [3, 4]]].flatten()', want: [1, 2, [3, 4]], source: 'cel-go lists: flatten() flattens one level (the docs say recursively)' },
  { fn: '.reverse', expr: '[1, 2, 3, 4].reverse()', want: [4, 3, 2, 1], source: 'docs#reverse' },
  { fn: 'range', expr: 'range(5) + range(2, 5) + range(0, 10, 2)', want: [0, 1, 2, 3, 4, 2, 3, 4, 0, 2, 4, 6, 8], source: 'docs#range' },
  { fn: 'range', expr: 'range(1000000)', error: /more than 100000/, source: 'bounded' },
  { fn: '.uniq', expr: '["a", "b", "b"].uniq().join()', want: 'ab', source: 'docs#uniq' },
  { fn: '.values', expr: '{"a": 1, "b": 2}.values().sum()', want: 3, source: 'docs#values' },
  { fn: 'keyValToMap', expr: 'keyValToMap("env=prod,region=us-east-1")', want: { env: 'prod', region: 'us-east-1' }, source: 'docs#keyvaltomap' },
  { fn: 'mapToKeyVal', expr: '{"a": "b", "c": "d"}.mapToKeyVal()', want: 'a=b,c=d', source: 'docs#maptokeyval' },
  { fn: '.slice', expr: '[1, 2, 3, 4].slice(1, 3)', want: [2, 3], source: 'docs#slice' },
  { fn: 'coalesce', expr: '[coalesce("", "b"), coalesce(null, 0), coalesce(null, false), coalesce([], "fallback"), coalesce({}, "fallback")]', want: ['b', 0, false, 'fallback', 'fallback'], source: 'docs#coalesce' },
  { fn: 'first', expr: '[first([1, 2, 3]), first("hello"), first({"b": 2, "a": 1})]', want: [1, 'h', 1], source: 'docs#first' },
  { fn: 'last', expr: '[last([1, 2, 3]), last("hello"), last({"b": 2, "a": 1})]', want: [3, 'o', 2], source: 'docs#last' },
  // sets
  { fn: 'sets.contains', expr: '[sets.contains([], []), sets.contains([], [1]), sets.contains([1, 2, 3, 4], [2, 3]), sets.contains([1, 2.0, 3u], [1.0, 2u, 3])]', want: [true, false, true, true], source: 'docs#setscontains' },
  { fn: 'sets.equivalent', expr: '[sets.equivalent([], []), sets.equivalent([1], [1, 1]), sets.equivalent([1], [1u, 1.0]), sets.equivalent([1, 2, 3], [3u, 2.0, 1])]', want: [true, true, true, true], source: 'docs#setsequivalent' },
  { fn: 'sets.intersects', expr: '[sets.intersects([1], []), sets.intersects([1], [1, 2]), sets.intersects([[1], [2, 3]], [[1, 2], [2, 3.0]])]', want: [false, true, true], source: 'docs#setsintersects' },
  // csv and crypto
  { fn: 'CSV', expr: 'CSV(["Alice,30", "Bob,31"])[0][0]', want: 'Alice', source: 'docs#csv' },
  { fn: 'crypto.SHA1', expr: 'crypto.SHA1("hello")', want: 'aaf4c61ddcc5e8a2dabede0f3b482cd9aea9434d', source: 'gomplate crypto.SHA1 (the docs show the SHA-256 digest)' },
  { fn: 'crypto.SHA256', expr: 'crypto.SHA256("hello")', want: '2cf24dba5fb0a30e26e83b2ac5b9e29e1b161e5c1fa7425e73043362938b9824', source: 'docs#cryptosha1256384512' },
  { fn: 'crypto.SHA384', expr: 'crypto.SHA384("hello").size()', want: 96, source: 'gomplate crypto.SHA384' },
  { fn: 'crypto.SHA512', expr: 'crypto.SHA512("hello").substring(0, 16)', want: '9b71d224bd62f378', source: 'gomplate crypto.SHA512' },
  // dates
  { fn: '.getDate', expr: '"2023-01-01T12:34:56Z".getDate()', want: '2023-01-01', source: 'docs#getdate' },
  { fn: '.getDayOfMonth', expr: 'timestamp("2023-07-04T12:34:56.789Z").getDayOfMonth()', want: 3, source: 'cel spec: getDayOfMonth counts from 0' },
  { fn: '.getDayOfWeek', expr: 'timestamp("2023-07-04T12:34:56.789Z").getDayOfWeek()', want: 2, source: 'docs#getdatepart' },
  { fn: '.getDayOfYear', expr: 'timestamp("2023-07-04T12:34:56.789Z").getDayOfYear()', want: 184, source: 'cel spec: getDayOfYear counts from 0' },
  { fn: '.getFullYear', expr: 'timestamp("2023-07-04T12:34:56.789Z").getFullYear()', want: 2023, source: 'docs#getdatepart' },
  { fn: '.getHours', expr: 'timestamp("2023-07-04T12:34:56.789Z").getHours()', want: 12, source: 'docs#getdatepart' },
  { fn: '.getMilliseconds', expr: 'timestamp("2023-07-04T12:34:56.789Z").getMilliseconds()', want: 789, source: 'docs#getdatepart' },
  { fn: '.getMinutes', expr: 'timestamp("2023-07-04T12:34:56.789Z").getMinutes()', want: 34, source: 'docs#getdatepart' },
  { fn: '.getMonth', expr: 'timestamp("2023-07-04T12:34:56.789Z").getMonth()', want: 6, source: 'docs#getdatepart' },
  { fn: '.getSeconds', expr: 'timestamp("2023-07-04T12:34:56.789Z").getSeconds()', want: 56, source: 'docs#getdatepart' },
  { fn: 'time.Unix', expr: 'time.Unix(1700000000)', want: '2023-11-14T22:13:20.000Z', source: 'docs#duration' },
  { fn: 'time.Nanosecond', expr: 'time.Nanosecond < time.Microsecond && time.Microsecond < time.Millisecond', want: true, source: 'docs#duration' },
  { fn: 'time.Microsecond', expr: 'string(time.Microsecond)', want: '0.000001s', source: 'docs#duration' },
  { fn: 'time.Millisecond', expr: 'time.Millisecond', want: 1, source: 'docs#duration' },
  { fn: 'time.Second', expr: 'time.Second', want: 1000, source: 'docs#duration' },
  { fn: 'time.Minute', expr: 'time.Minute', want: 60_000, source: 'docs#duration' },
  { fn: 'time.Hour', expr: 'timestamp("2024-01-01T00:00:00Z") + time.Hour', want: '2024-01-01T01:00:00.000Z', source: 'docs#duration' },
  { fn: 'time.ZoneName', expr: 'time.ZoneName()', shape: (value) => typeof value === 'string' && value.length > 0, source: 'docs#timezonename (the server runs in UTC)' },
  { fn: 'time.ZoneOffset', expr: 'time.ZoneOffset()', shape: (value) => typeof value === 'number' && Number.isInteger(value), source: 'gomplate time.ZoneOffset: seconds east of UTC' },
  { fn: 'time.Parse', expr: 'time.Parse("2006-01-02", "2023-09-26")', want: '2023-09-26T00:00:00.000Z', source: 'docs#timeparse' },
  { fn: 'time.Parse', expr: 'time.Parse("15:04 02-01-2006", "14:30 26-09-2023")', want: '2023-09-26T14:30:00.000Z', source: 'docs#timeparse' },
  { fn: 'time.Parse', expr: 'time.Parse("Jan 2, 2006 at 3:04pm (MST)", "Feb 3, 2013 at 7:54pm (UTC)")', want: '2013-02-03T19:54:00.000Z', source: 'Go time.Parse example' },
  { fn: 'time.Parse', expr: 'time.Parse("2006-01-02T15:04:05Z07:00", "2023-09-26T14:30:00+02:00")', want: '2023-09-26T12:30:00.000Z', source: 'Go time.Parse with an offset' },
  { fn: 'time.Parse', expr: 'time.Parse("2006-01-02", "26-09-2023")', error: /parsing time "26-09-2023" as "2006-01-02": cannot parse/, source: "Go time.Parse's error" },
  { fn: 'time.ParseLocal', expr: 'time.ParseLocal("2006-01-02 15:04", "2023-09-26 14:30")', shape: isString(/^2023-09-2[67]T\d\d:30:00\.000Z$/), source: 'docs#timeparselocal' },
  { fn: 'time.ParseInLocation', expr: 'time.ParseInLocation("2006-01-02", "America/New_York", "2023-09-26")', want: '2023-09-26T04:00:00.000Z', source: 'docs#timeparseinlocation' },
  { fn: 'time.ParseInLocation', expr: 'time.ParseInLocation("15:04 02-01-2006", "Asia/Tokyo", "14:30 26-09-2023")', want: '2023-09-26T05:30:00.000Z', source: 'docs#timeparseinlocation' },
  { fn: 'time.ParseInLocation', expr: 'time.ParseInLocation("2006-01-02", "Nowhere/Atlantis", "2023-09-26")', error: /unknown time zone Nowhere\/Atlantis/, source: "Go's LoadLocation error" },
  { fn: 'time.Now', expr: 'time.Now() > timestamp("2024-01-01T00:00:00Z")', want: true, source: 'docs#timenow' },
  { fn: 'time.ParseDuration', expr: '[time.ParseDuration("1h30m"), time.ParseDuration("7d"), time.ParseDuration("-2h45m")]', want: [5_400_000, 604_800_000, -9_900_000], source: 'docs#timeparseduration' },
  { fn: 'time.Since', expr: 'time.Since(time.Parse("2006-01-02", "2023-09-26")) > duration("24h")', want: true, source: 'docs#timesince' },
  { fn: 'time.Until', expr: 'time.Until(time.Parse("2006-01-02", "2023-10-01")) < duration("0s")', want: true, source: 'docs#timeuntil' },
  // encode
  { fn: 'urlencode', expr: 'urlencode("hello world ?")', want: 'hello+world+%3F', source: 'docs#urlencode' },
  { fn: 'urldecode', expr: 'urldecode("hello+world+%3F")', want: 'hello world ?', source: 'docs#urldecode' },
  // filepath and path
  { fn: 'filepath.Base', expr: '[filepath.Base("/home/flanksource/projects/gencel"), filepath.Base(""), filepath.Base("///")]', want: ['gencel', '.', '/'], source: 'docs#filepathbase' },
  { fn: 'filepath.Clean', expr: 'filepath.Clean("/foo/bar/../baz")', want: '/foo/baz', source: 'docs#filepathclean' },
  { fn: 'filepath.Dir', expr: 'filepath.Dir("/home/flanksource/projects/gencel")', want: '/home/flanksource/projects', source: 'docs#filepathdir' },
  { fn: 'filepath.Ext', expr: 'filepath.Ext("/opt/image.jpg")', want: '.jpg', source: 'docs#filepathext' },
  { fn: 'filepath.FromSlash', expr: 'filepath.FromSlash("a/b")', want: 'a/b', source: '_cel-extra#filepathfromslash (Linux)' },
  { fn: 'filepath.IsAbs', expr: '[filepath.IsAbs("/home/flanksource/projects/gencel"), filepath.IsAbs("projects/gencel")]', want: [true, false], source: 'docs#filepathisabs' },
  { fn: 'filepath.Join', expr: 'filepath.Join(["/home/flanksource", "projects", "gencel"])', want: '/home/flanksource/projects/gencel', source: 'docs#filepathjoin' },
  { fn: 'filepath.Match', expr: '[filepath.Match("*.txt", "foo.json"), filepath.Match("*.txt", "foo.txt"), filepath.Match("a/*", "a/b/c")]', want: [false, true, false], source: 'docs#filepathmatch' },
  { fn: 'filepath.Rel', expr: '[filepath.Rel("/foo/bar", "/foo/bar/baz"), filepath.Rel("/a/b", "/a/c/d")]', want: ['baz', '../c/d'], source: 'docs#filepathrel' },
  { fn: 'filepath.Split', expr: 'filepath.Split("/foo/bar/baz")', want: ['/foo/bar/', 'baz'], source: 'docs#filepathsplit' },
  { fn: 'filepath.ToSlash', expr: 'filepath.ToSlash("a/b")', want: 'a/b', source: '_cel-extra#filepathtoslash (Linux)' },
  { fn: 'filepath.VolumeName', expr: 'filepath.VolumeName("/a/b")', want: '', source: '_cel-extra#filepathvolumename (Linux)' },
  { fn: 'path.Base', expr: 'path.Base("/a/b.txt")', want: 'b.txt', source: '_cel-extra#pathbase' },
  { fn: 'path.Clean', expr: 'path.Clean("a//b/./../c")', want: 'a/c', source: '_cel-extra#pathclean' },
  { fn: 'path.Dir', expr: 'path.Dir("a/b/c")', want: 'a/b', source: '_cel-extra#pathdir' },
  { fn: 'path.Ext', expr: 'path.Ext("a/b.tar.gz")', want: '.gz', source: '_cel-extra#pathext' },
  { fn: 'path.IsAbs', expr: 'path.IsAbs("/a")', want: true, source: '_cel-extra#pathisabs' },
  { fn: 'path.Join', expr: 'path.Join(["a", "", "b/", "../c"])', want: 'a/c', source: '_cel-extra#pathjoin' },
  { fn: 'path.Match', expr: 'path.Match("a?[b-d]", "axc")', want: true, source: '_cel-extra#pathmatch' },
  { fn: 'path.Split', expr: 'path.Split("static/myfile.css")', want: ['static/', 'myfile.css'], source: '_cel-extra#pathsplit' },
  // JSON
  { fn: '.JSON', expr: '\'{"name": "Alice", "age": 30}\'.JSON().age + 1', want: 31, source: 'docs#json' },
  { fn: '.JSON', expr: '\'{"a":1}\'.JSON()', want: { a: 1 }, source: 'docs#json' },
  { fn: '.JSON', expr: '"{".JSON()', error: /invalid JSON/, source: 'a JSON error' },
  { fn: '.JSONArray', expr: '\'[{"name": "Alice"}, {"name": "Bob"}]\'.JSONArray()[1].name', want: 'Bob', source: 'docs#jsonarray' },
  { fn: '.toJSON', expr: '[[{"name": "John"}].toJSON(), {"name": "John"}.toJSON(), 1.toJSON()]', want: ['[{"name":"John"}]', '{"name":"John"}', '1'], source: 'docs#tojson' },
  { fn: '.toJSONPretty', expr: '{"name": "aditya"}.toJSONPretty("\\t")', want: '{\n\t"name": "aditya"\n}', source: 'docs#tojsonpretty' },
  { fn: 'jmespath', expr: 'jmespath("city", {"name": "John", "age": 30, "city": "NY"})', want: 'NY', source: 'docs#jmespath' },
  { fn: 'jmespath', expr: 'jmespath("items[?age > `25`].name", \'{"items": [{"name": "a", "age": 30}, {"name": "b", "age": 20}]}\')', want: ['a'], source: 'JMESPath over a JSON text' },
  { fn: 'jsonpath', expr: 'jsonpath("$.name", {"name": "John", "age": 30})', want: 'John', source: 'docs#jsonpath' },
  { fn: 'jsonpath', expr: 'jsonpath("$.addresses[-1:].city", {"addresses": [{"city": "NYC"}, {"city": "SF"}]})', want: 'SF', source: 'docs#jsonpath' },
  { fn: 'jsonpath', expr: 'jsonpath("$.user.email", \'{"user": {"email": "john@example.com"}}\')', want: 'john@example.com', source: 'docs#jsonpath' },
  { fn: 'jq', expr: 'jq(".name", {"name": "John", "age": 30})', want: 'John', source: 'docs#jq' },
  { fn: 'jq', expr: 'jq("{name, age}", {"name": "John", "age": 30, "city": "NY"})', want: { name: 'John', age: 30 }, source: 'docs#jq' },
  { fn: 'jq', expr: 'jq(".address.city", \'{"name": "John", "address": {"city": "NYC"}}\')', want: 'NYC', source: 'docs#jq' },
  // kubernetes
  { fn: 'k8s.cpuAsMillicores', expr: '[k8s.cpuAsMillicores("10m"), k8s.cpuAsMillicores("0.5"), k8s.cpuAsMillicores("1.234")]', want: [10, 500, 1234], source: 'docs#k8scpuasmillicores' },
  { fn: 'k8s.cpuAsMillicores', expr: 'k8s.cpuAsMillicores("250000000n")', want: 250, source: 'gomplate kubernetes/quantity.go: nanocores' },
  { fn: 'k8s.getHealth', expr: 'k8s.getHealth(pod).health', vars: { pod }, want: 'healthy', source: 'docs#k8sgethealth' },
  { fn: 'k8s.getStatus', expr: 'k8s.getStatus(pod)', vars: { pod }, want: 'Running', source: 'docs#k8sgetstatus' },
  { fn: 'k8s.getResourcesLimit', expr: '[k8s.getResourcesLimit(pod, "cpu"), k8s.getResourcesLimit(pod, "memory")]', vars: { pod }, want: [1500, 1_207_959_552], source: 'gomplate kubernetes/topology.go: millicores and bytes over the containers' },
  { fn: 'k8s.getResourcesRequests', expr: '[k8s.getResourcesRequests(pod, "cpu"), k8s.getResourcesRequests(pod, "memory")]', vars: { pod }, want: [350, 268_435_456], source: 'gomplate kubernetes/topology.go' },
  { fn: 'k8s.isHealthy', expr: 'k8s.isHealthy(pod)', vars: { pod }, want: true, source: 'docs#k8sishealthy' },
  { fn: 'k8s.labels', expr: 'k8s.labels(pod)', vars: { pod }, want: { namespace: 'prod', app: 'db' }, source: 'docs#k8slabels' },
  { fn: 'k8s.memoryAsBytes', expr: '[k8s.memoryAsBytes("10Ki"), k8s.memoryAsBytes("1.234gi"), k8s.memoryAsBytes("512Mi"), k8s.memoryAsBytes("1G")]', want: [10_240, 1_324_997_410, 536_870_912, 1_000_000_000], source: 'docs#k8smemoryasbytes (1G as Kubernetes reads it, where gomplate answers 0)' },
  { fn: 'k8s.nodeProperties', expr: 'k8s.nodeProperties(node).map(p, p.name + "=" + (has(p.max) ? string(p.max) : p.text))', vars: { node }, want: ['cpu=2000', 'memory=4294967296', 'ephemeral-storage=10737418240', 'zone=eu-west-1a'], source: 'gomplate kubernetes/topology.go' },
  { fn: 'k8s.podProperties', expr: 'k8s.podProperties(pod).map(p, p.name + "=" + (has(p.max) ? string(p.max) : p.text))', vars: { pod }, want: ['image=postgres:14', 'cpu=1500', 'memory=1207959552', 'node=node-a', 'created_at=2024-01-01T00:00:00Z', 'namespace=prod'], source: 'gomplate kubernetes/topology.go' },
  // math
  { fn: 'math.Add', expr: 'math.Add([1, 2, 3, 4, 5])', want: 15, source: 'docs#mathadd' },
  { fn: 'math.Sub', expr: 'math.Sub(5, 4)', want: 1, source: 'docs#mathsub' },
  { fn: 'math.Mul', expr: 'math.Mul([1, 2, 3, 4, 5])', want: 120, source: 'docs#mathmul' },
  { fn: 'math.Div', expr: '[math.Div(4, 2), math.Div(1, 4)]', want: [2, 0.25], source: 'docs#mathdiv' },
  { fn: 'math.Div', expr: 'math.Div(1, 0)', error: /division by 0/, source: 'gomplate math.Div' },
  { fn: 'math.Rem', expr: 'math.Rem(4, 3)', want: 1, source: 'docs#mathrem' },
  { fn: 'math.Pow', expr: 'math.Pow(4, 2)', want: 16, source: 'docs#mathpow' },
  { fn: 'math.Seq', expr: 'math.Seq([1, 5]) + math.Seq([1, 6, 2])', want: [1, 2, 3, 4, 5, 1, 3, 5], source: 'docs#mathseq' },
  { fn: 'math.Seq', expr: 'math.Seq([1, 100000000])', error: /more than/, source: 'bounded' },
  { fn: 'math.Abs', expr: 'math.Abs(-1)', want: 1, source: 'docs#mathabs' },
  { fn: 'math.greatest', expr: 'math.greatest([1, 2, 3, 4, 5])', want: 5, source: 'docs#mathgreatest' },
  { fn: 'math.least', expr: 'math.least([1, 2, 3, 4, 5])', want: 1, source: 'docs#mathleast' },
  { fn: 'math.Ceil', expr: 'math.Ceil(2.3)', want: 3, source: 'docs#mathceil' },
  { fn: 'math.Floor', expr: 'math.Floor(2.3)', want: 2, source: 'docs#mathfloor' },
  { fn: 'math.Round', expr: '[math.Round(2.3), math.Round(2.7), math.Round(2.5)]', want: [2, 3, 3], source: 'docs#mathround' },
  { fn: 'math.Trunc', expr: '[math.Trunc(2.7), math.Trunc(-2.7)]', want: [2, -2], source: 'docs#mathtrunc' },
  { fn: 'math.Sign', expr: '[math.Sign(-5), math.Sign(0), math.Sign(5)]', want: [-1, 0, 1], source: 'docs#mathsign' },
  { fn: 'math.Sqrt', expr: '[math.Sqrt(16), math.Sqrt(2)]', want: [4, 1.4142135623730951], source: 'docs#mathsqrt' },
  { fn: 'math.IsNaN', expr: '[math.IsNaN(0.0 / 0.0), math.IsNaN(5.0)]', want: [true, false], source: 'docs#mathisnan' },
  { fn: 'math.IsInf', expr: '[math.IsInf(1.0 / 0.0), math.IsInf(5.0)]', want: [true, false], source: 'docs#mathisinf' },
  { fn: 'math.IsFinite', expr: '[math.IsFinite(5.0), math.IsFinite(1.0 / 0.0)]', want: [true, false], source: 'docs#mathisfinite' },
  { fn: 'math.bitOr', expr: 'math.bitOr(5, 3)', want: 7, source: 'docs#bitwise-operations' },
  { fn: 'math.bitAnd', expr: 'math.bitAnd(5, 3)', want: 1, source: 'docs#bitwise-operations' },
  { fn: 'math.bitXor', expr: 'math.bitXor(5, 3)', want: 6, source: 'docs#bitwise-operations' },
  { fn: 'math.bitNot', expr: 'math.bitNot(5)', want: -6, source: 'docs#bitwise-operations' },
  { fn: 'math.bitShiftLeft', expr: 'math.bitShiftLeft(5, 1)', want: 10, source: 'docs#bitwise-operations' },
  { fn: 'math.bitShiftRight', expr: 'math.bitShiftRight(10, 1)', want: 5, source: 'docs#bitwise-operations' },
  // net
  { fn: 'net.ContainsCIDR', expr: '[net.ContainsCIDR("10.0.0.0/8", "10.1.2.3"), net.ContainsCIDR("10.0.0.0/8", "192.168.1.1"), net.ContainsCIDR("192.168.0.0/24", "192.168.0.50"), net.ContainsCIDR("2001:db8::/32", "2001:db8::1"), net.ContainsCIDR("bad", "10.0.0.1")]', want: [true, false, true, true, false], source: 'docs#netcontainscidr' },
  { fn: 'net.IsValidIP', expr: '[net.IsValidIP("10.0.0.1"), net.IsValidIP("::1"), net.IsValidIP("not-an-ip"), net.IsValidIP("256.0.0.1"), net.IsValidIP("::ffff:10.0.0.1")]', want: [true, true, false, false, true], source: 'docs#netisvalidip' },
  // random
  { fn: 'random.ASCII', expr: 'random.ASCII(5)', shape: isString(/^[ -~]{5}$/), source: 'docs#randomascii' },
  { fn: 'random.Alpha', expr: 'random.Alpha(5)', shape: isString(/^[A-Za-z]{5}$/), source: 'docs#randomalpha' },
  { fn: 'random.AlphaNum', expr: 'random.AlphaNum(5)', shape: isString(/^[A-Za-z0-9]{5}$/), source: 'docs#randomalphanum' },
  { fn: 'random.String', expr: 'random.String(5) + "|" + random.String(5, ["a", "d"])', shape: isString(/^[A-Za-z0-9]{5}\|[a-d]{5}$/), source: 'docs#randomstring' },
  { fn: 'random.String', expr: 'random.String(100000000)', error: /length must be/, source: 'bounded' },
  { fn: 'random.Item', expr: 'random.Item(["a", "b", "c"])', shape: isString(/^[abc]$/), source: 'docs#randomitem' },
  { fn: 'random.Number', expr: 'random.Number(1, 10)', shape: (value) => typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= 10, source: 'docs#randomnumber' },
  { fn: 'random.Float', expr: 'random.Float(1, 10)', shape: (value) => typeof value === 'number' && value >= 1 && value <= 10, source: 'docs#randomfloat' },
  // regexp
  { fn: 'regexp.Find', expr: '[regexp.Find("llo", "hello"), regexp.Find("\\\\d+", "abc123def"), regexp.Find("xyz", "hello")]', want: ['llo', '123', ''], source: 'docs#regexpfind' },
  { fn: 'regexp.FindAll', expr: '[regexp.FindAll("a.", -1, "banana"), regexp.FindAll("\\\\d", 2, "12345"), regexp.FindAll("z", -1, "hello")]', want: [['an', 'an'], ['1', '2'], []], source: 'Go regexp FindAllString (the docs show ["ba", "na", "na"])' },
  { fn: 'regexp.Match', expr: '[regexp.Match("^h.llo", "hello"), regexp.Match("^b", "apple"), regexp.Match("\\\\d+", "abc123")]', want: [true, false, true], source: 'docs#regexpmatch' },
  { fn: 'regexp.Match', expr: 'regexp.Match("^(a+)+$", "' + 'a'.repeat(5000) + '!")', want: false, source: 'RE2: no backtracking' },
  { fn: 'regexp.QuoteMeta', expr: '[regexp.QuoteMeta("a.b"), regexp.QuoteMeta("abc"), regexp.QuoteMeta("[a-z].*")]', want: ['a\\.b', 'abc', '\\[a-z\\]\\.\\*'], source: "Go regexp.QuoteMeta (Go leaves '-' alone, the docs escape it)" },
  { fn: 'regexp.Replace', expr: '[regexp.Replace("a.", "x", "banana"), regexp.Replace("z", "x", "apple"), regexp.Replace("\\\\d+", "num", "abc123"), regexp.Replace("(\\\\w+)@", "$1 at ", "me@x")]', want: ['bxxa', 'apple', 'abcnum', 'me at x'], source: 'Go ReplaceAllString (the docs show "bxnxna")' },
  { fn: 'regexp.ReplaceLiteral', expr: '[regexp.ReplaceLiteral("apple", "orange", "apple pie"), regexp.ReplaceLiteral("z", "x", "apple"), regexp.ReplaceLiteral("a.", "$1", "a.b c.d")]', want: ['orange pie', 'apple', '$1b c.d'], source: 'Go ReplaceAllLiteralString: the pattern is a regexp, the replacement literal' },
  { fn: 'regexp.Split', expr: '[regexp.Split("a.", -1, "banana"), regexp.Split("\\\\s", 2, "apple pie is delicious"), regexp.Split("z", -1, "hello")]', want: [['b', '', 'a'], ['apple', 'pie is delicious'], ['hello']], source: 'Go regexp Split (the docs show ["", "n", "n"])' },
  // strings
  { fn: '.abbrev', expr: '["Now is the time for all good men".abbrev(5, 20), "KubernetesPod".abbrev(1, 5), "KubernetesPod".abbrev(6)]', want: ['...s the time for...', 'Ku...', 'Kub...'], source: 'docs#abbrev' },
  { fn: '.camelCase', expr: '["hello world".camelCase(), "hello_world".camelCase(), "hello beautiful world!".camelCase()]', want: ['helloWorld', 'helloWorld', 'helloBeautifulWorld'], source: 'gomplate strings.CamelCase keeps the first letter (the docs show "HelloWorld")' },
  { fn: '.charAt', expr: '"hello".charAt(4) + "hello".charAt(5)', want: 'o', source: 'cel-go strings: charAt(len) is ""' },
  { fn: '.charAt', expr: '"hello".charAt(6)', error: /index out of range: 6/, source: 'cel-go strings' },
  { fn: '.contains', expr: '"apple".contains("app")', want: true, source: 'docs#contains' },
  { fn: '.endsWith', expr: '"hello".endsWith("lo")', want: true, source: 'docs#endswith' },
  { fn: '.format', expr: '"this is a string: %s\\nand an integer: %d".format(["str", 42])', want: 'this is a string: str\nand an integer: 42', source: 'docs#format' },
  { fn: '.format', expr: '"%s is %d".format(["x", 3])', want: 'x is 3', source: 'cel-go strings.format' },
  { fn: '.format', expr: '"%.2f %e %b %x %X %o %s %s %s".format([3.14159, 1234.5, 5, 255, "hi", 8, [1, "a"], true, null])', want: '3.14 1.234500e+03 101 ff 6869 10 [1, "a"] true null', source: 'cel-go strings.format clauses' },
  { fn: '.format', expr: '"%d".format(["x"])', error: /decimal clause can only be used on integers/, source: 'cel-go strings.format error' },
  { fn: '.format', expr: '"%s %s".format(["x"])', error: /index 1 out of range/, source: 'cel-go strings.format error' },
  { fn: '.indent', expr: '"hello world".indent(4, "-")', want: '----hello world', source: 'docs#indent' },
  { fn: '.indexOf', expr: '["hello mellow".indexOf(""), "hello mellow".indexOf("ello"), "hello mellow".indexOf("jello"), "hello mellow".indexOf("", 2)]', want: [0, 1, -1, 2], source: 'docs#indexof' },
  { fn: '.indexOf', expr: '"hello mellow".indexOf("ello", 20)', error: /out of range/, source: 'docs#indexof' },
  { fn: '.join', expr: '[["hello", "mellow"].join(), ["hello", "mellow"].join(" "), [].join(), [].join("/")]', want: ['hellomellow', 'hello mellow', '', ''], source: 'docs#join' },
  { fn: '.kebabCase', expr: '["Hello World".kebabCase(), "HelloWorld".kebabCase(), "hello beautiful world!".kebabCase()]', want: ['Hello-world', 'Helloworld', 'hello-beautiful-world'], source: 'gomplate strings.KebabCase keeps the first letter (the docs show "hello-world")' },
  { fn: '.lastIndexOf', expr: '["hello mellow".lastIndexOf(""), "hello mellow".lastIndexOf("ello"), "hello mellow".lastIndexOf("jello"), "hello mellow".lastIndexOf("ello", 6)]', want: [12, 7, -1, 1], source: 'docs#lastindexof' },
  { fn: '.lowerAscii', expr: '"TacoCÆt Xii".lowerAscii()', want: 'tacocÆt xii', source: 'docs#lowerascii' },
  { fn: '.matches', expr: '"example@email.com".matches("^[a-zA-Z0-9._%+-]+@[a-zA-Z0-9.-]+\\\\.[a-zA-Z]{2,}$") && "12345".matches("^\\\\d+$")', want: true, source: 'docs#matches' },
  { fn: '.quote', expr: '[strings.quote(\'single-quote with "double quote"\'), strings.quote("two escape sequences \\a\\n")]', want: ['"single-quote with \\"double quote\\""', '"two escape sequences \\a\\n"'], source: 'docs#quote' },
  { fn: '.repeat', expr: '"apple".repeat(3)', want: 'appleappleapple', source: 'docs#repeat' },
  { fn: '.repeat', expr: '"apple".repeat(100000000)', error: /more than the 16777216 allowed/, source: 'bounded' },
  { fn: '.replace', expr: '["hello hello".replace("he", "we"), "hello hello".replace("he", "we", -1), "hello hello".replace("he", "we", 1), "hello hello".replace("he", "we", 0)]', want: ['wello wello', 'wello wello', 'wello hello', 'hello hello'], source: 'docs#replace' },
  { fn: '.replace', expr: '["abc".replace("", "-"), "abc".replace("", "-", 2)]', want: ['-a-b-c-', '-a-bc'], source: "Go strings.Replace: an empty search string matches around every character" },
  { fn: '.replaceAll', expr: '"I have an apple".replaceAll("apple", "orange")', want: 'I have an orange', source: 'docs#replaceall' },
  { fn: '.reverse', expr: '"John Smith".reverse()', want: 'htimS nhoJ', source: 'docs#reverse-1' },
  { fn: '.runeCount', expr: '"Hello World".runeCount() + "héllo".runeCount()', want: 16, source: 'docs#runecount' },
  { fn: '.shellQuote', expr: '["Hello World$123".shellQuote(), "it\'s".shellQuote()]', want: ["'Hello World$123'", `'it'"'"'s'`], source: 'docs#shellquote' },
  { fn: '.size', expr: '["apple", "banana", "cherry"].size() + "hello".size()', want: 8, source: 'docs#size-1' },
  { fn: '.slug', expr: '["Hello World!".slug(), "Hello, World!".slug(), "Hello Beautiful World".slug()]', want: ['hello-world', 'hello-world', 'hello-beautiful-world'], source: 'docs#slug' },
  { fn: '.snakeCase', expr: '["Hello World".snakeCase(), "HelloWorld".snakeCase(), "hello beautiful world!".snakeCase()]', want: ['Hello_world', 'Helloworld', 'hello_beautiful_world'], source: 'gomplate strings.SnakeCase keeps the first letter (the docs show "hello_world")' },
  { fn: '.sort', expr: '"hello".sort()', want: 'ehllo', source: 'docs#sort-1' },
  { fn: '.split', expr: '["hello hello hello".split(" "), "hello hello hello".split(" ", 0), "hello hello hello".split(" ", 1), "hello hello hello".split(" ", 2)]', want: [['hello', 'hello', 'hello'], [], ['hello hello hello'], ['hello', 'hello hello']], source: 'docs#split' },
  { fn: '.squote', expr: '["Hello World".squote(), "\'Hello World\'".squote()]', want: ["'Hello World'", "'''Hello World'''"], source: 'docs#squote: a single quote inside is doubled' },
  { fn: '.startsWith', expr: '"hello".startsWith("he")', want: true, source: 'docs#startswith' },
  { fn: '.substring', expr: '["tacocat".substring(4), "tacocat".substring(0, 4)]', want: ['cat', 'taco'], source: 'docs#substring' },
  { fn: '.substring', expr: '"tacocat".substring(2, 1)', error: /./, source: 'docs#substring' },
  { fn: '.title', expr: '["hello world".title(), "mIxEd CaSe".title()]', want: ['Hello World', 'Mixed Case'], source: "gomplate's Title is x/text cases.Title, which lower-cases the rest of each word (the docs show MIxED CASe)" },
  { fn: '.trim', expr: '"  \\ttrim\\n    ".trim()', want: 'trim', source: 'docs#trim' },
  { fn: '.trimPrefix', expr: '["Mr. Smith".trimPrefix("Mr."), "Astronaut".trimPrefix("Astro"), "Mr. Smith".trimPrefix("Dr.")]', want: [' Smith', 'naut', 'Mr. Smith'], source: 'docs#trimprefix' },
  { fn: '.trimSuffix', expr: '["image.jpg".trimSuffix(".jpg"), "image.jpg".trimSuffix(".png")]', want: ['image', 'image.jpg'], source: 'docs#trimsuffix' },
  { fn: '.upperAscii', expr: '"TacoCÆt Xii".upperAscii()', want: 'TACOCÆT XII', source: 'docs#upperascii' },
  { fn: '.wordWrap', expr: '["testing this line from here".wordWrap(10), "Hello Beautiful World".wordWrap(16, "===")]', want: ['testing\nthis line\nfrom here', 'Hello Beautiful===World'], source: 'docs#wordwrap' },
  { fn: 'HumanDuration', expr: '[HumanDuration(3600), HumanDuration(600), HumanDuration(86400), HumanDuration(90061)]', want: ['1h', '10m', '24h', '1d1h1m'], source: 'gomplate Duration.String format; an int read as seconds as the docs do' },
  { fn: 'HumanDuration', expr: '[HumanDuration(duration("1h30m")), HumanDuration(duration("1500ms")), HumanDuration(duration("200h"))]', want: ['1h30m', '1.5s', '1w1d8h'], source: 'gomplate strings.HumanDuration' },
  { fn: 'HumanSize', expr: '[HumanSize(1024), HumanSize(1048576), HumanSize(1073741824), HumanSize(1536), HumanSize(0)]', want: ['1K', '1M', '1G', '1.5K', '0B'], source: 'gomplate strings.HumanBytes (the docs show "1 KiB")' },
  { fn: 'Semver', expr: 'Semver("1.2.3-alpha+meta")', want: { major: '1', minor: '2', patch: '3', prerelease: 'alpha', metadata: 'meta', original: '1.2.3-alpha+meta' }, source: 'docs#semver (gomplate SemverMap: the parts as text)' },
  { fn: 'Semver', expr: 'Semver("not a version")', error: /Invalid Semantic Version/, source: "Masterminds semver's error" },
  { fn: 'SemverCompare', expr: '[SemverCompare("1.2.3", "1.2.4"), SemverCompare("2.3.4", "2.3.4"), SemverCompare("3.4.5", "3.4.5-alpha"), SemverCompare(">=1.2.0, <2", "1.9.0")]', want: [false, true, false, true], source: 'docs#semvercompare' },
  // YAML and TOML
  { fn: 'YAML', expr: 'YAML("person:\\n  name: Bob\\n  age: 35").person.age', want: 35, source: 'docs#yaml-1' },
  { fn: 'toYAML', expr: 'toYAML({"name": "John"}) + toYAML(["John", "Alice"])', want: 'name: John\n- John\n- Alice\n', source: 'docs#toyaml' },
  { fn: 'YAMLArray', expr: 'YAMLArray("- name: Alice\\n- name: Bob")[1].name', want: 'Bob', source: 'docs#yamlarray' },
  { fn: 'TOML', expr: 'TOML("[person]\\nname = \\"Bob\\"\\nage = 35")', want: { person: { name: 'Bob', age: 35 } }, source: 'docs#toml-1' },
  { fn: 'toTOML', expr: 'toTOML({"people": ["Alice", "Bob"]})', want: 'people = [ "Alice", "Bob" ]\n', source: 'docs#totoml (spaces inside the brackets, where Go writes none)' },
  // gcp and uuid
  { fn: 'gcp.ParseIncidentTime', expr: 'gcp.ParseIncidentTime("7 May 2024 18:32 PDT")', want: '2024-05-08T01:32:00.000Z', source: 'docs#gcpparseincidenttime' },
  { fn: 'uuid.Nil', expr: 'uuid.Nil()', want: '00000000-0000-0000-0000-000000000000', source: 'docs#uuidnil' },
  { fn: 'uuid.V1', expr: 'uuid.V1()', shape: isString(/^[0-9a-f]{8}-[0-9a-f]{4}-1[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/), source: 'docs#uuidv1' },
  { fn: 'uuid.V4', expr: 'uuid.V4()', shape: isString(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/), source: 'docs#uuidv4' },
  { fn: 'uuid.IsValid', expr: '[uuid.IsValid("2a42e576-c308-4db9-8525-0513af307586"), uuid.IsValid("nope")]', want: [true, false], source: 'docs#uuidisvalid' },
  { fn: 'uuid.Parse', expr: 'uuid.Parse("2A42E576-C308-4DB9-8525-0513AF307586")', want: '2a42e576-c308-4db9-8525-0513af307586', source: 'docs#uuidparse' },
  { fn: 'uuid.HashUUID', expr: '[uuid.HashUUID("cluster-1", "node-abc") == uuid.HashUUID(["cluster-1", "node-abc"]), uuid.HashUUID("test") != uuid.HashUUID("other")]', want: [true, true], source: 'docs#uuidhashuuid' },
  { fn: 'uuid.HashUUID', expr: 'uuid.HashUUID("test")', shape: isString(UUID), source: 'docs#uuidhashuuid' },
];

describe('CEL functions as Flanksource documents them', () => {
  beforeAll(() => setJqRunner((input, filter) => jqRaw(input, filter, ['-c'])));

  it.each(ROWS)('$fn: $expr', async ({ expr, vars, want, shape, error }) => {
    const run = evaluateCelAsync(expr, vars);
    if (error) return expect(run).rejects.toThrow(error);
    const value = await run;
    if (shape) return expect(shape(value), `${JSON.stringify(value)} has the expected shape`).toBe(true);
    expect(value).toEqual(want);
  });

  it('covers every documented function with a row, or says why it is not provided', () => {
    const documented = new Set<string>(DOCUMENTED_CEL_FUNCTIONS);
    // A row that expects an error counts too: it checks the function's own message.
    const covered = new Set(ROWS.map((row) => row.fn));
    const notProvided = Object.keys(CEL_NOT_PROVIDED);
    console.info(`CEL conformance: ${[...documented].filter((fn) => covered.has(fn)).length} of ${documented.size} documented functions covered; ${notProvided.length} not provided (${notProvided.join(', ') || 'none'})`);
    expect([...documented].filter((fn) => !covered.has(fn) && !notProvided.includes(fn))).toEqual([]);
    expect(ROWS.map((row) => row.fn).filter((fn) => !documented.has(fn))).toEqual([]);
    expect(covered.size).toBe(documented.size - notProvided.length);
  });
});
