import { connect } from 'node:tls';

/** Milliseconds until the certificate a TLS server presents expires (undefined when there is none to read). */
export function certificateLifetime(url: URL, signal: AbortSignal): Promise<number | undefined> {
  return new Promise((resolve) => {
    const socket = connect({ host: url.hostname, port: url.port ? Number(url.port) : 443, servername: url.hostname, rejectUnauthorized: false });
    const done = (value: number | undefined) => {
      socket.destroy();
      signal.removeEventListener('abort', abort);
      resolve(value);
    };
    const abort = () => done(undefined);
    signal.addEventListener('abort', abort, { once: true });
    socket.once('secureConnect', () => {
      const validTo = socket.getPeerCertificate().valid_to;
      done(validTo ? Date.parse(validTo) - Date.now() : undefined);
    });
    socket.once('error', () => done(undefined));
  });
}
