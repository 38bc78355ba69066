/** What one poll of a Pharos process answered. */
export interface Answer {
  node: string;
  path: string;
  at: number;
  status: number;
  retryAfter: string | null;
}

/** The time between the first and last answer other than 200 of one node, or null when every answer was 200. */
export interface Outage {
  node: string;
  from: number;
  to: number;
}

/**
 * Polls the given paths of each node every `intervalMs` until stopped, keeping every answer: what
 * the people and load balancers in front of Pharos see during an outage of its database.
 */
export class OutageWatch {
  readonly answers: Answer[] = [];
  private stopped = false;
  private readonly loops: Promise<void>[] = [];

  constructor(
    nodes: readonly { name: string; url: string }[],
    paths: readonly string[],
    headers: Record<string, string>,
    intervalMs = 200,
  ) {
    for (const node of nodes) {
      for (const path of paths) this.loops.push(this.poll(node, path, headers, intervalMs));
    }
  }

  private async poll(node: { name: string; url: string }, path: string, headers: Record<string, string>, intervalMs: number): Promise<void> {
    while (!this.stopped) {
      const at = Date.now();
      let status = 0;
      let retryAfter: string | null = null;
      try {
        const response = await fetch(`${node.url}${path}`, { headers, signal: AbortSignal.timeout(10_000) });
        await response.arrayBuffer();
        status = response.status;
        retryAfter = response.headers.get('retry-after');
      } catch {
        status = 0;
      }
      this.answers.push({ node: node.name, path, at, status, retryAfter });
      await new Promise((resolve) => setTimeout(resolve, intervalMs));
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await Promise.all(this.loops);
  }

  /** Answers of `path` that were not 200. */
  failures(path: string): Answer[] {
    return this.answers.filter((answer) => answer.path === path && answer.status !== 200);
  }

  outage(node: string, path: string): Outage | null {
    const failed = this.failures(path).filter((answer) => answer.node === node);
    if (failed.length === 0) return null;
    const ok = this.answers.filter((answer) => answer.node === node && answer.path === path && answer.status === 200);
    const last = failed[failed.length - 1]!.at;
    // Until the first answer of 200 after the last failure: the outage lasted at least that long.
    const back = ok.find((answer) => answer.at > last)?.at ?? last;
    return { node, from: failed[0]!.at, to: back };
  }
}
