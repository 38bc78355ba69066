import type { UiText } from './messages.js';

/** The UI document of a flow, in Kratos's shape (ui.nodes drive the screens). */

export type NodeGroup = 'default' | 'password' | 'profile' | 'totp' | 'lookup_secret' | 'webauthn' | 'code' | 'oidc';

export type InputType = 'text' | 'password' | 'email' | 'hidden' | 'submit' | 'button' | 'checkbox';

export interface InputAttributes {
  node_type: 'input';
  name: string;
  type: InputType;
  value?: unknown;
  required?: boolean;
  disabled: boolean;
  autocomplete?: string;
  pattern?: string;
  maxlength?: number;
  onclick?: string;
  onclickTrigger?: 'oryWebAuthnRegistration' | 'oryWebAuthnLogin';
}

export interface TextAttributes {
  node_type: 'text';
  id: string;
  text: UiText;
}

export interface ImageAttributes {
  node_type: 'img';
  id: string;
  src: string;
  width: number;
  height: number;
}

export interface AnchorAttributes {
  node_type: 'a';
  id: string;
  href: string;
  title: UiText;
}

export type NodeAttributes = InputAttributes | TextAttributes | ImageAttributes | AnchorAttributes;

export interface UiNode {
  type: 'input' | 'text' | 'img' | 'a';
  group: NodeGroup;
  attributes: NodeAttributes;
  messages: UiText[];
  meta: { label?: UiText };
}

export interface UiContainer {
  action: string;
  method: 'POST';
  messages?: UiText[];
  nodes: UiNode[];
}

interface InputOptions {
  value?: unknown;
  required?: boolean;
  autocomplete?: string;
  label?: UiText;
  pattern?: string;
  maxlength?: number;
  onclickTrigger?: InputAttributes['onclickTrigger'];
  onclick?: string;
}

export function input(name: string, group: NodeGroup, type: InputType, options: InputOptions = {}): UiNode {
  const attributes: InputAttributes = { node_type: 'input', name, type, disabled: false };
  if (options.value !== undefined) attributes.value = options.value;
  if (options.required) attributes.required = true;
  if (options.autocomplete) attributes.autocomplete = options.autocomplete;
  if (options.pattern) attributes.pattern = options.pattern;
  if (options.maxlength) attributes.maxlength = options.maxlength;
  if (options.onclick) attributes.onclick = options.onclick;
  if (options.onclickTrigger) attributes.onclickTrigger = options.onclickTrigger;
  return { type: 'input', group, attributes, messages: [], meta: options.label ? { label: options.label } : {} };
}

export function submit(name: string, value: unknown, group: NodeGroup, label: UiText): UiNode {
  return input(name, group, 'submit', { value, label });
}

export function hidden(name: string, value: unknown, group: NodeGroup = 'default'): UiNode {
  return input(name, group, 'hidden', { value });
}

export function csrfNode(token: string): UiNode {
  return input('csrf_token', 'default', 'hidden', { value: token, required: true });
}

export function text(id: string, group: NodeGroup, content: UiText, label?: UiText): UiNode {
  return { type: 'text', group, attributes: { node_type: 'text', id, text: content }, messages: [], meta: label ? { label } : {} };
}

export function image(id: string, group: NodeGroup, src: string, size: number, label?: UiText): UiNode {
  return {
    type: 'img',
    group,
    attributes: { node_type: 'img', id, src, width: size, height: size },
    messages: [],
    meta: label ? { label } : {},
  };
}

export function anchor(id: string, group: NodeGroup, href: string, title: UiText): UiNode {
  return { type: 'a', group, attributes: { node_type: 'a', id, href, title }, messages: [], meta: { label: title } };
}

export function nodeName(node: UiNode): string {
  return node.attributes.node_type === 'input' ? node.attributes.name : node.attributes.id;
}

/** The first input node called `name` (optionally of a group). */
export function findInput(nodes: readonly UiNode[], name: string, group?: NodeGroup): UiNode | undefined {
  return nodes.find((node) => node.attributes.node_type === 'input' && node.attributes.name === name && (!group || node.group === group));
}

/** Attaches a message to the first input called `name`; returns false when there is none. */
export function addNodeMessage(nodes: UiNode[], name: string, message: UiText): boolean {
  const node = findInput(nodes, name);
  if (!node) return false;
  node.messages.push(message);
  return true;
}

/** Sets the value of the input called `name` (e.g. to keep what the person typed after an error). */
export function setValue(nodes: UiNode[], name: string, value: unknown): void {
  const node = findInput(nodes, name);
  if (node && node.attributes.node_type === 'input' && node.attributes.type !== 'submit') node.attributes.value = value;
}

export function clearMessages(ui: UiContainer): void {
  delete ui.messages;
  for (const node of ui.nodes) node.messages = [];
}
