import { z } from 'zod';
import { decimalOutSchema } from './money';

/**
 * Sweeping a UTXO network's deposit addresses without a key on the server (decision 0055): the
 * final deposits still held, a PSBT spending them to the operator's address, the signed PSBT back.
 */
export const SWEEP_STATUSES = ['built', 'broadcast', 'dropped', 'abandoned'] as const;
export type SweepStatus = (typeof SWEEP_STATUSES)[number];

export const SWEEP_ERRORS = {
  notUtxo: 'Sweeps exist only on Bitcoin and Litecoin networks.',
  nothingHeld: 'No final deposit is held at the deposit addresses: there is nothing to sweep.',
  noFingerprint: (network: string) =>
    `${network}_XPUB has no origin: give it as [fingerprint/84'/coin'/0']key so a wallet can sign the sweep.`,
  badDestination: (network: string) => `This is not a ${network} address of this network.`,
  ownDestination: (network: string) =>
    `This is one of our own ${network} addresses (a deposit address or the hot wallet): a sweep goes to a wallet of the operator, outside the exchange, and is booked as leaving it.`,
  notFound: 'Sweep not found.',
  notBuilt: 'This sweep was already broadcast.',
  mismatch: (detail: string) => `The signed PSBT does not match the sweep: ${detail}.`,
  unsigned: (detail: string) => `The PSBT is not fully signed: ${detail}.`,
  refused: (detail: string) => `The node refused the sweep: ${detail}.`,
  /** 409 SWEEP_INPUTS_SWEPT */
  inputsSwept:
    'Another sweep already broadcast spends some of these deposits: only one of them can be mined, so this one is not sent.',
  /** 409 SWEEP_NOT_DROPPED */
  notDropped: 'Only a sweep that can never be mined (dropped) can be broadcast again or abandoned.',
} as const;

export const sweepDepositSchema = z.object({
  txid: z.string(),
  vout: z.number().int(),
  address: z.string(),
  /** i in key/0/i */
  index: z.number().int(),
  amount: decimalOutSchema,
});
export type SweepDeposit = z.infer<typeof sweepDepositSchema>;

export const sweepSchema = z.object({
  id: z.string(),
  network: z.string(),
  ticker: z.string(),
  destination: z.string(),
  inputs: z.array(sweepDepositSchema),
  /** What the destination receives: the inputs less the fee. */
  amount: decimalOutSchema,
  fee: decimalOutSchema,
  status: z.enum(SWEEP_STATUSES),
  /** The unsigned PSBT (BIP 174), base64. */
  psbt: z.string(),
  txHash: z.string().nullable(),
  txUrl: z.string().nullable(),
  createdAt: z.string(),
  broadcastAt: z.string().nullable(),
  /** Why it can never be mined (dropped), in the chain's words. */
  dropReason: z.string().nullable(),
});
export type Sweep = z.infer<typeof sweepSchema>;

export const sweepsViewSchema = z.object({
  network: z.string(),
  ticker: z.string(),
  /** Final deposits whose outputs the node shows unspent. */
  held: z.array(sweepDepositSchema),
  total: decimalOutSchema,
  /** Why a sweep cannot be built (the key has no origin), or null. */
  blocked: z.string().nullable(),
  sweeps: z.array(sweepSchema),
});
export type SweepsView = z.infer<typeof sweepsViewSchema>;

export const createSweepSchema = z.object({ destination: z.string().trim().min(1).max(100) });
export type CreateSweep = z.infer<typeof createSweepSchema>;
export const signedSweepSchema = z.object({ psbt: z.string().trim().min(1).max(200_000) });
export type SignedSweep = z.infer<typeof signedSweepSchema>;
export const sweepParamsSchema = z.object({
  network: z.string().trim().min(1).max(10),
  id: z.string().uuid(),
});
