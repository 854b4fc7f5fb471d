import { createRequire } from 'node:module';
import type Stripe from 'stripe';

let lib: typeof Stripe | undefined;

/**
 * Stripe's library, loaded when a payment first needs it (the Stripe gateway when configured, the
 * test gateway's first signed event), not at start: loading it is ~0.1 s of CPU (docs/performance.md).
 */
export function stripeLib(): typeof Stripe {
  lib ??= createRequire(import.meta.url)('stripe') as typeof Stripe;
  return lib;
}
