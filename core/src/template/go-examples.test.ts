import { describe, expect, it } from 'vitest';
import { renderTemplate, TemplateError } from './index.js';

/** The examples of Go's text/template documentation, with the output Go prints for them. */

const LETTER = `
Dear {{.Name}},
{{if .Attended}}
It was a pleasure to see you at the wedding.
{{- else}}
It is a shame you couldn't make it to the wedding.
{{- end}}
{{with .Gift -}}
Thank you for the lovely {{.}}.
{{end}}
Best wishes,
Josie
`;

describe('Go text/template documentation examples', () => {
  it('writes the wedding letters of the package example', () => {
    expect(renderTemplate(LETTER, { Name: 'Aunt Mildred', Gift: 'bone china tea set', Attended: true })).toBe(
      '\nDear Aunt Mildred,\n\nIt was a pleasure to see you at the wedding.\nThank you for the lovely bone china tea set.\n\nBest wishes,\nJosie\n',
    );
    expect(renderTemplate(LETTER, { Name: 'Uncle John', Gift: 'moleskin pants', Attended: false })).toBe(
      "\nDear Uncle John,\n\nIt is a shame you couldn't make it to the wedding.\nThank you for the lovely moleskin pants.\n\nBest wishes,\nJosie\n",
    );
    expect(renderTemplate(LETTER, { Name: 'Cousin Rodney', Gift: '', Attended: false })).toBe(
      "\nDear Cousin Rodney,\n\nIt is a shame you couldn't make it to the wedding.\n\nBest wishes,\nJosie\n",
    );
  });

  it('trims white space next to {{- and -}}', () => {
    expect(renderTemplate('{{23 -}} < {{- 45}}', null)).toBe('23<45');
    expect(renderTemplate('a  {{- /* a comment */ -}}  b', null)).toBe('ab');
    expect(renderTemplate('{{-3}}', null)).toBe('-3');
  });

  it.each([
    '{{"\\"output\\""}}',
    '{{`"output"`}}',
    '{{printf "%q" "output"}}',
    '{{"output" | printf "%q"}}',
    '{{printf "%q" (print "out" "put")}}',
    '{{"put" | printf "%s%s" "out" | printf "%q"}}',
    '{{"output" | printf "%s" | printf "%q"}}',
    '{{with "output"}}{{printf "%q" .}}{{end}}',
    '{{with $x := "output" | printf "%q"}}{{$x}}{{end}}',
    '{{with $x := "output"}}{{printf "%q" $x}}{{end}}',
    '{{with $x := "output"}}{{$x | printf "%q"}}{{end}}',
  ])('prints "output" for %s', (template) => {
    expect(renderTemplate(template, null)).toBe('"output"');
  });

  it('runs a block, and templates defined beside the main one', () => {
    const names = ['Gamora', 'Groot', 'Nebula', 'Rocket', 'Star-Lord'];
    expect(renderTemplate('Names:{{block "list" .}}{{"\\n"}}{{range .}}{{println "-" .}}{{end}}{{end}}', names)).toBe(
      'Names:\n- Gamora\n- Groot\n- Nebula\n- Rocket\n- Star-Lord\n',
    );
    const set = 'T0 ({{.}}) invokes T1: ({{template "T1"}}){{define "T1"}}T1 invokes T2: ({{template "T2"}}){{end}}{{define "T2"}}This is T2{{end}}';
    expect(renderTemplate(set, 7)).toBe('T0 (7) invokes T1: (T1 invokes T2: (This is T2))');
  });

  it('ranges over lists, maps in key order and integers, with else, break and continue', () => {
    expect(renderTemplate('{{range $i, $e := .}}{{$i}}={{$e}};{{end}}', ['a', 'b'])).toBe('0=a;1=b;');
    expect(renderTemplate('{{range $k, $v := .}}{{$k}}:{{$v}} {{end}}', { b: 2, a: 1, c: 3 })).toBe('a:1 b:2 c:3 ');
    expect(renderTemplate('{{range .}}x{{else}}none{{end}}', [])).toBe('none');
    expect(renderTemplate('{{range 5}}{{if eq . 3}}{{break}}{{end}}{{if eq . 1}}{{continue}}{{end}}{{.}}{{end}}', null)).toBe('02');
    expect(renderTemplate('{{range $x := .}}{{$x}}{{end}}', [1, 2])).toBe('12');
  });

  it('chains else if and else with, and scopes variables to their block', () => {
    const template = '{{if eq .n 1}}one{{else if eq .n 2}}two{{else with .name}}{{.}}{{else}}other{{end}}';
    expect(renderTemplate(template, { n: 1 })).toBe('one');
    expect(renderTemplate(template, { n: 2 })).toBe('two');
    expect(renderTemplate(template, { n: 3, name: 'three' })).toBe('three');
    expect(renderTemplate(template, { n: 3 })).toBe('other');
    expect(renderTemplate('{{$x := 1}}{{if true}}{{$x = 2}}{{$y := 3}}{{end}}{{$x}}', null)).toBe('2');
    expect(renderTemplate('{{range .}}{{$}}{{end}}', [1])).toBe('[1]');
  });

  it('compares with eq (several operands), ne, lt, le, gt, ge and short-circuits and/or', () => {
    expect(renderTemplate('{{eq .x 1 2 3}} {{ne .x 2}} {{lt .x 3}} {{le 3 3}} {{gt "b" "a"}} {{ge 1 2}}', { x: 2 })).toBe('true false true true true false');
    expect(renderTemplate('{{and 1 0 "x"}} {{or 0 "" "y"}} {{and .missing .missing.deeper}} {{not 0}}', {})).toBe('0 y <no value> true');
  });

  it('prints values as Go does: maps, lists, floats, missing keys and nil', () => {
    expect(renderTemplate('{{.}}', { b: [1, 2.5], a: 'x' })).toBe('map[a:x b:[1 2.5]]');
    expect(renderTemplate('{{.big}} {{.small}} {{.n}}', { big: 1e21, small: 0.00001, n: 100000000 })).toBe('1e+21 1e-05 100000000');
    expect(renderTemplate('{{.missing}} {{.none}} {{print nil}}', { none: null })).toBe('<no value> <no value> <nil>');
    expect(renderTemplate('{{print 1 2 "a" 3}} {{println "x" 1}}', null)).toBe('1 2a3 x 1\n');
  });

  it('formats with printf verbs, widths and precisions', () => {
    expect(renderTemplate('{{printf "%5.2f|%-4d|%04d|%x|%X|%o|%b|%e|%g" 3.14159 7 42 255 255 8 5 1234.5678 0.000012}}', null)).toBe(
      ' 3.14|7   |0042|ff|FF|10|101|1.234568e+03|1.2e-05',
    );
    expect(renderTemplate('{{printf "%s %v %t %q %c %U %T %%" "a" true false "b" 65 65 1.5}}', null)).toBe('a true false "b" A U+0041 float64 %');
    expect(renderTemplate('{{printf "%d %d" 1}} {{printf "%d" 1 2}} {{printf "%d" "x"}}', null)).toBe('1 %!d(MISSING) 1%!(EXTRA int=2) %!d(string=x)');
  });

  it('indexes, slices and measures as len, index and slice do', () => {
    expect(renderTemplate('{{index .m "k"}} {{index .l 1}} {{index .n 0 1}} {{len .l}} {{len "héllo"}} {{slice .l 1 3}} {{slice "abc" 1}}', {
      m: { k: 'v' },
      l: [1, 2, 3],
      n: [[1, 2]],
    })).toBe('v 2 2 3 6 [2 3] bc');
  });

  it('escapes for html, js and urlquery', () => {
    expect(renderTemplate('{{js "a\\tb\\n"}}', null)).toBe('a\\u0009b\\u000A');
    expect(renderTemplate(`{{html "<a href='x'>&"}} {{js "it's \\"q\\" <b>"}} {{urlquery "a b&c=d"}}`, null)).toBe(
      `&lt;a href=&#39;x&#39;&gt;&amp; it\\'s \\"q\\" \\u003Cb\\u003E a+b%26c%3Dd`,
    );
  });

  it('calls functions held in the data through call, and methods of times', () => {
    const greet = (name: unknown) => `hi ${String(name)}`;
    expect(renderTemplate('{{call .greet "Ada"}} {{"Bob" | call .greet}}', { greet })).toBe('hi Ada hi Bob');
    expect(() => renderTemplate('{{.greet "Ada"}}', { greet })).toThrow('greet is not a method but has arguments');
    expect(renderTemplate('{{.t.Format "2006-01-02"}} {{.t.Year}}', { t: new Date(Date.UTC(2024, 4, 6)) })).toBe('2024-05-06 2024');
  });
});

describe('Go text/template errors', () => {
  it.each([
    ['{{.Name', 'template: t:1: unclosed action'],
    ['{{if}}{{end}}', 'template: t:1: missing value for if'],
    ['{{end}}', 'template: t:1: unexpected {{end}}'],
    ['{{range .}}{{else}}x{{else}}y{{end}}', 'template: t:1: expected end; found {{else}}'],
    ['{{nosuch 1}}', 'template: t:1: function "nosuch" not defined'],
    ['{{break}}', 'template: t:1: {{break}} outside {{range}}'],
    ['line one\n{{"unterminated}}', 'template: t:2: unterminated quoted string'],
    ['{{if .x}}open', 'template: t:1: unexpected EOF'],
    ['{{3 | 4}}', "template: t:1:6: executing \"t\" at <4>: can't give argument to non-function 4"],
  ])('refuses %j with Go’s message', (template, message) => {
    expect(() => renderTemplate(template, {}, { name: 't' })).toThrow(message);
  });

  it('names the node and the reason of an execution error', () => {
    expect(() => renderTemplate('{{.a.b}}', {}, { name: 't' })).toThrow('template: t:1:2: executing "t" at <.a.b>: nil pointer evaluating interface {}.b');
    expect(() => renderTemplate('{{index .list 5}}', { list: [1] }, { name: 't' })).toThrow(
      'template: t:1:2: executing "t" at <index .list 5>: error calling index: index out of range: 5',
    );
    expect(() => renderTemplate('{{template "x"}}', {}, { name: 't' })).toThrow('template "x" not defined');
    expect(() => renderTemplate('{{lt 1 "a"}}', {}, { name: 't' })).toThrow('error calling lt: incompatible types for comparison');
    expect(() => renderTemplate('{{.s.x}}', { s: 'text' }, { name: 't' })).toThrow("can't evaluate field x in type string");
  });

  it('reports its position as line and column', () => {
    try {
      renderTemplate('ok\n  {{.a.b}}', {}, { name: 't' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(TemplateError);
      expect((error as TemplateError).line).toBe(2);
      expect((error as TemplateError).col).toBe(5);
    }
  });
});
