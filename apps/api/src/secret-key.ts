import { inspect } from 'node:util';

/**
 * A private key held in memory: it prints as `[redacted]` in logs, JSON and inspection, so passing
 * the config to a logger or an error can never write it out. Only the signer calls reveal().
 */
export class SecretKey {
  readonly #hex: `0x${string}`;
  constructor(hex: `0x${string}`) {
    this.#hex = hex;
  }
  reveal(): `0x${string}` {
    return this.#hex;
  }
  toJSON() {
    return '[redacted]';
  }
  toString() {
    return '[redacted]';
  }
  [inspect.custom]() {
    return 'SecretKey([redacted])';
  }
}
