/**
 * The template functions Flanksource documents for checks, transforms, notifications and playbooks
 * (flanksource/docs: canary-checker/docs/scripting/gotemplate.mdx and _functions.md), with the sprig
 * functions Pharos's templates have long offered, by the name a conformance row gives in `fn`.
 */
export const DOCUMENTED_TEMPLATE_FUNCTIONS = [
  // Go's own
  'len', 'index', 'and', 'or', 'not', 'eq', 'ne', 'lt', 'le', 'gt', 'ge', 'print', 'printf', 'println', 'html', 'js', 'urlquery', 'call',
  // base64
  'base64.Encode', 'base64.Decode',
  // collections
  'dict', 'slice', 'has', 'jmespath', 'jsonpath', 'jq', 'coll.Keys', 'coll.Values', 'append', 'prepend', 'uniq', 'flatten', 'reverse', 'coll.Sort', 'sort', 'merge', 'coll.Merge', 'coll.Pick', 'coll.Omit',
  // conversions
  'bool', 'default', 'conv.Dict', 'conv.Has', 'join', 'urlParse', 'conv.ParseInt', 'conv.ParseFloat', 'conv.ParseUint', 'conv.ToBool', 'conv.ToBools', 'conv.ToInt64', 'conv.ToInt', 'conv.ToInt64s', 'conv.ToInts',
  'conv.ToFloat64', 'conv.ToFloat64s', 'conv.ToString', 'conv.ToStrings',
  // crypto
  'crypto.SHA1', 'crypto.SHA512',
  // data
  'json', 'jsonArray', 'yaml', 'yamlArray', 'toml', 'csv', 'csvByRow', 'csvByColumn', 'toJSON', 'toJSONPretty', 'toYAML', 'toTOML', 'toCSV',
  // filepath and path
  'filepath.Base', 'filepath.Clean', 'filepath.Dir', 'filepath.Ext', 'filepath.FromSlash', 'filepath.IsAbs', 'filepath.Join', 'filepath.Match', 'filepath.Rel', 'filepath.Split', 'filepath.ToSlash', 'filepath.VolumeName',
  'path.Base', 'path.Clean', 'path.Dir', 'path.Ext', 'path.IsAbs', 'path.Join', 'path.Match', 'path.Split',
  // math
  'math.Abs', 'math.Add', 'math.Ceil', 'math.Div', 'math.Floor', 'math.IsFloat', 'math.IsInt', 'math.IsNum', 'math.Max', 'math.Min', 'math.Mul', 'math.Pow', 'math.Rem', 'math.Round', 'math.Seq', 'math.Sub',
  // random
  'random.ASCII', 'random.Alpha', 'random.AlphaNum', 'random.String', 'random.Item', 'random.Number', 'random.Float',
  // regexp
  'regexp.Find', 'regexp.FindAll', 'regexp.Match', 'regexp.QuoteMeta', 'regexp.Replace', 'regexp.ReplaceLiteral', 'regexp.Split',
  // strings
  'strings.Abbrev', 'strings.Contains', 'strings.HasPrefix', 'strings.HasSuffix', 'strings.Indent', 'strings.Sort', 'strings.Split', 'strings.SplitN', 'strings.Quote', 'quote', 'strings.Repeat', 'strings.ReplaceAll',
  'strings.Slug', 'shellQuote', 'strings.ShellQuote', 'squote', 'strings.Title', 'strings.ToLower', 'strings.ToUpper', 'strings.Trim', 'strings.TrimPrefix', 'strings.TrimSpace', 'strings.TrimSuffix', 'strings.Trunc',
  'strings.CamelCase', 'strings.SnakeCase', 'strings.KebabCase', 'strings.WordWrap', 'strings.RuneCount', 'strings.SkipLines', 'contains', 'hasPrefix', 'hasSuffix', 'split', 'splitN', 'trim',
  // test
  'fail', 'test.Fail', 'isKind', 'test.IsKind', 'kind', 'test.Kind', 'ternary',
  // time
  'time.Now', 'time.Parse', 'time.ParseDuration', 'time.ParseLocal', 'time.ParseInLocation', 'time.Since', 'time.Unix', 'time.Until', 'time.ZoneName', 'time.ZoneOffset',
  // uuid
  'uuid.V1', 'uuid.V4', 'uuid.Nil', 'uuid.IsValid', 'uuid.Parse',
  // humanize (canary-checker's own)
  'humanizeBytes', 'humanizeTime', 'humanizeDuration',
  // sprig
  'empty', 'coalesce', 'toJson', 'fromJson', 'toYaml', 'indent', 'nindent', 'upper', 'lower', 'title', 'trimPrefix', 'trimSuffix', 'trimAll', 'repeat', 'substr', 'trunc', 'replace', 'splitList', 'list',
  'get', 'set', 'hasKey', 'first', 'last', 'sortAlpha', 'add', 'sub', 'mul', 'div', 'mod', 'max', 'min', 'now', 'date', 'dateInZone', 'duration', 'ago', 'b64enc', 'b64dec', 'sha256sum',
  'regexMatch', 'regexFind', 'regexReplaceAll', 'semver', 'semverCompare', 'dig', 'keys', 'values', 'pick', 'omit',
] as const;

/** Documented functions Pharos's templates do not provide, and why. */
export const TEMPLATE_NOT_PROVIDED: Readonly<Record<string, string>> = {
  jq: 'jq runs as WebAssembly, which answers asynchronously, and templates render synchronously; CEL has jq(...)',
};

/**
 * Names gomplate and sprig both define, differently: Pharos's templates keep sprig's (their rows test
 * sprig's behaviour), gomplate's is under its namespace.
 */
export const TEMPLATE_SPRIG_OVER_GOMPLATE: Readonly<Record<string, string>> = {
  contains: 'sprig: `contains "f" "foo"` (substring first); gomplate: `contains "foo" "f"`; gomplate\'s is strings.Contains',
  hasPrefix: 'sprig: `hasPrefix "http" $url`; gomplate: `hasPrefix $url "http"`; gomplate\'s is strings.HasPrefix',
  hasSuffix: 'sprig: `hasSuffix ":80" $url`; gomplate: `hasSuffix $url ":80"`; gomplate\'s is strings.HasSuffix',
  split: 'sprig: `split "," $s` gives a map of _0, _1 …; gomplate: `split $s ","` gives a list; gomplate\'s is strings.Split',
  div: 'sprig: integer division (`div 3 2` is 1); gomplate: 1.5; gomplate\'s is math.Div',
  title: "sprig: Go's strings.Title (the rest untouched); gomplate: cases.Title (the rest lower-cased)",
};
