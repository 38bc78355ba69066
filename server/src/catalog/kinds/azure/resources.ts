import { isRecord } from '@pharos/core';
import type { ConfigHealth } from '../../scrape-types.js';
import { AZURE_TYPES, armId, propertiesOf, provisioningHealth, resourceGroupOf, stringOf, type AzureItem } from './items.js';

/** The resource group an item sits in, as its parent (config-db relates each resource to its group). */
function inGroup(id: string, subscriptionID: string): Pick<AzureItem, 'parent'> {
  const group = resourceGroupOf(id);
  return group ? { parent: { type: AZURE_TYPES.resourceGroup, externalId: `/subscriptions/${subscriptionID.toLowerCase()}/resourcegroups/${group}` } } : {};
}

const sentence = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

export function resourceGroupItem(group: Record<string, unknown>): AzureItem {
  const state = stringOf(propertiesOf(group)['provisioningState']);
  return { type: AZURE_TYPES.resourceGroup, configClass: 'ResourceGroup', resource: group, id: String(group['id']), ...(state ? { status: state } : {}), health: provisioningHealth(state) };
}

/** A VM's power state from its instance view (`PowerState/running`), when ARM sent one. */
function powerState(vm: Record<string, unknown>): string | undefined {
  const view = propertiesOf(vm)['instanceView'];
  const statuses = isRecord(view) && Array.isArray(view['statuses']) ? view['statuses'].filter(isRecord) : [];
  const code = statuses.map((status) => stringOf(status['code'])).find((text) => text?.startsWith('PowerState/'));
  return code?.slice('PowerState/'.length);
}

function vmHealth(power: string | undefined, provisioning: string | undefined): ConfigHealth {
  if (provisioning === 'Failed') return 'unhealthy';
  if (power === 'running') return 'healthy';
  if (power === 'starting' || power === 'stopping' || power === 'deallocating') return 'warning';
  if (power === 'stopped' || power === 'deallocated') return 'unhealthy';
  return provisioningHealth(provisioning);
}

/** A VM, related to the subnets of its network interfaces. */
export function virtualMachineItem(vm: Record<string, unknown>, subscriptionID: string, subnetsOfVm: Map<string, string[]>): AzureItem {
  const id = String(vm['id']);
  const power = powerState(vm);
  const provisioning = stringOf(propertiesOf(vm)['provisioningState']);
  const status = power ? sentence(power) : provisioning;
  return {
    type: AZURE_TYPES.virtualMachine,
    configClass: 'VirtualMachine',
    resource: vm,
    id,
    ...(status ? { status } : {}),
    health: vmHealth(power, provisioning),
    ...inGroup(id, subscriptionID),
    relationships: (subnetsOfVm.get(armId(id)) ?? []).map((subnet) => ({ selector: { type: AZURE_TYPES.subnet, externalId: subnet }, parent: true })),
  };
}

/** A virtual network, and its subnets as items of their own (their parent the network). */
export function virtualNetworkItems(network: Record<string, unknown>, subscriptionID: string): AzureItem[] {
  const id = String(network['id']);
  const state = stringOf(propertiesOf(network)['provisioningState']);
  const subnets = Array.isArray(propertiesOf(network)['subnets']) ? (propertiesOf(network)['subnets'] as unknown[]).filter(isRecord) : [];
  return [
    { type: AZURE_TYPES.virtualNetwork, configClass: 'VirtualNetwork', resource: network, id, ...(state ? { status: state } : {}), health: provisioningHealth(state), ...inGroup(id, subscriptionID) },
    ...subnets
      .filter((subnet) => typeof subnet['id'] === 'string')
      .map((subnet): AzureItem => {
        const subnetState = stringOf(propertiesOf(subnet)['provisioningState']);
        return {
          type: AZURE_TYPES.subnet,
          configClass: 'Subnet',
          resource: subnet,
          id: String(subnet['id']),
          ...(subnetState ? { status: subnetState } : {}),
          health: provisioningHealth(subnetState),
          parent: { type: AZURE_TYPES.virtualNetwork, externalId: armId(id) },
        };
      }),
  ];
}

export function storageAccountItem(account: Record<string, unknown>, subscriptionID: string): AzureItem {
  const id = String(account['id']);
  const properties = propertiesOf(account);
  const state = stringOf(properties['provisioningState']);
  const primary = stringOf(properties['statusOfPrimary']);
  const health = primary === 'unavailable' ? 'unhealthy' : provisioningHealth(state);
  return { type: AZURE_TYPES.storageAccount, configClass: 'StorageAccount', resource: account, id, ...(state ? { status: state } : {}), health, ...inGroup(id, subscriptionID) };
}

/** Each VM's subnets (lower-cased ids), from the ip configurations of the network interfaces attached to it. */
export function subnetsByVm(interfaces: Array<Record<string, unknown>>): Map<string, string[]> {
  const found = new Map<string, string[]>();
  for (const nic of interfaces) {
    const properties = propertiesOf(nic);
    const vm = isRecord(properties['virtualMachine']) ? stringOf(properties['virtualMachine']['id']) : undefined;
    if (!vm) continue;
    const configurations = Array.isArray(properties['ipConfigurations']) ? properties['ipConfigurations'].filter(isRecord) : [];
    for (const configuration of configurations) {
      const subnet = propertiesOf(configuration)['subnet'];
      const subnetId = isRecord(subnet) ? stringOf(subnet['id']) : undefined;
      if (!subnetId) continue;
      const list = found.get(armId(vm)) ?? [];
      if (!list.includes(armId(subnetId))) list.push(armId(subnetId));
      found.set(armId(vm), list);
    }
  }
  return found;
}
