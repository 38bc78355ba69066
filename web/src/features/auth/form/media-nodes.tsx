import type { UiNode, UiNodeAnchorAttributes, UiNodeImageAttributes, UiNodeScriptAttributes } from '@ory/client-fetch';
import { useEffect } from 'react';
import { linkClass } from '../../../ui/link-styles';
import { nodeLabel } from './nodes';

/** An image node, e.g. the TOTP QR code. */
export function ImageNode({ node, attributes }: { node: UiNode; attributes: UiNodeImageAttributes }) {
  const label = nodeLabel(node) ?? 'Image';
  return (
    <figure className="space-y-2">
      <img
        id={attributes.id}
        src={attributes.src}
        width={attributes.width || undefined}
        height={attributes.height || undefined}
        alt={label}
        className="rounded-md border border-border bg-white p-2"
      />
      <figcaption className="text-[0.8125rem] text-fg-muted">{label}</figcaption>
    </figure>
  );
}

/** An anchor node: a link the server offers. */
export function AnchorNode({ attributes }: { attributes: UiNodeAnchorAttributes }) {
  return (
    <a id={attributes.id} href={attributes.href} className={linkClass}>
      {attributes.title.text}
    </a>
  );
}

/** A script node: the script is added to the page while the form is shown. */
export function ScriptNode({ attributes }: { attributes: UiNodeScriptAttributes }) {
  useEffect(() => {
    const script = document.createElement('script');
    script.src = attributes.src;
    script.async = attributes.async;
    if (attributes.id) script.id = attributes.id;
    if (attributes.type) script.type = attributes.type;
    if (attributes.crossorigin) script.crossOrigin = attributes.crossorigin;
    if (attributes.integrity) script.integrity = attributes.integrity;
    if (attributes.referrerpolicy) script.referrerPolicy = attributes.referrerpolicy;
    if (attributes.nonce) script.nonce = attributes.nonce;
    document.body.appendChild(script);
    return () => script.remove();
  }, [attributes]);
  return null;
}
