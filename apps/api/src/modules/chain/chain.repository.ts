import { and, asc, desc, eq, gt, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { chainBlocks, chainDeposits, chainNetworks } from '../../db/schema';

export type NetworkRow = typeof chainNetworks.$inferSelect;
export type ChainDepositRow = typeof chainDeposits.$inferSelect;
/** What a change of confirmations tells a deposit's owner. */
export type ChainProgress = Pick<
  ChainDepositRow,
  'id' | 'exchangeId' | 'userId' | 'confirmations' | 'requiredConfirmations' | 'holdReason'
>;

export async function ensureNetwork(db: DbOrTx, network: string): Promise<NetworkRow> {
  await db.insert(chainNetworks).values({ network }).onConflictDoNothing();
  const [row] = await db.select().from(chainNetworks).where(eq(chainNetworks.network, network));
  if (!row) throw new Error(`network ${network} missing`);
  return row;
}

export async function networkRows(db: DbOrTx, networks: string[]): Promise<NetworkRow[]> {
  if (networks.length === 0) return [];
  return db
    .select()
    .from(chainNetworks)
    .where(inArray(chainNetworks.network, networks))
    .orderBy(chainNetworks.network);
}

export async function updateNetwork(
  db: DbOrTx,
  network: string,
  set: Partial<typeof chainNetworks.$inferInsert>,
): Promise<void> {
  await db.update(chainNetworks).set(set).where(eq(chainNetworks.network, network));
}

/** Forgets what was read from a chain that is no longer the node's (demo chain started anew). */
export async function resetNetwork(db: DbOrTx, network: string, genesisHash: string, chainId: number) {
  await db.delete(chainBlocks).where(eq(chainBlocks.network, network));
  await updateNetwork(db, network, {
    genesisHash,
    chainId,
    scannedBlock: null,
    scannedHash: null,
    nextNonce: null,
    startBlock: null,
    startHash: null,
    haltedAt: null,
    haltedReason: null,
  });
}

export async function storedBlock(db: DbOrTx, network: string, number: number) {
  const [row] = await db
    .select()
    .from(chainBlocks)
    .where(and(eq(chainBlocks.network, network), eq(chainBlocks.number, number)));
  return row;
}

export async function insertBlocks(db: DbOrTx, rows: (typeof chainBlocks.$inferInsert)[]): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insert(chainBlocks)
    .values(rows)
    .onConflictDoUpdate({
      target: [chainBlocks.network, chainBlocks.number],
      set: { hash: sql`excluded.hash`, parentHash: sql`excluded.parent_hash` },
    });
}

/** Keeps the last `keep` blocks below `top` (enough to find any fork the confirmations allow). */
export async function pruneBlocks(db: DbOrTx, network: string, top: number, keep: number): Promise<void> {
  await db
    .delete(chainBlocks)
    .where(and(eq(chainBlocks.network, network), lt(chainBlocks.number, top - keep)));
}

/**
 * The orphaned rows among these transfers (before they are seen again): whose they were, so an owner
 * whose transfer was mined again to another address is told (chain-scanner.ts).
 */
export async function orphanedAmong(
  db: DbOrTx,
  network: string,
  keys: { txHash: string; eventKey: string }[],
): Promise<ChainDepositRow[]> {
  if (keys.length === 0) return [];
  const res = (await db.execute(sql`
    select d.id from chain_deposits d
    join jsonb_to_recordset(${JSON.stringify(keys.map((k) => ({ tx: k.txHash, ev: k.eventKey })))}::jsonb) as v(tx text, ev text)
      on d.tx_hash = v.tx and d.event_key = v.ev
    where d.network = ${network} and d.status = 'orphaned'`)) as unknown as { rows: { id: string }[] };
  const ids = res.rows.map((r) => r.id);
  if (ids.length === 0) return [];
  return db.select().from(chainDeposits).where(inArray(chainDeposits.id, ids));
}

/**
 * Records transfers seen in blocks of the chain we follow. A transfer already known and orphaned by a
 * reorganisation comes back to `seen` in its new block, with what that block says it moved: the
 * amount, the recipient and so the owner (a transaction that calls a contract may move another
 * amount, to another address, when it is mined again). One already seen or final is left alone.
 * Returns the rows that are new or seen again.
 */
export async function upsertDeposits(
  db: DbOrTx,
  rows: (typeof chainDeposits.$inferInsert)[],
): Promise<ChainDepositRow[]> {
  if (rows.length === 0) return [];
  return db
    .insert(chainDeposits)
    .values(rows)
    .onConflictDoUpdate({
      target: [chainDeposits.network, chainDeposits.txHash, chainDeposits.eventKey],
      set: {
        blockNumber: sql`excluded.block_number`,
        blockHash: sql`excluded.block_hash`,
        amount: sql`excluded.amount`,
        address: sql`excluded.address`,
        fromAddress: sql`excluded.from_address`,
        exchangeId: sql`excluded.exchange_id`,
        userId: sql`excluded.user_id`,
        holdReason: sql`excluded.hold_reason`,
        status: 'seen',
      },
      setWhere: sql`${chainDeposits.status} = 'orphaned'`,
    })
    .returning();
}

/**
 * A reorganisation: blocks above `fork` are no longer the chain's. Their stored hashes go; transfers
 * seen in them become orphaned (never credited unless mined again). Returns those transfers and
 * any final ones in the dropped blocks (a reorganisation deeper than the confirmations required).
 */
export async function rewindTo(db: DbOrTx, network: string, fork: number) {
  await db.delete(chainBlocks).where(and(eq(chainBlocks.network, network), gt(chainBlocks.number, fork)));
  const orphaned = await db
    .update(chainDeposits)
    .set({ status: 'orphaned', blockNumber: null, blockHash: null, confirmations: 0 })
    .where(
      and(
        eq(chainDeposits.network, network),
        eq(chainDeposits.status, 'seen'),
        gt(chainDeposits.blockNumber, fork),
      ),
    )
    .returning();
  const deep = await db
    .select({ id: chainDeposits.id, txHash: chainDeposits.txHash, blockNumber: chainDeposits.blockNumber })
    .from(chainDeposits)
    .where(
      and(
        eq(chainDeposits.network, network),
        eq(chainDeposits.status, 'final'),
        gt(chainDeposits.blockNumber, fork),
      ),
    );
  const [top] = await db
    .select({ hash: chainBlocks.hash })
    .from(chainBlocks)
    .where(and(eq(chainBlocks.network, network), eq(chainBlocks.number, fork)));
  await updateNetwork(db, network, { scannedBlock: fork, scannedHash: top?.hash ?? null });
  return { orphaned, deep };
}

/** seen -> final for these transfers, each only if still seen in the same block; the rows that moved. */
export async function markFinal(
  db: DbOrTx,
  transfers: { id: string; hash: string }[],
): Promise<ChainDepositRow[]> {
  if (transfers.length === 0) return [];
  const res = (await db.execute(sql`
    update chain_deposits d set status = 'final', final_at = now()
    from jsonb_to_recordset(${JSON.stringify(transfers)}::jsonb) as v(id uuid, hash text)
    where d.id = v.id and d.status = 'seen' and d.block_hash = v.hash
    returning d.id`)) as unknown as { rows: { id: string }[] };
  const ids = res.rows.map((r) => r.id);
  if (ids.length === 0) return [];
  return db.select().from(chainDeposits).where(inArray(chainDeposits.id, ids)).orderBy(asc(chainDeposits.id));
}

export async function setDeposit(
  db: DbOrTx,
  id: string,
  set: Partial<typeof chainDeposits.$inferInsert>,
): Promise<ChainDepositRow | undefined> {
  const [row] = await db.update(chainDeposits).set(set).where(eq(chainDeposits.id, id)).returning();
  return row;
}

export async function findChainDeposit(db: DbOrTx, id: string): Promise<ChainDepositRow | undefined> {
  const [row] = await db.select().from(chainDeposits).where(eq(chainDeposits.id, id)).for('update');
  return row;
}

/** Not dust: what an owner settles (dust is held by the chain module, never counted). */
const notDust = sql`${chainDeposits.holdReason} is distinct from 'dust'`;

export function exchangeDeposits(db: DbOrTx, exchangeId: string) {
  return db
    .select()
    .from(chainDeposits)
    .where(and(eq(chainDeposits.exchangeId, exchangeId), notDust))
    .orderBy(asc(chainDeposits.createdAt), asc(chainDeposits.id));
}

/** The back office's list of transfers seen, newest first, one page (keyset on created_at, id). */
export function listDepositsSeen(db: DbOrTx, limit: number, offset: number) {
  return db
    .select()
    .from(chainDeposits)
    .orderBy(desc(chainDeposits.createdAt), desc(chainDeposits.id))
    .limit(limit)
    .offset(offset);
}

export async function countDepositsSeen(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(chainDeposits);
  return Number(row?.n ?? 0);
}

/**
 * Counts the confirmations of this network's transfers against the last block scanned, in one
 * statement, and returns only those whose count changed (what is worth pushing to their watchers).
 */
export async function countConfirmations(
  db: DbOrTx,
  network: string,
  scanned: number,
): Promise<ChainProgress[]> {
  return db
    .update(chainDeposits)
    .set({ confirmations: sql`${scanned}::bigint - ${chainDeposits.blockNumber} + 1` })
    .where(
      and(
        eq(chainDeposits.network, network),
        eq(chainDeposits.status, 'seen'),
        isNotNull(chainDeposits.blockNumber),
        sql`${chainDeposits.confirmations} <> ${scanned}::bigint - ${chainDeposits.blockNumber} + 1`,
      ),
    )
    .returning({
      id: chainDeposits.id,
      exchangeId: chainDeposits.exchangeId,
      userId: chainDeposits.userId,
      confirmations: chainDeposits.confirmations,
      requiredConfirmations: chainDeposits.requiredConfirmations,
      holdReason: chainDeposits.holdReason,
    });
}

/** Seen transfers that have their confirmations (final candidates), oldest first. */
export function confirmedDeposits(db: DbOrTx, network: string) {
  return db
    .select()
    .from(chainDeposits)
    .where(
      and(
        eq(chainDeposits.network, network),
        eq(chainDeposits.status, 'seen'),
        sql`${chainDeposits.confirmations} >= ${chainDeposits.requiredConfirmations}`,
      ),
    )
    .orderBy(asc(chainDeposits.blockNumber), asc(chainDeposits.id))
    .limit(1000);
}

/** Every transfer seen to these exchanges' addresses, oldest first. */
export function depositsOfExchanges(db: DbOrTx, exchangeIds: string[]) {
  if (exchangeIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(chainDeposits)
    .where(and(inArray(chainDeposits.exchangeId, exchangeIds), notDust))
    .orderBy(asc(chainDeposits.createdAt), asc(chainDeposits.id));
}

/** A hold reason on several transfers at once. */
export async function holdDeposits(db: DbOrTx, holds: { id: string; reason: string }[]): Promise<void> {
  if (holds.length === 0) return;
  await db.execute(sql`
    update chain_deposits d set hold_reason = v.reason
    from jsonb_to_recordset(${JSON.stringify(holds)}::jsonb) as v(id uuid, reason text)
    where d.id = v.id`);
}
