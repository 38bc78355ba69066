import picomatch from 'picomatch';
import { resolveConnection } from '../../../connections/resolve.js';
import { resolveValue } from '../../../secret-store/resolve.js';
import { envVarText } from '@pharos/core';
import type { KindReader } from '../types.js';
import { azureAccessOf } from './access.js';
import { armOf, type Arm } from './arm.js';
import { inputOfItem, type AzureItem } from './items.js';
import { resourceGroupItem, storageAccountItem, subnetsByVm, virtualMachineItem, virtualNetworkItems } from './resources.js';

/** ARM API versions of the list calls, as the Azure REST API reference documents them. */
const API = { resources: '2021-04-01', compute: '2024-07-01', network: '2024-05-01', storage: '2023-05-01' } as const;

/** config-db's `include`: empty reads everything, else the resource kinds it names (globs, `!` negating). */
function includesOf(spec: Record<string, unknown>): (resource: string) => boolean {
  const include = Array.isArray(spec['include']) ? spec['include'].filter((item): item is string => typeof item === 'string' && item !== '') : [];
  if (include.length === 0) return () => true;
  const negated = include.filter((pattern) => pattern.startsWith('!')).map((pattern) => pattern.slice(1));
  const positive = include.filter((pattern) => !pattern.startsWith('!'));
  return (resource) => !negated.some((pattern) => picomatch.isMatch(resource, pattern)) && (positive.length === 0 || positive.some((pattern) => picomatch.isMatch(resource, pattern)));
}

/**
 * `azure`: config-db's Azure scraper, for the resource groups, virtual machines, virtual networks (and
 * their subnets) and storage accounts of `subscriptionID`, typed as config-db types them
 * (`Azure::` and the ARM type), each in its resource group, VMs related to the subnets of their network
 * interfaces. A service principal's `clientSecret` signs in at `authorityHost`; `endpoint` is ARM's base
 * URL (a sovereign cloud's). A refused secret fails the entry; a failed list is an error of the run.
 */
export const readAzure: KindReader = async (spec, context) => {
  const access = await azureAccessOf(spec, {
    async value(field) {
      const given = envVarText(field);
      return given === undefined || given === '' ? undefined : resolveValue(context.pool, context.secrets, given, context.namespace);
    },
    connection: (reference) => resolveConnection(context.pool, context.secrets, reference, context.namespace),
  });
  const includes = includesOf(spec);
  const arm: Arm = armOf(access, context.userAgent);
  await arm.signIn(context.signal);
  const subscription = `/subscriptions/${encodeURIComponent(access.subscriptionID)}`;
  const items: AzureItem[] = [];
  const errors: string[] = [];
  const read = async (what: string, path: string, apiVersion: string, keep: (resources: Array<Record<string, unknown>>) => AzureItem[]) => {
    try {
      items.push(...keep(await arm.list(`${subscription}${path}`, apiVersion, context.signal)));
    } catch (error) {
      context.signal.throwIfAborted();
      errors.push(`failed to list ${what}: ${error instanceof Error ? error.message : String(error)}`);
    }
  };
  const { subscriptionID } = access;
  if (includes('resourceGroups')) await read('resource groups', '/resourcegroups', API.resources, (groups) => groups.map(resourceGroupItem));
  if (includes('virtualMachines')) {
    let subnets = new Map<string, string[]>();
    await read('network interfaces', '/providers/Microsoft.Network/networkInterfaces', API.network, (interfaces) => {
      subnets = subnetsByVm(interfaces);
      return [];
    });
    await read('virtual machines', '/providers/Microsoft.Compute/virtualMachines', `${API.compute}&$expand=instanceView`, (vms) => vms.map((vm) => virtualMachineItem(vm, subscriptionID, subnets)));
  }
  if (includes('virtualNetworks')) await read('virtual networks', '/providers/Microsoft.Network/virtualNetworks', API.network, (networks) => networks.flatMap((network) => virtualNetworkItems(network, subscriptionID)));
  if (includes('storageAccounts')) await read('storage accounts', '/providers/Microsoft.Storage/storageAccounts', API.storage, (accounts) => accounts.map((account) => storageAccountItem(account, subscriptionID)));
  const kept = items.filter((item) => typeof item.resource['id'] === 'string');
  return { inputs: kept.map((item) => inputOfItem(item, subscriptionID, `${access.endpoint} ${item.type} ${item.id}`)), errors };
};
