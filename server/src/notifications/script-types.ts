/**
 * The languages a notification's `template` may be written in besides a Go template, as the
 * settings screen stores them in `properties.template_type` (absent: a Go template).
 */
export const SCRIPT_TYPES = ['javascript', 'expr', 'jsonpath'] as const;
export type ScriptType = (typeof SCRIPT_TYPES)[number];

export const TEMPLATE_TYPE_PROPERTY = 'template_type';

/** A body script that could not run, or gave nothing to send; its message says which and why. */
export class ScriptFailure extends Error {}

/** The script type a rule's properties name; undefined for a Go template. Throws on one it does not know. */
export function scriptTypeOf(properties: Record<string, unknown> | null | undefined): ScriptType | undefined {
  const written = properties?.[TEMPLATE_TYPE_PROPERTY];
  if (written === undefined || written === null || written === '') return undefined;
  if (typeof written === 'string' && (SCRIPT_TYPES as readonly string[]).includes(written)) return written as ScriptType;
  throw new ScriptFailure(`${TEMPLATE_TYPE_PROPERTY} ${JSON.stringify(written)} is not one of ${SCRIPT_TYPES.join(', ')}`);
}
