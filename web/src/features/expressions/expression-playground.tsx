import { useMemo, useState } from 'react';
import { parse as parseYaml } from 'yaml';
import { Button } from '../../ui/button';
import { CodeEditor } from '../../ui/code-editor';
import { cn } from '../../ui/cn';
import { Dialog } from '../../ui/dialog';
import { inputClass } from '../../ui/text-input';
import type { ExpressionLanguage } from './evaluate';
import { ExpressionResult } from './expression-preview';
import { SAMPLE_CHECK_RESULT } from './sample-data';
import { useExpressionPreview } from './use-expression-preview';

const EXAMPLES: Readonly<Record<ExpressionLanguage, string>> = {
  cel: 'code == 200 && json.items.all(i, i.healthy)',
  template: '{{ range .json.items }}{{ .name }}: {{ if .healthy }}up{{ else }}down{{ end }}\n{{ end }}',
};

/** The variables as YAML or JSON (a mapping), or why they cannot be read. */
function readData(text: string): { data: Record<string, unknown> | null; problem?: string } {
  try {
    const value: unknown = parseYaml(text);
    if (value === null || value === undefined) return { data: {} };
    if (typeof value !== 'object' || Array.isArray(value)) return { data: null, problem: 'The variables must be a mapping (name: value)' };
    return { data: value as Record<string, unknown> };
  } catch (error) {
    return { data: null, problem: (error as Error).message.split('\n')[0] };
  }
}

/** Write a CEL expression or a template against sample variables and see its result as you type. */
export function ExpressionPlayground() {
  const [open, setOpen] = useState(false);
  const [language, setLanguage] = useState<ExpressionLanguage>('cel');
  const [expressions, setExpressions] = useState(EXAMPLES);
  const [variables, setVariables] = useState(() => JSON.stringify(SAMPLE_CHECK_RESULT, null, 2));
  const { data, problem } = useMemo(() => readData(variables), [variables]);
  const outcome = useExpressionPreview(language, expressions[language], data);

  return (
    <>
      <Button variant="secondary" size="sm" onClick={() => setOpen(true)}>
        Try an expression
      </Button>
      <Dialog open={open} onOpenChange={setOpen} title="Try an expression" description="CEL for test, filter and expr; Go templates for display, body and messages." size="large">
        <div className="grid gap-4 md:grid-cols-2">
          <div className="flex flex-col gap-3">
            <div role="radiogroup" aria-label="Language" className="flex gap-4 text-sm">
              {(['cel', 'template'] as const).map((option) => (
                <label key={option} className="flex items-center gap-1.5">
                  <input type="radio" name="expression-language" checked={language === option} onChange={() => setLanguage(option)} />
                  {option === 'cel' ? 'CEL' : 'Go template'}
                </label>
              ))}
            </div>
            <textarea
              aria-label="Expression"
              value={expressions[language]}
              onChange={(event) => setExpressions((previous) => ({ ...previous, [language]: event.target.value }))}
              rows={6}
              spellCheck={false}
              className={cn(inputClass, 'h-auto py-2 font-mono text-xs')}
            />
            <p className="text-[0.8125rem] font-medium">Result</p>
            <ExpressionResult outcome={problem ? { ok: false, message: `Variables: ${problem}` } : outcome} />
          </div>
          <div className="flex flex-col gap-1">
            <p className="text-[0.8125rem] font-medium">Variables (YAML or JSON)</p>
            <CodeEditor label="Variables" language="yaml" size="medium" value={variables} onChange={setVariables} hideProblems />
          </div>
        </div>
      </Dialog>
    </>
  );
}
