import type { Db } from '../../../db/client';
import { PayoutRefusal, type UtxoWallet } from '../chain.types';
import { unitsOf } from '../payout-check';
import { movePayout, type PayoutRow } from '../payouts.repository';
import { unspentTotal } from './utxo.repository';

/**
 * A batch that cannot be built (utxo-payouts.ts): each payout tried alone says which of them the
 * network refuses (blocked, unpayable, with the node's words); the others wait for funds. The hot
 * wallet counts only its final outputs (and its own batches' change) as funds: coins just received
 * wait for the network's confirmations first (decision 0056).
 */
export function refusal(o: {
  db: Db;
  wallet: UtxoWallet;
  log: { warn(o: object, msg: string): void };
  network: string;
  decimals: number;
  coins: (raw: bigint) => string;
  changed: (rows: (PayoutRow | undefined)[]) => Promise<void>;
}) {
  const { db, wallet, log, network } = o;
  return async function refused(
    ps: PayoutRow[],
    err: PayoutRefusal,
    utxos: Parameters<UtxoWallet['sign']>[0],
    feeRate: number,
  ): Promise<number> {
    const rows: (PayoutRow | undefined)[] = [];
    for (const p of ps) {
      let alone: PayoutRefusal | undefined = err;
      if (ps.length > 1)
        try {
          wallet.sign(utxos, [{ to: p.toAddress, amountRaw: unitsOf(p.amount, o.decimals) }], feeRate);
          alone = undefined;
        } catch (e) {
          alone = e instanceof PayoutRefusal ? e : err;
        }
      if (alone?.kind === 'refused')
        rows.push(
          await movePayout(db, p.id, ['queued', 'funds'], {
            status: 'blocked',
            reason: 'unpayable',
            lastError: alone.detail,
          }),
        );
      else if (err.kind === 'funds' && p.status !== 'funds') {
        const spendable = utxos.reduce((s, u) => s + u.amount, 0n);
        log.warn(
          {
            network,
            payout: p.id,
            held: o.coins(await unspentTotal(db, network)),
            spendable: o.coins(spendable),
          },
          `${network}: ALERT hot wallet ${wallet.address} holds too little final coins for payout ${p.id} (${o.coins(spendable)} spendable now); it waits`,
        );
        rows.push(await movePayout(db, p.id, ['queued'], { status: 'funds', reason: 'funds' }));
      }
    }
    await o.changed(rows);
    return 0;
  };
}
