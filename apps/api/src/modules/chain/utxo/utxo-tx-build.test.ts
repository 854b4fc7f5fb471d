import { WIF } from '@scure/btc-signer';
import { randomPrivateKeyBytes } from '@scure/btc-signer/utils.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { estimateFeeRate } from './fee-rate.js';
import { utxoTxNetwork } from './tx-network.js';
import { UtxoTxError } from './tx-size.js';
import { type RegtestNode, startRegtestNode, toSats } from './utxo-tx.test-helpers.js';
import { batchesOf, buildBatchPayout, type HotWallet, hotWalletFromWif } from './utxo-tx-build.js';

const net = utxoTxNetwork('LTC', 'regtest');
let node: RegtestNode;
let hot: HotWallet;

beforeAll(async () => {
  node = await startRegtestNode();
  hot = hotWalletFromWif(WIF(net.params).encode(randomPrivateKeyBytes()), net);
}, 120_000);
afterAll(async () => {
  await node?.stop();
});

describe('batched payouts on litecoind -regtest', () => {
  it('pays three payouts in one signed, replaceable transaction the node accepts and mines', async () => {
    expect(hot.address.startsWith('rltc1q')).toBe(true);
    const utxos = [await node.fund(hot.address, 100_000_000n), await node.fund(hot.address, 40_000_000n)];
    // A quiet regtest chain has no estimate: the floor is used.
    const rate = await estimateFeeRate(node.call, 2, { min: 3, max: 50 });
    expect(rate).toEqual({ feeRate: 3, estimated: null, source: 'no-estimate' });

    const to = [
      await node.call<string>('getnewaddress'),
      await node.call<string>('getnewaddress'),
      await node.call<string>('getnewaddress'),
    ];
    const payments = [
      { address: to[0] as string, amount: 12_345_678n },
      { address: to[1] as string, amount: 100_000_000n },
      { address: to[2] as string, amount: 2940n },
    ];
    const tx = buildBatchPayout({ utxos, payments, feeRate: rate.feeRate, hot, net });
    expect(tx.inputs).toHaveLength(2);
    expect(tx.outputs).toHaveLength(4);
    expect(tx.changeIndex).toBe(3);
    expect(tx.outputs[3]?.address).toBe(hot.address);
    expect(140_000_000n).toBe(100_000_000n + 12_345_678n + 2940n + tx.change + tx.fee);

    const decoded = await node.call<{ txid: string; vsize: number; vin: { sequence: number }[] }>(
      'decoderawtransaction',
      [tx.hex],
    );
    expect(decoded.txid).toBe(tx.txid);
    expect(decoded.vsize).toBe(tx.vsize);
    expect(decoded.vin.every((i) => i.sequence === 0xfffffffd)).toBe(true);

    const [accept] = await node.call<{ allowed: boolean; vsize: number; fees: { base: number } }[]>(
      'testmempoolaccept',
      [[tx.hex]],
    );
    expect(accept?.allowed).toBe(true);
    expect(toSats(accept?.fees.base ?? 0)).toBe(tx.fee);
    expect(tx.fee >= BigInt(Math.ceil(3 * (accept?.vsize ?? 0)))).toBe(true);

    // Stored bytes broadcast twice (a crash between the two) are one transaction.
    expect(await node.call('sendrawtransaction', [tx.hex])).toBe(tx.txid);
    expect(await node.call('sendrawtransaction', [tx.hex])).toBe(tx.txid);
    const entry = await node.call<{ 'bip125-replaceable': boolean }>('getmempoolentry', [tx.txid]);
    expect(entry['bip125-replaceable']).toBe(true);
    await node.mine(1);
    await expect(node.call('sendrawtransaction', [tx.hex])).rejects.toMatchObject({ code: -27 });

    for (const p of payments) {
      const got = await node.call<number>('getreceivedbyaddress', [p.address, 1]);
      expect(toSats(got)).toBe(p.amount);
    }
    const change = await node.call<{ value: number; confirmations: number }>('gettxout', [tx.txid, 3]);
    expect(toSats(change.value)).toBe(tx.change);
    expect(change.confirmations).toBe(1);
    // The spent outputs are gone.
    expect(await node.call('gettxout', [utxos[0]?.txid, utxos[0]?.vout])).toBeNull();
  });

  it('refuses more payouts than a batch carries and splits a queue into batches', async () => {
    const address = await node.call<string>('getnewaddress');
    const payments = Array.from({ length: 4 }, () => ({ address, amount: 10_000n }));
    const utxos = [{ txid: 'cc'.repeat(32), vout: 0, amount: 1_000_000n }];
    expect(() => buildBatchPayout({ utxos, payments, feeRate: 1, hot, net, batchMax: 3 })).toThrow(
      UtxoTxError,
    );
    expect(buildBatchPayout({ utxos, payments, feeRate: 1, hot, net }).outputs).toHaveLength(5);
    expect(batchesOf([1, 2, 3, 4, 5, 6, 7], 3)).toEqual([[1, 2, 3], [4, 5, 6], [7]]);
    expect(batchesOf(Array.from({ length: 120 }, (_, i) => i)).map((b) => b.length)).toEqual([50, 50, 20]);
  });

  it('a transaction spending outputs it does not own is refused by the node', async () => {
    const other = await node.call<string>('getnewaddress');
    const theirs = await node.fund(other, 5_000_000n);
    const tx = buildBatchPayout({
      utxos: [theirs],
      payments: [{ address: other, amount: 1_000_000n }],
      feeRate: 2,
      hot,
      net,
    });
    const [accept] = await node.call<{ allowed: boolean; 'reject-reason': string }[]>('testmempoolaccept', [
      [tx.hex],
    ]);
    expect(accept?.allowed).toBe(false);
    expect(accept?.['reject-reason']).toMatch(/script|witness|mandatory/i);
  });
});
