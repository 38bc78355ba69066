import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface ServingCertificate {
  key: string;
  cert: string;
}

let made: ServingCertificate | undefined;

/**
 * A self-signed certificate for 127.0.0.1, made by openssl once per process. Kubernetes clients
 * (kubectl, client-go) send a bearer token only over TLS, so the stand-in serves HTTPS as a real API server does.
 */
export function servingCertificate(): ServingCertificate {
  if (made) return made;
  const dir = mkdtempSync(join(tmpdir(), 'kube-apiserver-'));
  try {
    execFileSync('openssl', ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '2', '-subj', '/CN=kube-apiserver', '-addext', 'subjectAltName=IP:127.0.0.1,DNS:localhost', '-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem')], { stdio: 'ignore' });
    made = { key: readFileSync(join(dir, 'key.pem'), 'utf8'), cert: readFileSync(join(dir, 'cert.pem'), 'utf8') };
    return made;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
