import { Transaction } from '@scure/btc-signer';
import type pg from 'pg';
import { utxoTxNetwork } from '../apps/api/src/modules/chain/utxo/tx-network';

/** bench/utxo-scanner.ts's chain traffic and watched exchanges. */
export const net = utxoTxNetwork('LTC', 'regtest');
export const PAYMENT = 100_000n; // 0.001 LTC, each exchange's quote
const FEE = 3_000n; // litoshis a transaction (~141 vB: ~21 lit/vB)

/** The bench's own outputs: one key each, spent once a block, the change back to the same key. */
export interface Coin {
  key: Uint8Array;
  script: Uint8Array;
  address: string;
  txid: string;
  vout: number;
  amount: bigint;
}

/** WATCHED guest exchanges LTC → ETH awaiting a deposit of 0.001 LTC, each at its own address. */
export async function seedExchanges(sql: pg.Client, rows: { id: string; address: string }[]) {
  const ids = (await sql.query(`select id, ticker from assets where ticker in ('LTC', 'ETH')`)).rows as {
    id: string;
    ticker: string;
  }[];
  const ltc = ids.find((a) => a.ticker === 'LTC')?.id;
  const eth = ids.find((a) => a.ticker === 'ETH')?.id;
  for (let i = 0; i < rows.length; i += 1000) {
    const chunk = rows.slice(i, i + 1000);
    await sql.query(
      `insert into guest_exchanges (id, source_asset_id, destination_asset_id, amount, destination_amount, rate,
         fee, fee_rate, usd_value, email, deposit_address, destination_address, status, network, required_confirmations)
       select u.id, $1, $2, 0.001, 0.0000274, 0.0275, 0.0000001, 0.005, 0.085, 'bench@example.com', u.address,
         '0x2222222222222222222222222222222222222222', 3, 'LTC', 1
       from unnest($3::uuid[], $4::text[]) as u(id, address)`,
      [ltc, eth, chunk.map((r) => r.id), chunk.map((r) => r.address)],
    );
    await sql.query(
      `insert into chain_addresses (network, address, index, purpose, exchange_id)
       select 'LTC', u.address, u.i, 'exchange', u.id from unnest($1::uuid[], $2::text[], $3::int[]) as u(id, address, i)`,
      [chunk.map((r) => r.id), chunk.map((r) => r.address), chunk.map((_, k) => i + k)],
    );
  }
  await sql.query(`update chain_networks set next_address_index = $1 where network = 'LTC'`, [rows.length]);
}

/**
 * One block's transactions: each coin pays PAYMENT onward (to an observed exchange, a random watched
 * address, or an address of another coin: nobody's deposit) and its change back to itself.
 */
export async function sendBlock(
  transfers: number,
  rpc: { batch<T>(calls: { method: string; params?: unknown[] }[]): Promise<T[]> },
  coins: Coin[],
  observed: { address: string }[],
  others: { address: string }[],
) {
  const hexes: string[] = [];
  for (const [i, c] of coins.entries()) {
    const to =
      i < observed.length
        ? (observed[i] as { address: string }).address
        : i < transfers
          ? (others[Math.floor(Math.random() * others.length)] as { address: string }).address
          : (coins[(i + 1) % coins.length] as Coin).address;
    const tx = new Transaction({ version: 2 });
    tx.addInput({ txid: c.txid, index: c.vout, witnessUtxo: { script: c.script, amount: c.amount } });
    tx.addOutputAddress(to, PAYMENT, net.params);
    tx.addOutput({ script: c.script, amount: c.amount - PAYMENT - FEE });
    tx.sign(c.key);
    tx.finalize();
    hexes.push(tx.hex);
    Object.assign(c, { txid: tx.id, vout: 1, amount: c.amount - PAYMENT - FEE });
  }
  // Batches small enough for the node to answer within its RPC server timeout on a busy machine.
  for (let i = 0; i < hexes.length; i += 100)
    await rpc
      .batch(hexes.slice(i, i + 100).map((h) => ({ method: 'sendrawtransaction', params: [h] })))
      // The node closes an idle kept-alive connection (signing took seconds): once more, on a new one.
      .catch(() =>
        rpc.batch(hexes.slice(i, i + 100).map((h) => ({ method: 'sendrawtransaction', params: [h] }))),
      );
}
