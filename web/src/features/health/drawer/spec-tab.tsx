import { stringify } from 'yaml';
import { CodeEditor } from '../../../ui/code-editor';

/** Spec: the check's own part of its canary, as YAML. */
export function SpecTab({ spec }: { spec: Record<string, unknown> | null }) {
  return <CodeEditor label="Spec" language="yaml" value={spec ? stringify(spec) : ''} readOnly size="large" hideProblems />;
}
