import { queryEscape, queryUnescape } from '../../functions/text.js';
import type { TemplateFunction } from '../exec.js';
import { COLL, COLL_ALIASES } from './coll.js';
import { CONV, CONV_ALIASES } from './conv.js';
import { DATA, DATA_ALIASES } from './data.js';
import { MATH, MATH_ALIASES } from './math.js';
import { BASE64, CRYPTO, UUID } from './encoding.js';
import { K8S, K8S_ALIASES } from './kubernetes.js';
import { NET } from './net.js';
import { FILEPATH, PATHS } from './paths.js';
import { RANDOM } from './random.js';
import { REGEXP } from './regexp.js';
import { TEST, TEST_ALIASES } from './test-namespace.js';
import { TemplateNamespace } from './namespace.js';
import { STRING_ALIASES, STRINGS } from './strings.js';
import { TIME } from './time.js';
import { text } from './values.js';

/**
 * gomplate's functions as Flanksource's templates have them: each namespace (`{{ strings.ToUpper .x }}`)
 * and the top-level names gomplate gives that sprig does not also define (where both do, sprig's stay,
 * as Pharos's templates have always had them; see the template conformance table).
 */
export const TEMPLATE_NAMESPACES: Readonly<Record<string, Readonly<Record<string, TemplateFunction>>>> = {
  base64: BASE64,
  coll: COLL,
  conv: CONV,
  crypto: CRYPTO,
  data: DATA,
  filepath: FILEPATH,
  k8s: K8S,
  math: MATH,
  net: NET,
  path: PATHS,
  random: RANDOM,
  regexp: REGEXP,
  strings: STRINGS,
  test: TEST,
  time: TIME,
  uuid: UUID,
};

export const GOMPLATE_FUNCTIONS: Readonly<Record<string, TemplateFunction>> = {
  ...Object.fromEntries(
    Object.entries(TEMPLATE_NAMESPACES).map(([name, methods]) => {
      const namespace = new TemplateNamespace(name, methods);
      return [name, () => namespace];
    }),
  ),
  ...STRING_ALIASES,
  ...COLL_ALIASES,
  ...CONV_ALIASES,
  ...DATA_ALIASES,
  ...MATH_ALIASES,
  ...TEST_ALIASES,
  ...K8S_ALIASES,
  urlencode: (value: unknown) => queryEscape(text(value)),
  urldecode: (value: unknown) => queryUnescape(text(value)),
};
