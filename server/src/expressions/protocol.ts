/** What the server asks an expression child process; the pool adds each request's id. */
export type SandboxRequest =
  | { kind: 'cel'; expression: string; variables: Record<string, unknown>; durations?: readonly string[] }
  | { kind: 'template'; text: string; data: unknown; name?: string; dollar?: boolean }
  | { kind: 'jq'; filter: string; input: unknown }
  | { kind: 'jsonpath'; path: string; json: unknown }
  | { kind: 'javascript'; script: string; config: string; timeoutMs: number; memoryBytes: number };

/** How an expression failed, as the child describes it. */
export interface SandboxFailure {
  message: string;
  line?: number;
  col?: number;
  /** It went past a limit of the engine (a value too large, recursion too deep), not a mistake in the expression. */
  limit?: boolean;
}
