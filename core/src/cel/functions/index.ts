import type { Environment } from '@marcbachmann/cel-js';
import { namespaceVariables, registerOverloads, type CelOverload } from '../namespaces.js';
import { COLLECTION_FUNCTIONS } from './collections.js';
import { DATA_FUNCTIONS } from './data.js';
import { ENCODING_FUNCTIONS } from './encoding.js';
import { NETWORK_FUNCTIONS } from './network.js';
import { PATH_NAMESPACE_FUNCTIONS } from './paths.js';
import { RANDOM_FUNCTIONS } from './random.js';
import { REGEXP_FUNCTIONS } from './regexp.js';
import { KUBERNETES_FUNCTIONS } from './kubernetes.js';
import { MATH_FUNCTIONS } from './math.js';
import { STRING_FUNCTIONS } from './strings.js';
import { TIME_FIELDS, TIME_FUNCTIONS } from './time.js';

/** Every function CEL expressions get beyond the CEL specification's own, as Flanksource's CEL environment has them. */
export const CEL_FUNCTIONS: readonly CelOverload[] = [
  ...STRING_FUNCTIONS,
  ...COLLECTION_FUNCTIONS,
  ...MATH_FUNCTIONS,
  ...TIME_FUNCTIONS,
  ...DATA_FUNCTIONS,
  ...ENCODING_FUNCTIONS,
  ...RANDOM_FUNCTIONS,
  ...PATH_NAMESPACE_FUNCTIONS,
  ...REGEXP_FUNCTIONS,
  ...NETWORK_FUNCTIONS,
  ...KUBERNETES_FUNCTIONS,
];

export function registerCelFunctions(environment: Environment): Environment {
  return registerOverloads(environment, CEL_FUNCTIONS);
}

/** `math`, `strings`, `time` …: added to an expression's variables where the caller has none of the name. */
export const CEL_NAMESPACES = namespaceVariables(CEL_FUNCTIONS, TIME_FIELDS);
