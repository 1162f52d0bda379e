import { randomInt } from 'node:crypto';

const ALPHANUMERIC = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';

/** random characters from an unambiguous alphabet: opaque ids and provider references */
export function randomId(length: number): string {
  let id = '';
  for (let i = 0; i < length; i++) id += ALPHANUMERIC[randomInt(ALPHANUMERIC.length)];
  return id;
}
