/** A view's output column and the table column it passes through (oid and attribute number). */
export interface ColumnOrigin {
  name: string;
  table: number;
  column: number;
}

/**
 * Reads the origins of a view's columns from its stored query tree (`pg_rewrite.ev_action`):
 * each top-level target entry records `:resorigtbl` and `:resorigcol` when it is a plain
 * column of a table. Entries of subqueries sit deeper in the tree and are skipped.
 */
export function viewColumnOrigins(queryTree: string): ColumnOrigin[] {
  const list = topLevelTargetList(queryTree);
  if (list === undefined) return [];
  const origins: ColumnOrigin[] = [];
  for (const entry of entriesOf(list)) {
    const own = withoutNestedNodes(entry);
    const name = /:resname (\S+)/.exec(own)?.[1];
    const table = Number(/:resorigtbl (\d+)/.exec(own)?.[1] ?? 0);
    const column = Number(/:resorigcol (\d+)/.exec(own)?.[1] ?? 0);
    if (name !== undefined && name !== '<>' && table > 0 && column > 0 && !/:resjunk true/.test(own)) {
      origins.push({ name, table, column });
    }
  }
  return origins;
}

function topLevelTargetList(tree: string): string | undefined {
  let depth = 0;
  for (let i = 0; i < tree.length; i++) {
    const ch = tree[i];
    if (ch === '{') depth++;
    else if (ch === '}') depth--;
    else if (depth === 1 && tree.startsWith(':targetList (', i)) {
      const start = i + ':targetList '.length;
      return tree.slice(start, closingParen(tree, start) + 1);
    }
  }
  return undefined;
}

function closingParen(text: string, open: number): number {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === '(') depth++;
    else if (text[i] === ')' && --depth === 0) return i;
  }
  return text.length - 1;
}

/** The `{TARGETENTRY …}` nodes directly inside a list. */
function entriesOf(list: string): string[] {
  const entries: string[] = [];
  let depth = 0;
  let start = -1;
  for (let i = 0; i < list.length; i++) {
    if (list[i] === '{') {
      if (depth === 0) start = i;
      depth++;
    } else if (list[i] === '}' && --depth === 0) {
      entries.push(list.slice(start, i + 1));
    }
  }
  return entries;
}

function withoutNestedNodes(entry: string): string {
  let depth = 0;
  let out = '';
  for (const ch of entry) {
    if (ch === '{') depth++;
    if (depth <= 1) out += ch;
    if (ch === '}') depth--;
  }
  return out;
}
