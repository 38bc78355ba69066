import { useEffect, useRef, useState } from 'react';
import { evaluateExpression, type ExpressionLanguage, type ExpressionOutcome } from './evaluate';

/** Longest a preview may run before its worker is ended. */
export const PREVIEW_TIMEOUT_MS = 1_000;
const DEBOUNCE_MS = 150;

type Answer = ExpressionOutcome & { id: number };

function createWorker(): Worker | null {
  if (typeof Worker === 'undefined') return null;
  return new Worker(new URL('./evaluate.worker.ts', import.meta.url), { type: 'module' });
}

/**
 * The result of an expression over sample data, recomputed as either changes: in a worker with a
 * time limit where the browser has workers (inline otherwise, as in component tests).
 */
export function useExpressionPreview(language: ExpressionLanguage, expression: string, data: Record<string, unknown> | null): ExpressionOutcome | null {
  const [outcome, setOutcome] = useState<ExpressionOutcome | null>(null);
  const worker = useRef<Worker | null>(null);
  const nextId = useRef(0);

  useEffect(() => () => worker.current?.terminate(), []);

  useEffect(() => {
    if (expression.trim() === '' || data === null) return;
    const id = ++nextId.current;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const debounce = setTimeout(() => {
      worker.current ??= createWorker();
      const current = worker.current;
      if (!current) {
        setOutcome(evaluateExpression({ language, expression, data }));
        return;
      }
      timer = setTimeout(() => {
        current.terminate();
        if (worker.current === current) worker.current = null;
        setOutcome({ ok: false, message: `The expression took longer than ${PREVIEW_TIMEOUT_MS / 1000} s and was stopped` });
      }, PREVIEW_TIMEOUT_MS);
      current.onmessage = (event: MessageEvent<Answer>) => {
        if (event.data.id !== id) return;
        clearTimeout(timer);
        const { id: _id, ...answer } = event.data;
        setOutcome(answer);
      };
      current.postMessage({ id, language, expression, data });
    }, DEBOUNCE_MS);
    return () => {
      clearTimeout(debounce);
      clearTimeout(timer);
    };
  }, [language, expression, data]);

  return expression.trim() === '' || data === null ? null : outcome;
}
