/**
 * The CEL functions Flanksource documents for checks, transforms, notifications and playbooks
 * (flanksource/docs, canary-checker/docs/scripting/cel.mdx and _cel-extra.md), by the name a
 * conformance row gives in `fn`; and those Pharos deliberately does not provide, with why.
 */
export const DOCUMENTED_CEL_FUNCTIONS = [
  // conversions and macros of the CEL specification
  'bool', 'bytes', 'double', 'duration', 'int', 'string', 'timestamp', 'uint', 'type', 'dyn',
  'all', 'exists', 'exists_one', 'filter', 'fold', 'has', 'in', 'map', 'or', 'orValue', 'size',
  // matching
  'matchQuery', 'matchLabel',
  // aws
  'aws.arnToMap', 'aws.fromAWSMap',
  // base64
  'base64.encode', 'base64.decode',
  // collections
  '.keys', '.merge', '.omit', '.sort', '.distinct', '.flatten', '.reverse', 'range', '.uniq', '.values',
  'keyValToMap', 'mapToKeyVal', '.slice', 'coalesce', 'first', 'last',
  // sets
  'sets.contains', 'sets.equivalent', 'sets.intersects',
  // csv and crypto
  'CSV', 'crypto.SHA1', 'crypto.SHA256', 'crypto.SHA384', 'crypto.SHA512',
  // dates
  '.getDate', '.getDayOfMonth', '.getDayOfWeek', '.getDayOfYear', '.getFullYear', '.getHours', '.getMilliseconds', '.getMinutes', '.getMonth', '.getSeconds',
  'time.Unix', 'time.Nanosecond', 'time.Microsecond', 'time.Millisecond', 'time.Second', 'time.Minute', 'time.Hour',
  'time.ZoneName', 'time.ZoneOffset', 'time.Parse', 'time.ParseLocal', 'time.ParseInLocation', 'time.Now', 'time.ParseDuration', 'time.Since', 'time.Until',
  // encode
  'urlencode', 'urldecode',
  // filepath and path
  'filepath.Base', 'filepath.Clean', 'filepath.Dir', 'filepath.Ext', 'filepath.FromSlash', 'filepath.IsAbs', 'filepath.Join', 'filepath.Match', 'filepath.Rel', 'filepath.Split', 'filepath.ToSlash', 'filepath.VolumeName',
  'path.Base', 'path.Clean', 'path.Dir', 'path.Ext', 'path.IsAbs', 'path.Join', 'path.Match', 'path.Split',
  // JSON
  '.JSON', '.JSONArray', '.toJSON', '.toJSONPretty', 'jmespath', 'jsonpath', 'jq',
  // kubernetes
  'k8s.cpuAsMillicores', 'k8s.getHealth', 'k8s.getStatus', 'k8s.getResourcesLimit', 'k8s.getResourcesRequests', 'k8s.isHealthy', 'k8s.labels', 'k8s.memoryAsBytes', 'k8s.nodeProperties', 'k8s.podProperties',
  // math
  'math.Add', 'math.Sub', 'math.Mul', 'math.Div', 'math.Rem', 'math.Pow', 'math.Seq', 'math.Abs', 'math.greatest', 'math.least', 'math.Ceil', 'math.Floor', 'math.Round', 'math.Trunc', 'math.Sign', 'math.Sqrt', 'math.IsNaN', 'math.IsInf', 'math.IsFinite',
  'math.bitOr', 'math.bitAnd', 'math.bitXor', 'math.bitNot', 'math.bitShiftLeft', 'math.bitShiftRight',
  // net
  'net.ContainsCIDR', 'net.IsValidIP',
  // random
  'random.ASCII', 'random.Alpha', 'random.AlphaNum', 'random.String', 'random.Item', 'random.Number', 'random.Float',
  // regexp
  'regexp.Find', 'regexp.FindAll', 'regexp.Match', 'regexp.QuoteMeta', 'regexp.Replace', 'regexp.ReplaceLiteral', 'regexp.Split',
  // strings
  '.abbrev', '.camelCase', '.charAt', '.contains', '.endsWith', '.format', '.indent', '.indexOf', '.join', '.kebabCase', '.lastIndexOf', '.lowerAscii', '.matches', '.quote', '.repeat', '.replace', '.replaceAll',
  '.reverse', '.runeCount', '.shellQuote', '.size', '.slug', '.snakeCase', '.sort', '.split', '.squote', '.startsWith', '.substring', '.title', '.trim', '.trimPrefix', '.trimSuffix', '.upperAscii', '.wordWrap',
  'HumanDuration', 'HumanSize', 'Semver', 'SemverCompare',
  // YAML and TOML
  'YAML', 'toYAML', 'YAMLArray', 'TOML', 'toTOML',
  // gcp and uuid
  'gcp.ParseIncidentTime', 'uuid.Nil', 'uuid.V1', 'uuid.V4', 'uuid.IsValid', 'uuid.Parse', 'uuid.HashUUID',
] as const;

/** Documented functions Pharos does not provide, and why. */
export const CEL_NOT_PROVIDED: Readonly<Record<string, string>> = {};
