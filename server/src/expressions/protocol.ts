/** What the main thread asks the expression worker, and what it answers. */
export type SandboxRequest =
  | { id: number; kind: 'cel'; expression: string; variables: Record<string, unknown>; durations?: readonly string[] }
  | { id: number; kind: 'template'; text: string; data: unknown; name?: string }
  | { id: number; kind: 'jq'; filter: string; input: unknown };

export type SandboxAnswer = { id: number; ok: true; value: unknown } | { id: number; ok: false; error: { message: string; line?: number; col?: number } };
