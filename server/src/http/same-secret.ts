import { timingSafeEqual } from 'node:crypto';

/** Whether two secrets (tokens, digests, passwords) are equal, compared in constant time. */
export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
