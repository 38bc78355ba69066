import type { UiText } from '@ory/client-fetch';
import { FieldMessage } from '../../../ui/field-message';

function toneOf(type: UiText['type']) {
  if (type === 'error') return 'error' as const;
  if (type === 'success') return 'success' as const;
  return 'info' as const;
}

/** The messages of one node, beneath its field; errors in red. */
export function NodeMessages({ messages }: { messages: readonly UiText[] }) {
  if (messages.length === 0) return null;
  return (
    <>
      {messages.map((message) => (
        <FieldMessage key={`${message.id}:${message.text}`} tone={toneOf(message.type)}>
          {message.text}
        </FieldMessage>
      ))}
    </>
  );
}
