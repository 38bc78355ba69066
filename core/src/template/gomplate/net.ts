import { containsCidr, isValidIp } from '../../functions/net.js';
import type { TemplateFunction } from '../exec.js';
import { text } from './values.js';

/** gomplate's net namespace. */

export const NET: Readonly<Record<string, TemplateFunction>> = {
  ContainsCIDR: (cidr, ip) => containsCidr(text(cidr), text(ip)),
  IsValidIP: (ip) => isValidIp(text(ip)),
};
