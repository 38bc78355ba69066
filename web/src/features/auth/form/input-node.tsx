import type { UiNode, UiNodeInputAttributes } from '@ory/client-fetch';
import { Button } from '../../../ui/button';
import { Checkbox } from '../../../ui/checkbox';
import { TextInput } from '../../../ui/text-input';
import { NodeMessages } from './node-messages';
import { isButton, nodeLabel } from './nodes';
import { webAuthnTriggerOf } from './webauthn';

export interface InputNodeProps {
  node: UiNode;
  attributes: UiNodeInputAttributes;
  value: unknown;
  onChange: (name: string, value: unknown) => void;
  /** True when this button's submission is in flight (shows the spinner). */
  busy: boolean;
  /** Runs a webauthn trigger button. */
  onTrigger: (node: UiNode, attributes: UiNodeInputAttributes) => void;
}

function textValue(value: unknown): string {
  if (value === null || value === undefined) return '';
  return typeof value === 'string' ? value : String(value);
}

function ButtonNode({ node, attributes, busy, onTrigger }: InputNodeProps) {
  const label = nodeLabel(node) ?? textValue(attributes.value);
  const variant = node.group === 'oidc' ? 'secondary' : 'primary';
  if (webAuthnTriggerOf(attributes)) {
    return (
      <Button
        variant={variant}
        block
        name={attributes.name}
        disabled={attributes.disabled}
        loading={busy}
        onClick={() => onTrigger(node, attributes)}
      >
        {label}
      </Button>
    );
  }
  return (
    <Button
      type="submit"
      variant={variant}
      block
      name={attributes.name}
      value={textValue(attributes.value)}
      disabled={attributes.disabled}
      loading={busy}
      data-group={node.group}
    >
      {label}
    </Button>
  );
}

/** One input node: hidden field, checkbox, text-like field or button. */
export function InputNode(props: InputNodeProps) {
  const { node, attributes, value, onChange } = props;
  const invalid = node.messages.some((message) => message.type === 'error');
  const messages = node.messages.length > 0 ? <NodeMessages messages={node.messages} /> : undefined;

  if (attributes.type === 'hidden') {
    return <input type="hidden" name={attributes.name} value={textValue(value)} />;
  }
  if (isButton(attributes)) {
    return (
      <div>
        <ButtonNode {...props} />
        {messages}
      </div>
    );
  }
  if (attributes.type === 'checkbox') {
    return (
      <Checkbox
        name={attributes.name}
        label={nodeLabel(node) ?? attributes.name}
        checked={value === true}
        value="true"
        disabled={attributes.disabled}
        required={attributes.required}
        invalid={invalid}
        messages={messages}
        onChange={(event) => onChange(attributes.name, event.target.checked)}
      />
    );
  }
  return (
    <TextInput
      name={attributes.name}
      type={attributes.type}
      label={nodeLabel(node) ?? attributes.name}
      value={textValue(value)}
      disabled={attributes.disabled}
      required={attributes.required}
      autoComplete={attributes.autocomplete}
      pattern={attributes.pattern}
      maxLength={attributes.maxlength}
      invalid={invalid}
      messages={messages}
      onChange={(event) => {
        const raw = event.target.value;
        onChange(attributes.name, attributes.type === 'number' && raw !== '' ? Number(raw) : raw);
      }}
    />
  );
}
