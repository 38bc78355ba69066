import type { UiNode, UiNodeTextAttributes } from '@ory/client-fetch';
import { NodeMessages } from './node-messages';
import { nodeLabel } from './nodes';

/** Text id of the recovery-code list, and secret id of a code already used. */
export const RECOVERY_CODES_TEXT_ID = 1050015;
export const USED_SECRET_ID = 1050014;

interface Secret {
  id: number;
  text: string;
}

function secretsOf(attributes: UiNodeTextAttributes): Secret[] {
  const context = attributes.text.context as { secrets?: unknown } | undefined;
  if (!Array.isArray(context?.secrets)) return [];
  return context.secrets.filter(
    (s): s is Secret => typeof s === 'object' && s !== null && typeof (s as Secret).id === 'number' && typeof (s as Secret).text === 'string',
  );
}

function RecoveryCodes({ node, attributes }: { node: UiNode; attributes: UiNodeTextAttributes }) {
  const label = nodeLabel(node);
  return (
    <div className="space-y-2">
      {label && <p className="text-sm text-fg-muted">{label}</p>}
      <ul aria-label="Recovery codes" className="grid grid-cols-2 gap-2 rounded-md border border-border bg-surface-muted p-3 sm:grid-cols-3">
        {secretsOf(attributes).map((secret, index) => (
          <li key={index} className="font-mono text-sm text-fg" data-used={secret.id === USED_SECRET_ID || undefined}>
            {secret.id === USED_SECRET_ID ? <span className="text-fg-muted">Used</span> : secret.text}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** A text node: the recovery-code list, or a labelled value such as the TOTP secret. */
export function TextNode({ node, attributes }: { node: UiNode; attributes: UiNodeTextAttributes }) {
  if (attributes.text.id === RECOVERY_CODES_TEXT_ID) return <RecoveryCodes node={node} attributes={attributes} />;
  const label = nodeLabel(node);
  return (
    <div className="space-y-1" id={attributes.id}>
      {label && <p className="text-sm text-fg-muted">{label}</p>}
      <code className="block rounded-md border border-border bg-surface-muted px-3 py-2 font-mono text-sm break-all text-fg">
        {attributes.text.text}
      </code>
      <NodeMessages messages={node.messages} />
    </div>
  );
}
