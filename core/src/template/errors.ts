import { positionOf } from './lex.js';

/**
 * A template that does not parse (`template: NAME:LINE: …`) or fails while running
 * (`template: NAME:LINE:COL: executing "NAME" at <node>: …`), as Go's text/template words it.
 */
export class TemplateError extends Error {
  readonly line: number;
  readonly col: number;

  constructor(
    readonly templateName: string,
    source: string,
    readonly pos: number,
    readonly reason: string,
    /** Execution errors name the template and node at work, and give the column too. */
    context?: string,
  ) {
    const { line, col } = positionOf(source, pos);
    // Go counts the column of an execution error from 0.
    super(`template: ${templateName}:${line}${context ? `:${col - 1}: ${context}` : ''}: ${reason}`);
    this.name = 'TemplateError';
    this.line = line;
    this.col = col;
  }
}
