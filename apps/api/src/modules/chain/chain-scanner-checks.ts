import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { ensureNetwork, resetNetwork, updateNetwork } from './chain.repository';
import type { ChainAdapter, ScannedBlock } from './chain.types';

/** The node must be on the chain we read before (same genesis and id), or nothing is read from it. */
export async function checkChainIdentity(o: {
  db: Db;
  adapter: ChainAdapter;
  demo: boolean | undefined;
  log: FastifyBaseLogger;
}): Promise<void> {
  const { db, adapter, log } = o;
  const network = adapter.network;
  const [genesis, chainId, row] = await Promise.all([
    adapter.blockRef(0),
    adapter.chainId(),
    ensureNetwork(db, network),
  ]);
  if (!genesis) throw new Error('the node has no genesis block');
  if (row.genesisHash === null) {
    await updateNetwork(db, network, { genesisHash: genesis.hash, chainId });
  } else if (row.genesisHash !== genesis.hash || row.chainId !== chainId) {
    if (!o.demo)
      throw new Error(
        `the node is on another chain (chain id ${chainId}, genesis ${genesis.hash.slice(0, 10)}…) than the one read before: nothing is read from it`,
      );
    log.warn({ network }, `${network}: the demo chain was started anew; reading it from its current block`);
    await resetNetwork(db, network, genesis.hash, chainId);
  }
}

/** The blocks that link up to the last one read; false in `ok` when the first one does not. */
export function linked(blocks: ScannedBlock[], prevHash: string | null) {
  let prev = prevHash;
  const out: ScannedBlock[] = [];
  for (const b of blocks) {
    if (prev !== null && b.parentHash !== prev) break;
    out.push(b);
    prev = b.hash;
  }
  return { blocks: out, ok: out.length > 0 || blocks.length === 0 };
}
