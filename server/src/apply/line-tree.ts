import { isMap, isScalar, isSeq, type Document, type Node } from 'yaml';

/**
 * The line each value of a document starts on, by its path (map keys and list indexes as text).
 * Plain data, so it crosses from a worker thread with the value it describes.
 */
export interface LineTree {
  line: number;
  children?: Map<string, LineTree>;
}

function treeOf(node: Node, lineAt: (offset: number | undefined) => number): LineTree {
  const tree: LineTree = { line: lineAt(node.range?.[0]) };
  if (isMap(node)) {
    tree.children = new Map();
    for (const pair of node.items) {
      if (!isScalar(pair.key)) continue;
      const value = pair.value as Node | null;
      tree.children.set(String(pair.key.value), value?.range ? treeOf(value, lineAt) : { line: lineAt(pair.key.range?.[0]) });
    }
  } else if (isSeq(node)) {
    tree.children = new Map();
    node.items.forEach((item, index) => {
      const child = item as Node | null;
      if (child?.range) tree.children!.set(String(index), treeOf(child, lineAt));
    });
  }
  return tree;
}

/** The lines of every value of `document`; `lineAt` turns an offset into a line (from 1). */
export function lineTreeOf(document: Document.Parsed, lineAt: (offset: number | undefined) => number): LineTree {
  const contents = document.contents as Node | null;
  return contents?.range ? treeOf(contents, lineAt) : { line: lineAt(undefined) };
}

/** The line of the value at `path`, or of its nearest ancestor that exists. */
export function lineAtPath(tree: LineTree, path: readonly (string | number)[]): number {
  let current = tree;
  for (const part of path) {
    const child = current.children?.get(String(part));
    if (!child) break;
    current = child;
  }
  return current.line;
}
