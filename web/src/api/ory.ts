import { Configuration, FrontendApi } from '@ory/client-fetch';
import { baseFetch } from './http';
import { ORY_PATH } from './ory-path';

export { ORY_PATH };

/**
 * The identity client. It calls through `baseFetch` (cookie and JSON Accept), not `apiFetch`: its
 * 401, 403, 410 and 422 answers are part of the flows and are handled by the flow reactions.
 */
export const ory = new FrontendApi(
  new Configuration({
    basePath: ORY_PATH,
    credentials: 'include',
    fetchApi: baseFetch,
  }),
);
