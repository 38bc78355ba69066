/** A send a group held. */
export interface HeldSend {
  resource_type: string;
  resource_id: string;
  resource_name: string | null;
  source_event: string;
}

/** How many dependents the body names before it says how many more there are. */
const LISTED = 100;

/**
 * The one message a group sends: '{root} is down; {n} dependent checks failed', n counting the
 * distinct checks and components that failed under it, each named in the body (the first 100).
 */
export function groupedMessage(rootName: string, dependents: readonly HeldSend[], permalink: string): { title: string; body: string } {
  const title = `${rootName} is down; ${dependents.length} dependent checks failed`;
  const lines = dependents.slice(0, LISTED).map((send) => `- ${send.resource_name ?? send.resource_id} (${send.resource_type}, ${send.source_event})`);
  if (dependents.length > LISTED) lines.push(`- … and ${dependents.length - LISTED} more`);
  return { title, body: `**${rootName}** is down; ${dependents.length} dependent checks failed:\n\n${lines.join('\n')}\n\n[Open](${permalink})` };
}

/** The distinct dependents of a root among what its group held (the root's own failure is not one). */
export function dependentsOf(rootId: string, held: readonly HeldSend[]): HeldSend[] {
  const seen = new Map<string, HeldSend>();
  for (const send of held) if (send.resource_id !== rootId && !seen.has(`${send.resource_type}:${send.resource_id}`)) seen.set(`${send.resource_type}:${send.resource_id}`, send);
  return [...seen.values()];
}
