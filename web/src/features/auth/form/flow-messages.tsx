import type { UiText } from '@ory/client-fetch';
import { Alert } from '../../../ui/alert';
import { cn } from '../../../ui/cn';

/** The messages of a whole flow, in the blue message box. */
export function FlowMessages({ messages, className }: { messages: readonly UiText[] | undefined; className?: string }) {
  if (!messages || messages.length === 0) return null;
  return (
    <Alert tone="info" className={className}>
      <ul className="space-y-1" data-testid="flow-messages">
        {messages.map((message) => (
          <li key={`${message.id}:${message.text}`} data-type={message.type} className={cn(message.type === 'error' && 'text-danger')}>
            {message.text}
          </li>
        ))}
      </ul>
    </Alert>
  );
}
