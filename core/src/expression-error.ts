import { CelError } from './cel/index.js';
import { TemplateError } from './template/index.js';

/** What went wrong in a CEL expression or a template, as plain data: the message and, when known, where. */
export interface ExpressionErrorInfo {
  message: string;
  line?: number;
  col?: number;
}

export function describeExpressionError(error: unknown): ExpressionErrorInfo {
  if (error instanceof CelError || error instanceof TemplateError) return { message: error.message, line: error.line, col: error.col };
  return { message: error instanceof Error ? error.message : String(error) };
}
