import { arnToMap, fromAwsMap } from '../../functions/data.js';
import { containsCidr, isValidIp } from '../../functions/net.js';
import { inNamespace, overload, type CelOverload } from '../namespaces.js';
import { entriesOf } from '../values.js';

/** gomplate's net namespace, and the AWS helpers, in CEL. */

export const NETWORK_FUNCTIONS: CelOverload[] = [
  ...inNamespace('net', [overload('ContainsCIDR(string, string): bool', containsCidr), overload('IsValidIP(string): bool', isValidIp)]),
  ...inNamespace('aws', [overload('arnToMap(string): map', arnToMap), overload('fromAWSMap(list): map', (list: unknown[]) => fromAwsMap(list.map(entriesOf)))]),
  overload('arnToMap(string): map', arnToMap),
  overload('fromAWSMap(list): map', (list: unknown[]) => fromAwsMap(list.map(entriesOf))),
];
