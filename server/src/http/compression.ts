import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { Negotiator } from '@fastify/accept-negotiator';
import type { FastifyInstance, FastifyReply } from 'fastify';

/** Answers smaller than this are sent as they are: compressing them saves less than it costs. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/** Text types worth compressing; never event streams, whose events must reach the browser as they are written. */
const COMPRESSIBLE = /^text\/(?!event-stream)|[+/]json(?:;|$)|[+/]xml(?:;|$)|javascript(?:;|$)|^text\/csv/;

type Encoding = 'br' | 'gzip';

const COMPRESS: Record<Encoding, (body: Buffer) => Buffer> = {
  // Quality 4: most of brotli's gain at a small part of its top level's time, answer by answer.
  br: (body) => brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 4, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
  gzip: (body) => gzipSync(body, { level: 6 }),
};

const negotiator = new Negotiator<Encoding>({ supportedValues: ['br', 'gzip'] });

function addVary(reply: FastifyReply): void {
  const vary = reply.getHeader('vary');
  const values = (Array.isArray(vary) ? vary.join(',') : String(vary ?? '')).split(',').map((value) => value.trim()).filter(Boolean);
  if (!values.some((value) => value.toLowerCase() === 'accept-encoding' || value === '*')) reply.header('vary', [...values, 'Accept-Encoding'].join(', '));
}

/**
 * Brotli or gzip, as the client's Accept-Encoding prefers, for answers of the API above the
 * threshold. Files (streams, among them the web app's prebuilt `.br`/`.gz` copies) and answers
 * already encoded are left as they are. The data service's `Content-Range` counts rows, not
 * bytes, so it does not stop compression as a byte range would.
 *
 * The hook is synchronous on purpose: handlers that call `reply.send()` without returning the
 * reply would otherwise see Fastify send their `undefined` result while compression is pending.
 */
export function installCompression(app: FastifyInstance): void {
  app.addHook('onSend', (request, reply, payload, done) => {
    done(null, compressed(request.headers['accept-encoding'], reply, payload));
  });
}

function compressed(acceptEncoding: string | undefined, reply: FastifyReply, payload: unknown): unknown {
  if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
  if (reply.hasHeader('content-encoding') || reply.statusCode === 204 || reply.statusCode === 304) return payload;
  if (String(reply.getHeader('content-range') ?? '').startsWith('bytes')) return payload;
  if (!COMPRESSIBLE.test(String(reply.getHeader('content-type') ?? ''))) return payload;
  // The answer depends on Accept-Encoding from here on, whether compressed or not.
  addVary(reply);
  const body = typeof payload === 'string' ? Buffer.from(payload) : payload;
  if (body.length < COMPRESSION_THRESHOLD_BYTES) return payload;
  const encoding = negotiator.negotiate(acceptEncoding ?? '');
  if (!encoding) return payload;
  const result = COMPRESS[encoding](body);
  reply.header('content-encoding', encoding);
  reply.header('content-length', result.length);
  return result;
}
