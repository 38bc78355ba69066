/** IP addresses and CIDR blocks as Go's net package reads them (gomplate's net namespace). */

function parseIpv4(text: string): number[] | undefined {
  const parts = text.split('.');
  if (parts.length !== 4 || !parts.every((part) => /^\d{1,3}$/.test(part) && Number(part) <= 255)) return undefined;
  return parts.map(Number);
}

/** The 16 bytes of an IPv4 or IPv6 address (IPv4 as ::ffff:a.b.c.d), or undefined. */
export function parseIp(text: string): number[] | undefined {
  const v4 = parseIpv4(text);
  if (v4) return [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff, ...v4];
  let body = text;
  if (text.includes('.')) {
    // a trailing dotted IPv4 part stands for the last two groups
    const at = text.lastIndexOf(':');
    const embedded = parseIpv4(text.slice(at + 1));
    if (!embedded) return undefined;
    body = `${text.slice(0, at + 1)}${((embedded[0]! << 8) | embedded[1]!).toString(16)}:${((embedded[2]! << 8) | embedded[3]!).toString(16)}`;
  }
  if (!/^[0-9a-fA-F:]+$/.test(body)) return undefined;
  const halves = body.split('::');
  if (halves.length > 2) return undefined;
  const head = halves[0] === '' ? [] : halves[0]!.split(':');
  const tail = halves.length === 1 || halves[1] === '' ? [] : halves[1]!.split(':');
  if (![...head, ...tail].every((group) => /^[0-9a-fA-F]{1,4}$/.test(group))) return undefined;
  const missing = 8 - head.length - tail.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return undefined;
  const groups = [...head, ...Array<string>(halves.length === 1 ? 0 : missing).fill('0'), ...tail].map((group) => parseInt(group, 16));
  return groups.flatMap((group) => [group >> 8, group & 0xff]);
}

export const isValidIp = (text: string): boolean => parseIp(text) !== undefined;

/** Whether `ip` is inside `cidr`; false for anything that does not parse, as gomplate answers. */
export function containsCidr(cidr: string, ip: string): boolean {
  const [network, bitsText, extra] = cidr.split('/');
  if (extra !== undefined || bitsText === undefined || !/^\d+$/.test(bitsText)) return false;
  const base = parseIp(network!);
  const address = parseIp(ip);
  if (!base || !address) return false;
  const v4 = parseIpv4(network!) !== undefined;
  const bits = Number(bitsText) + (v4 ? 96 : 0);
  if (bits > 128) return false;
  for (let bit = 0; bit < bits; bit++) {
    const mask = 0x80 >> bit % 8;
    if ((base[bit >> 3]! & mask) !== (address[bit >> 3]! & mask)) return false;
  }
  return true;
}
