import { describeExpressionError, evaluateCel, renderTemplate } from '@pharos/core';

export type ExpressionLanguage = 'cel' | 'template';

export interface ExpressionRequest {
  id: number;
  language: ExpressionLanguage;
  expression: string;
  data: Record<string, unknown>;
}

export type ExpressionOutcome = { ok: true; value: unknown } | { ok: false; message: string; line?: number; col?: number };

/** Evaluates as the server does (without jq, which needs the server's sandbox). */
export function evaluateExpression(request: Omit<ExpressionRequest, 'id'>): ExpressionOutcome {
  try {
    const value = request.language === 'cel' ? evaluateCel(request.expression, request.data) : renderTemplate(request.expression, request.data, { name: 'preview' });
    return { ok: true, value };
  } catch (error) {
    return { ok: false, ...describeExpressionError(error) };
  }
}
