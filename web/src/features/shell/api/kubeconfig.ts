import { fetchFile, saveFile } from '../../../api/download';

export const KUBECONFIG_PATH = '/api/kubeconfig';
export const KUBECONFIG_FALLBACK_NAME = 'pharos-kubeconfig.yaml';

/** Fetches a kubeconfig with a new token of the signed-in user and saves it as a file. */
export async function downloadKubeconfig(): Promise<string> {
  const file = await fetchFile(KUBECONFIG_PATH, KUBECONFIG_FALLBACK_NAME, { headers: { Accept: 'application/yaml' } });
  saveFile(file);
  return file.filename;
}
