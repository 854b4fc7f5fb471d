import { Decimal, toPlain } from '@vaultline/shared';
import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { chainReconciliations } from '../../db/schema';
import type { ChainAdapter } from './chain.types';
import { batchesInFlight } from './utxo/batch-flight';
import { sweepsInFlight } from './utxo/sweep-flight';

/** How often each watched network is reconciled (within its job, under its lease). */
export const RECONCILE_EVERY_MS = 60 * 60 * 1000;

export type ReconciliationRow = typeof chainReconciliations.$inferSelect;

/** A decimal as stored and shown (zero never signed). */
const plain = (d: Decimal) => (d.isZero() ? '0' : toPlain(d));

async function rows<T>(db: DbOrTx, q: ReturnType<typeof sql>): Promise<T[]> {
  // node-postgres and PGlite both answer raw SQL with { rows }.
  return ((await db.execute(q)) as unknown as { rows: T[] }).rows;
}

/**
 * What the ledger says the house holds of an asset: everything booked as coming in from outside
 * (the `external` account's debits: deposits seen on chain, operator transfers in) less everything
 * booked as gone out (payouts, refunds, withdrawals, network fees, operator transfers out).
 * Entries between accounts inside (conversions, card and fiat deposits, fees, holds) do not move it.
 */
export async function ledgerHeld(db: DbOrTx, assetId: string): Promise<Decimal> {
  const [r] = await rows<{ s: string | null }>(
    db,
    sql`select sum(p.amount)::text as s from postings p join ledger_accounts a on a.id = p.account_id
        where a.kind = 'external' and p.asset_id = ${assetId}`,
  );
  return new Decimal(r?.s ?? '0').neg();
}

/**
 * Transfers to the network's addresses the chain shows at block `block` and the ledger does not
 * (seen, not final yet; or dust, which is never booked), less those the ledger booked that came
 * after that block.
 */
async function transfersInFlight(db: DbOrTx, network: string, assetId: string, block: number) {
  const [r] = await rows<{ s: string | null }>(
    db,
    sql`select sum(case
          when block_number <= ${block} and (status = 'seen' or (status = 'final' and hold_reason = 'dust')) then amount
          when block_number > ${block} and status = 'final' and hold_reason is distinct from 'dust' then -amount
          else 0 end)::text as s
        from chain_deposits where network = ${network} and asset_id = ${assetId} and status <> 'orphaned'`,
  );
  return new Decimal(r?.s ?? '0');
}

interface PayoutInFlight {
  asset_id: string;
  amount: string;
  status: string;
  tx_hash: string | null;
  block_number: string | null;
  network_fee: string | null;
}

/**
 * Payouts sent and not settled yet, and those settled in a block after `block`: one transaction
 * each (EVM). A UTXO network's batched payouts are counted by their batch (utxo/batch-flight.ts).
 */
function payoutsInFlight(db: DbOrTx, network: string, block: number) {
  return rows<PayoutInFlight>(
    db,
    sql`select asset_id, amount::text, status, tx_hash, block_number::text, network_fee::text
        from chain_payouts where network = ${network} and tx_hash is not null and batch_id is null and
          (status in ('signed', 'sent', 'mined') or (status in ('confirmed', 'failed') and block_number > ${block}))`,
  );
}

export interface ReconcileDeps {
  db: Db;
  assetId: (ticker: string) => Promise<string | undefined>;
}

/**
 * The books against the chain for one network (docs/chains.md, "The books match the chain"), at the
 * last block read: per asset, what the deposit addresses handed out and the hot wallet hold, what
 * the ledger says the house holds, what is in flight (on chain, not booked yet: + for coins that
 * arrived, - for coins gone), and the difference left over. Stored as the network's latest result.
 * Run within the network's job, so the scanner and the payouts stand still meanwhile.
 */
export async function reconcileNetwork(
  deps: ReconcileDeps,
  adapter: ChainAdapter,
): Promise<ReconciliationRow[]> {
  const { db } = deps;
  const network = adapter.network;
  if (!adapter.holdings) return [];
  const [net] = await rows<{ scanned_block: string | null }>(
    db,
    sql`select scanned_block::text from chain_networks where network = ${network}`,
  );
  if (net?.scanned_block == null) return [];
  const block = Number(net.scanned_block);
  const addressRows = await rows<{ address: string }>(
    db,
    sql`select address from chain_addresses where network = ${network} order by index`,
  );
  const addresses = addressRows.map((r) => r.address);
  if (adapter.hotWallet) addresses.push(adapter.hotWallet.address);
  if (adapter.utxoWallet) addresses.push(adapter.utxoWallet.address);
  const held = await adapter.holdings(addresses, block);

  const native = adapter.assets.find((a) => !a.contract);
  const nativeId = native ? await deps.assetId(native.ticker) : undefined;
  // Sweeps of a UTXO network's deposit addresses, booked out and not mined yet (utxo/sweep-flight.ts).
  const swept = await sweepsInFlight(db, adapter);
  // Payouts: what left the hot wallet at or before the block and is not booked yet (-), and what
  // is booked and left after it (+). A reverted payout spent its fee only.
  const gone = new Map<string, Decimal>();
  const add = (id: string | undefined, v: Decimal) => {
    if (id) gone.set(id, (gone.get(id) ?? new Decimal(0)).plus(v));
  };
  for (const p of await payoutsInFlight(db, network, block)) {
    if (p.status === 'confirmed' || p.status === 'failed') {
      if (p.status === 'confirmed') add(p.asset_id, new Decimal(p.amount));
      if (p.network_fee) add(nativeId, new Decimal(p.network_fee));
      continue;
    }
    const receipt = await adapter.hotWallet?.receipt(p.tx_hash as string);
    if (!receipt || receipt.blockNumber > block || !native) continue;
    if (receipt.status === 'success') add(p.asset_id, new Decimal(p.amount).neg());
    add(nativeId, new Decimal(receipt.feeRaw.toString()).div(new Decimal(10).pow(native.decimals)).neg());
  }

  if (native)
    for (const [id, v] of await batchesInFlight(db, network, block, nativeId, native.decimals)) add(id, v);

  const checkedAt = new Date();
  const out: ReconciliationRow[] = [];
  for (const a of adapter.assets) {
    const id = await deps.assetId(a.ticker);
    if (!id) continue;
    const chainHeld = new Decimal((held.get(a.ticker) ?? 0n).toString()).div(new Decimal(10).pow(a.decimals));
    const ledger = await ledgerHeld(db, id);
    const inFlight = (await transfersInFlight(db, network, id, block))
      .plus(gone.get(id) ?? 0)
      .plus(a === native ? swept : 0);
    out.push({
      network,
      ticker: a.ticker,
      blockNumber: block,
      chainHeld: plain(chainHeld),
      ledgerHeld: plain(ledger),
      inFlight: plain(inFlight),
      difference: plain(chainHeld.minus(ledger).minus(inFlight)),
      checkedAt,
    });
  }
  for (const r of out)
    await db
      .insert(chainReconciliations)
      .values(r)
      .onConflictDoUpdate({
        target: [chainReconciliations.network, chainReconciliations.ticker],
        set: {
          blockNumber: r.blockNumber,
          chainHeld: r.chainHeld,
          ledgerHeld: r.ledgerHeld,
          inFlight: r.inFlight,
          difference: r.difference,
          checkedAt: r.checkedAt,
        },
      });
  return out;
}

/** The latest reconciliation of each watched network's assets. */
export function latestReconciliations(db: DbOrTx, networks: string[]): Promise<ReconciliationRow[]> {
  if (networks.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(chainReconciliations)
    .where(
      sql`${chainReconciliations.network} in (${sql.join(
        networks.map((n) => sql`${n}`),
        sql`, `,
      )})`,
    )
    .orderBy(chainReconciliations.network, chainReconciliations.ticker);
}
