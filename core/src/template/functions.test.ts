import { describe, expect, it } from 'vitest';
import { renderTemplate } from './index.js';
import { formatGoTime, humanizeBytes, humanizeTime, parseGoDuration } from './time.js';

describe('sprig and gomplate functions in templates', () => {
  const check = { name: 'api', status: 'healthy', tags: ['a', 'b'], meta: { region: 'eu', zone: 'b' }, duration: 1234 };

  it.each([
    ['{{.name | upper}} {{lower "AB"}} {{title "hello world"}}', 'API ab Hello World'],
    ['{{default "none" .missing}} {{default "none" .name}} {{empty .tags}} {{coalesce "" .name}}', 'none api false api'],
    ['{{trim "  x "}}|{{trimPrefix "ab" "abc"}}|{{trimSuffix "c" "abc"}}|{{replace "a" "o" "banana"}}', 'x|c|ab|bonono'],
    ['{{contains "pi" .name}} {{hasPrefix "a" .name}} {{hasSuffix "x" .name}}', 'true true false'],
    ['{{join ", " .tags}} {{splitList "," "x,y" | join "-"}} {{(split "." "a.b")._1}}', 'a, b x-y b'],
    ['{{toJSON .meta}} {{.meta | toJson}}', '{"region":"eu","zone":"b"} {"region":"eu","zone":"b"}'],
    ['{{toYAML .meta}}', 'region: eu\nzone: b\n'],
    ['{{(fromJSON "{\\"a\\": [1, 2]}").a}}', '[1 2]'],
    ['{{add 1 2 3}} {{sub 5 2}} {{mul 2 3}} {{div 7 2}} {{mod 7 2}} {{max 1 5 3}} {{min 4 2}}', '6 3 6 3 1 5 2'],
    ['{{printf "%.1f" (divf 1 4)}} {{int "42"}} {{float64 "1.5"}} {{round 2.567 2}}', '0.2 42 1.5 2.57'],
    ['{{quote .name}} {{squote .name}} {{indent 2 "a\\nb"}}{{nindent 1 "c"}}', `"api" 'api'   a\n  b\n c`],
    ['{{list 1 2 | last}} {{first .tags}} {{has "a" .tags}} {{keys .meta | join ","}} {{(dict "k" "v").k}}', '2 a true region,zone v'],
    ['{{regexMatch "^a.i$" .name}} {{regexReplaceAll "(a)(p)" .name "${2}${1}"}} {{regexFind "[0-9]+" "ab12cd"}}', 'true pai 12'],
    ['{{b64enc "héllo"}} {{b64dec "aMOpbGxv"}}', 'aMOpbGxv héllo'],
    ['{{ternary "up" "down" (eq .status "healthy")}} {{repeat 3 "ab"}} {{substr 1 3 "hello"}} {{trunc 3 "hello"}}', 'up ababab el hel'],
    ['{{humanizeBytes 82854982}} {{humanizeBytes 1500}} {{humanizeBytes 5}}', '83 MB 1.5 kB 5 B'],
    ['{{date "2006-01-02 15:04" "2024-03-05T07:08:09Z"}}', '2024-03-05 07:08'],
  ])('%s', (template, expected) => {
    expect(renderTemplate(template, check)).toBe(expected);
  });

  it('formats Go layouts, durations, relative times and byte sizes', () => {
    const time = new Date(Date.UTC(2024, 0, 2, 15, 4, 5, 120));
    expect(formatGoTime(time, 'Mon Jan _2 15:04:05.000 MST 2006')).toBe('Tue Jan  2 15:04:05.120 UTC 2024');
    expect(formatGoTime(time, '02/01/06 03:04PM -07:00 .999')).toBe('02/01/24 03:04PM +00:00 .12');
    expect(formatGoTime(time, time.toISOString() && '2006-01-02T15:04:05Z07:00')).toBe('2024-01-02T15:04:05Z');
    expect(parseGoDuration('1h30m')).toBe(5_400_000);
    expect(parseGoDuration('7d')).toBe(604_800_000);
    expect(() => parseGoDuration('soon')).toThrow('time: invalid duration "soon"');
    const now = new Date(Date.UTC(2024, 0, 10));
    expect(humanizeTime(new Date(now.getTime() - 3 * 60_000), now)).toBe('3 minutes ago');
    expect(humanizeTime(new Date(now.getTime() + 2 * 86_400_000), now)).toBe('2 days from now');
    expect(humanizeTime(now, now)).toBe('now');
    expect(humanizeBytes(1_000_000_000)).toBe('1.0 GB');
  });

  it('prints the ago and duration of sprig as Go durations', () => {
    expect(renderTemplate('{{duration 3725}} {{duration 0}}', null)).toBe('1h2m5s 0s');
  });
});

describe('delimiters', () => {
  it('takes its delimiters from a first line # gotemplate: left-delim=… right-delim=…', () => {
    const text = '# gotemplate: left-delim=[[ right-delim=]]\nname: [[ .name ]] keeps {{ this }}';
    expect(renderTemplate(text, { name: 'api' })).toBe('\nname: api keeps {{ this }}');
  });

  it('renders the $( … ) form, with parentheses inside it, and leaves shell in {{ }} templates alone', () => {
    expect(renderTemplate('echo $(.name) $(printf "%s-%s" (upper .name) "x")', { name: 'api' }, { delimiters: { left: '$(', right: ')' } })).toBe('echo api API-x');
    expect(renderTemplate('echo $(date) ${HOME} {{.name}}', { name: 'api' })).toBe('echo $(date) ${HOME} api');
  });
});

describe('limits against hostile templates', () => {
  it('stops a loop that would run too long', () => {
    expect(() => renderTemplate('{{range 100000000}}{{end}}', null, { name: 't' })).toThrow(/stopped after 1000000 steps/);
  });

  it('stops output that grows too large', () => {
    expect(() => renderTemplate('{{range 100000}}0123456789abcdef{{end}}', null, { limits: { maxOutput: 1000 } })).toThrow(/output exceeds 1000 characters/);
  });

  it('stops recursion through templates', () => {
    expect(() => renderTemplate('{{define "r"}}{{template "r" .}}{{end}}{{template "r" .}}', null)).toThrow(/exceeded maximum template depth \(100\)/);
  });

  it('parses deeply nested parentheses up to a limit, without overflowing the stack', () => {
    const deep = `{{${'('.repeat(5000)}1${')'.repeat(5000)}}}`;
    expect(() => renderTemplate(deep, null)).toThrow(/nested too deeply/);
    expect(renderTemplate(`{{${'('.repeat(50)}1${')'.repeat(50)}}}`, null)).toBe('1');
  });

  it('stops when the time is up', () => {
    expect(() => renderTemplate('{{range 100000000}}{{end}}', null, { limits: { timeoutMs: 20, maxSteps: Number.MAX_SAFE_INTEGER } })).toThrow(/stopped after 20 ms/);
  });
});
