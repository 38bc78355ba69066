import {
  isUiNodeAnchorAttributes,
  isUiNodeImageAttributes,
  isUiNodeInputAttributes,
  isUiNodeScriptAttributes,
  isUiNodeTextAttributes,
  type UiContainer,
  type UiNode,
  type UiNodeAnchorAttributes,
  type UiNodeImageAttributes,
  type UiNodeInputAttributes,
  type UiNodeScriptAttributes,
  type UiNodeTextAttributes,
} from '@ory/client-fetch';

/** A node narrowed by the kind of its attributes. */
export type TypedNode =
  | { kind: 'input'; node: UiNode; attributes: UiNodeInputAttributes }
  | { kind: 'img'; node: UiNode; attributes: UiNodeImageAttributes }
  | { kind: 'text'; node: UiNode; attributes: UiNodeTextAttributes }
  | { kind: 'a'; node: UiNode; attributes: UiNodeAnchorAttributes }
  | { kind: 'script'; node: UiNode; attributes: UiNodeScriptAttributes }
  | { kind: 'other'; node: UiNode };

export function typed(node: UiNode): TypedNode {
  const { attributes } = node;
  if (isUiNodeInputAttributes(attributes)) return { kind: 'input', node, attributes };
  if (isUiNodeImageAttributes(attributes)) return { kind: 'img', node, attributes };
  if (isUiNodeTextAttributes(attributes)) return { kind: 'text', node, attributes };
  if (isUiNodeAnchorAttributes(attributes)) return { kind: 'a', node, attributes };
  if (isUiNodeScriptAttributes(attributes)) return { kind: 'script', node, attributes };
  return { kind: 'other', node };
}

export function inputAttributes(node: UiNode): UiNodeInputAttributes | null {
  return isUiNodeInputAttributes(node.attributes) ? node.attributes : null;
}

/** Submit buttons and plain buttons: their value is only sent by the one that was clicked. */
export function isButton(attributes: UiNodeInputAttributes): boolean {
  return attributes.type === 'submit' || attributes.type === 'button';
}

export function nodeLabel(node: UiNode): string | undefined {
  const input = inputAttributes(node);
  return node.meta?.label?.text ?? input?.label?.text;
}

/** The nodes of the given groups, plus the `default` group (csrf token, identifier …). */
export function nodesOf(ui: UiContainer, groups?: readonly string[]): UiNode[] {
  if (!groups) return ui.nodes;
  return ui.nodes.filter((node) => node.group === 'default' || groups.includes(node.group));
}

/** True when the flow offers anything of this group (settings sections show only then). */
export function hasGroup(ui: UiContainer, group: string): boolean {
  return ui.nodes.some((node) => node.group === group);
}

/** A stable React key for a node. */
export function nodeKey(node: UiNode, index: number): string {
  const input = inputAttributes(node);
  if (input) return `${node.group}:${input.name}:${String(input.value ?? '')}`;
  const id = (node.attributes as { id?: unknown }).id;
  return typeof id === 'string' && id ? `${node.group}:${node.type}:${id}` : `${node.group}:${index}`;
}
