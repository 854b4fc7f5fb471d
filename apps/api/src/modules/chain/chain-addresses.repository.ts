import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { chainAddresses, txClaims } from '../../db/schema';

export type AddressRow = typeof chainAddresses.$inferSelect;

/**
 * The next unused index of the network's deposit addresses: the counter row is updated in the
 * caller's transaction, so two creations never get one index, and (network, index) is unique too.
 */
export async function takeAddressIndex(db: DbOrTx, network: string): Promise<number> {
  const res = (await db.execute(sql`
    update chain_networks set next_address_index = next_address_index + 1
    where network = ${network} returning next_address_index - 1 as index`)) as unknown as {
    rows: { index: number }[];
  };
  const index = res.rows[0]?.index;
  if (index === undefined) throw new Error(`network ${network} is not set up`);
  return Number(index);
}

export async function insertAddress(db: DbOrTx, v: typeof chainAddresses.$inferInsert): Promise<void> {
  await db.insert(chainAddresses).values(v);
}

export async function userAddress(
  db: DbOrTx,
  network: string,
  userId: string,
): Promise<AddressRow | undefined> {
  const [row] = await db
    .select()
    .from(chainAddresses)
    .where(and(eq(chainAddresses.network, network), eq(chainAddresses.userId, userId)))
    .limit(1);
  return row;
}

/** Addresses added after `seq` (the scanner's incremental load). */
export function addressesSince(db: DbOrTx, network: string, seq: number, limit = 50_000) {
  return db
    .select({
      address: chainAddresses.address,
      purpose: chainAddresses.purpose,
      exchangeId: chainAddresses.exchangeId,
      userId: chainAddresses.userId,
      seq: chainAddresses.seq,
    })
    .from(chainAddresses)
    .where(and(eq(chainAddresses.network, network), gt(chainAddresses.seq, seq)))
    .orderBy(asc(chainAddresses.seq))
    .limit(limit);
}

/** Claims a hash on a network for an exchange, a deposit or a withdrawal; false when it is claimed already. */
export async function insertClaim(
  db: DbOrTx,
  v: { network: string; txHash: string; exchangeId?: string; depositId?: string; withdrawalId?: string },
): Promise<boolean> {
  const rows = await db
    .insert(txClaims)
    .values(v)
    .onConflictDoNothing()
    .returning({ network: txClaims.network });
  return rows.length === 1;
}
