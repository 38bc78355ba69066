import type { UiContainer, UiNode, UiNodeInputAttributes } from '@ory/client-fetch';
import { useCallback, useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { toast } from '../../../ui/toast/toast-store';
import type { FlowBody } from '../api/flows';
import { FlowMessages } from './flow-messages';
import { initialValues, submissionBody, type FormValues, type Submitter } from './form-values';
import { InputNode } from './input-node';
import { AnchorNode, ImageNode, ScriptNode } from './media-nodes';
import { inputAttributes, isButton, nodeKey, nodesOf, typed } from './nodes';
import { TextNode } from './text-node';
import { runWebAuthn, WEBAUTHN_RESULT_FIELD, webAuthnTriggerOf } from './webauthn';

export interface FlowFormProps {
  ui: UiContainer;
  /** Shows only these groups (plus `default`), e.g. one section of the settings page. */
  groups?: readonly string[];
  /** Sends a submission; the form ignores further submits until it settles. */
  onSubmit: (body: FlowBody) => Promise<unknown>;
  /** Shows the flow's own messages above the fields (default true). */
  showMessages?: boolean;
  /** Values that replace the server's initial values (e.g. identifier from the query). */
  prefill?: FormValues;
  /** Values sent with every submission and posted as hidden fields (e.g. `setup_token`). */
  extraValues?: Record<string, string>;
  /** Submits once on mount as if this button had been clicked (e.g. `method` = `password`). */
  autoSubmit?: Submitter;
  /** Accessible name of the form. */
  label?: string;
}

function sameSubmitter(a: Submitter | null, name: string, value: unknown): boolean {
  return a !== null && a.name === name && String(a.value ?? '') === String(value ?? '');
}

/**
 * The one renderer of server-driven forms (identity flow nodes). Values start from the nodes;
 * messages are shown per field and per flow; the clicked button is sent with its value; oidc
 * buttons post the form natively to `ui.action`; webauthn triggers ask the browser first.
 */
export function FlowForm({
  ui,
  groups,
  onSubmit,
  showMessages = true,
  prefill,
  extraValues,
  autoSubmit,
  label,
}: FlowFormProps) {
  const nodes = useMemo(() => nodesOf(ui, groups), [ui, groups]);
  const [values, setValues] = useState<FormValues>(() => ({ ...initialValues(nodes), ...prefill }));
  const [pending, setPending] = useState<Submitter | null>(null);
  const inFlight = useRef(false);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const buttons = useMemo(
    () =>
      nodes.flatMap((node) => {
        const attributes = inputAttributes(node);
        return attributes && isButton(attributes) ? [{ node, attributes }] : [];
      }),
    [nodes],
  );

  const send = useCallback(
    async (submitter: Submitter | null, extra: FormValues = {}) => {
      if (inFlight.current) return;
      inFlight.current = true;
      setPending(submitter);
      try {
        await onSubmit(submissionBody(values, submitter, { ...extraValues, ...extra }));
      } finally {
        inFlight.current = false;
        if (mounted.current) setPending(null);
      }
    },
    [onSubmit, values, extraValues],
  );

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (inFlight.current) {
      event.preventDefault();
      return;
    }
    const element = (event.nativeEvent as SubmitEvent).submitter;
    const name = element?.getAttribute('name') ?? '';
    const value = element?.getAttribute('value') ?? '';
    // A button that was not clicked (Enter in a field) stands for the first submit button.
    const clicked =
      buttons.find((b) => b.attributes.name === name && String(b.attributes.value ?? '') === value) ??
      (element ? undefined : buttons.find((b) => b.attributes.type === 'submit'));
    const submitter = clicked ? { name: clicked.attributes.name, value: clicked.attributes.value } : null;
    if (clicked?.node.group === 'oidc') {
      // Social sign-in leaves the app: the browser posts this form to the identity service.
      inFlight.current = true;
      setPending(submitter);
      return;
    }
    event.preventDefault();
    void send(submitter);
  };

  const handleTrigger = async (node: UiNode, attributes: UiNodeInputAttributes) => {
    const trigger = webAuthnTriggerOf(attributes);
    if (!trigger || inFlight.current) return;
    const submitter = { name: attributes.name, value: attributes.value };
    let answer: string;
    try {
      setPending(submitter);
      answer = await runWebAuthn(trigger, attributes.value);
    } catch (error) {
      setPending(null);
      toast.error(error instanceof Error ? error.message : 'The security key did not answer.');
      return;
    }
    const method = typeof values['method'] === 'string' ? values['method'] : node.group;
    await send(null, { [WEBAUTHN_RESULT_FIELD[trigger]]: answer, method });
  };

  const autoSubmitted = useRef(false);
  useEffect(() => {
    if (!autoSubmit || autoSubmitted.current) return;
    autoSubmitted.current = true;
    void send(autoSubmit);
  }, [autoSubmit, send]);

  const change = useCallback((name: string, value: unknown) => setValues((prev) => ({ ...prev, [name]: value })), []);

  return (
    <form action={ui.action} method={ui.method} onSubmit={handleSubmit} aria-label={label} className="space-y-4" noValidate>
      {showMessages && <FlowMessages messages={ui.messages} />}
      {extraValues &&
        Object.entries(extraValues)
          .filter(([name]) => !(name in values))
          .map(([name, value]) => <input key={name} type="hidden" name={name} value={value} />)}
      {nodes.map((node, index) => {
        const item = typed(node);
        const key = nodeKey(node, index);
        switch (item.kind) {
          case 'input':
            return (
              <InputNode
                key={key}
                node={node}
                attributes={item.attributes}
                value={values[item.attributes.name]}
                onChange={change}
                busy={sameSubmitter(pending, item.attributes.name, item.attributes.value)}
                onTrigger={(n, a) => void handleTrigger(n, a)}
              />
            );
          case 'img':
            return <ImageNode key={key} node={node} attributes={item.attributes} />;
          case 'text':
            return <TextNode key={key} node={node} attributes={item.attributes} />;
          case 'a':
            return <AnchorNode key={key} attributes={item.attributes} />;
          case 'script':
            return <ScriptNode key={key} attributes={item.attributes} />;
          default:
            return null;
        }
      })}
    </form>
  );
}
