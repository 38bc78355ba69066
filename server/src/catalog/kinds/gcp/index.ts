import { envVarText } from '@pharos/core';
import { resolveConnection } from '../../../connections/resolve.js';
import { resolveValue } from '../../../secret-store/resolve.js';
import type { KindContext, KindReader } from '../types.js';
import { gcpAccessOf, type GcpAccessResolver } from './access.js';
import { readCompute } from './compute.js';
import { inputOfItem, type GcpItem } from './items.js';
import { selectionOf, type ProjectScrape } from './project.js';
import { readStorage } from './storage.js';
import { signedInClient } from './token.js';

/*
 * Client libraries: google-auth-library 10 (the OAuth2Client that carries the access token) with the
 * generated REST clients @googleapis/compute and @googleapis/storage, which share its googleapis-common
 * and accept Node 20. The alternatives: @google-cloud/compute speaks gRPC through google-gax (protobufs,
 * far more than a few list calls need) and, like googleapis (every Google API's generated client in one
 * package) and google-auth-library 11, now asks for Node 22. @googleapis/compute is large on disk (the
 * type declarations of its v1, beta and alpha), but loads about 5 MB of JavaScript, and only when a gcp
 * spec runs (loadedOnUse in ../index.ts).
 */

function resolverOf(context: KindContext): GcpAccessResolver {
  return {
    async value(field) {
      const given = envVarText(field);
      return given === undefined || given === '' ? undefined : resolveValue(context.pool, context.secrets, given, context.namespace);
    },
    connection: (reference) => resolveConnection(context.pool, context.secrets, reference, context.namespace),
  };
}

/**
 * `gcp`: the basics of config-db's GCP scraper — Compute Engine instances, networks and subnetworks
 * and Cloud Storage buckets of each project — as config-db types (`GCP::Instance`, `GCP::Network`,
 * `GCP::Subnetwork`, `GCP::Bucket`), labels and `project`/`region`/`zone` tags, status and health from
 * the resource's state, an instance under its subnetwork and a subnetwork under its network. Signed in
 * with the service account key of `credentials` or the `connection`; `endpoint` sends the API calls
 * elsewhere. A key Google refuses throws; a read that fails is an error of the run, the others go on.
 */
export const readGcp: KindReader = async (spec, context) => {
  const access = await gcpAccessOf(spec, resolverOf(context));
  const auth = await signedInClient(access.key, context.signal);
  const selection = selectionOf(spec);
  const items: GcpItem[] = [];
  const errors: string[] = [];
  for (const project of access.projects) {
    const scrape: ProjectScrape = { auth, project, selection, signal: context.signal, items, errors, ...(access.endpoint ? { rootUrl: access.endpoint } : {}) };
    await readCompute(scrape);
    await readStorage(scrape);
  }
  const where = access.endpoint ?? 'gcp';
  return { inputs: items.map((item) => inputOfItem(item, `${where} ${item.kind.type} ${item.id}`)), errors };
};
