import { evaluateExpression, type ExpressionRequest } from './evaluate';

/** Runs previews off the page's thread, so that a runaway expression is ended, not the tab. */
self.onmessage = (event: MessageEvent<ExpressionRequest>) => {
  const { id, ...request } = event.data;
  self.postMessage({ id, ...evaluateExpression(request) });
};
