import { Transaction, WIF } from '@scure/btc-signer';
import { randomPrivateKeyBytes } from '@scure/btc-signer/utils.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bumpFee, findConfirmedReplacement } from './rbf.js';
import { utxoTxNetwork } from './tx-network.js';
import { UtxoTxError } from './tx-size.js';
import { type RegtestNode, startRegtestNode, toSats } from './utxo-tx.test-helpers.js';
import { buildBatchPayout, type HotWallet, hotWalletFromWif } from './utxo-tx-build.js';

const net = utxoTxNetwork('LTC', 'regtest');
let node: RegtestNode;
let hot: HotWallet;

beforeAll(async () => {
  node = await startRegtestNode({ replacement: true });
  hot = hotWalletFromWif(WIF(net.params).encode(randomPrivateKeyBytes()), net);
}, 120_000);
afterAll(async () => {
  await node?.stop();
});

const rejected = async (txHex: string) => {
  const [r] = await node.call<{ allowed: boolean }[]>('testmempoolaccept', [[txHex]]);
  return r?.allowed === false;
};

describe('RBF bump on litecoind -regtest', () => {
  it('replaces a waiting payout at a higher rate; only the replacement confirms, and the node says so with its fee', async () => {
    const utxo = await node.fund(hot.address, 50_000_000n);
    const a = await node.call<string>('getnewaddress');
    const b = await node.call<string>('getnewaddress');
    const payments = [
      { address: a, amount: 7_000_000n },
      { address: b, amount: 11_000_000n },
    ];
    const first = buildBatchPayout({ utxos: [utxo], payments, feeRate: 2, hot, net });
    const fromHeight = (await node.call<number>('getblockcount')) + 1;
    expect(await node.call('sendrawtransaction', [first.hex])).toBe(first.txid);

    const bumped = bumpFee({ originalHex: first.hex, spent: first.inputs, feeRate: 10, hot, net });
    expect(bumped.txid).not.toBe(first.txid);
    expect(bumped.inputs).toEqual(first.inputs);
    expect(bumped.outputs.slice(0, 2)).toEqual(first.outputs.slice(0, 2));
    expect(bumped.change).toBe(first.change - (bumped.fee - first.fee));
    expect(bumped.fee >= BigInt(bumped.vsize) * 10n).toBe(true);
    expect(bumped.fee >= first.fee + BigInt(bumped.vsize)).toBe(true);

    expect(await node.call('sendrawtransaction', [bumped.hex])).toBe(bumped.txid);
    // The node evicted the original and will not take it back.
    const pending = await findConfirmedReplacement(node.call, {
      txids: [first.txid, bumped.txid],
      spent: first.inputs,
      fromHeight,
    });
    expect(pending).toEqual({ confirmed: null, inMempool: [bumped.txid] });
    await expect(node.call('sendrawtransaction', [first.hex])).rejects.toThrow();

    await node.mine(1);
    const outcome = await findConfirmedReplacement(node.call, {
      txids: [first.txid, bumped.txid],
      spent: first.inputs,
      fromHeight,
    });
    expect(outcome.confirmed?.txid).toBe(bumped.txid);
    expect(outcome.confirmed?.fee).toBe(bumped.fee);
    expect(outcome.confirmed?.confirmations).toBe(1);
    expect(outcome.inMempool).toEqual([]);
    expect(await rejected(first.hex)).toBe(true);
    // Each payout was paid once, by the replacement.
    expect(toSats(await node.call<number>('getreceivedbyaddress', [a, 1]))).toBe(7_000_000n);
    expect(toSats(await node.call<number>('getreceivedbyaddress', [b, 1]))).toBe(11_000_000n);
  });

  it('when the original is mined first, the bump is refused and the original is the one with its fee', async () => {
    const utxo = await node.fund(hot.address, 20_000_000n);
    const to = await node.call<string>('getnewaddress');
    const first = buildBatchPayout({
      utxos: [utxo],
      payments: [{ address: to, amount: 5_000_000n }],
      feeRate: 2,
      hot,
      net,
    });
    const fromHeight = (await node.call<number>('getblockcount')) + 1;
    await node.call('sendrawtransaction', [first.hex]);
    await node.mine(2);
    const bumped = bumpFee({ originalHex: first.hex, spent: first.inputs, feeRate: 20, hot, net });
    await expect(node.call('sendrawtransaction', [bumped.hex])).rejects.toMatchObject({ code: -25 });
    const outcome = await findConfirmedReplacement(node.call, {
      txids: [first.txid, bumped.txid],
      spent: first.inputs,
      fromHeight,
    });
    expect(outcome.confirmed?.txid).toBe(first.txid);
    expect(outcome.confirmed?.fee).toBe(first.fee);
    expect(outcome.confirmed?.confirmations).toBe(2);
  });

  it('drops change that would be dust, and refuses what it cannot bump', async () => {
    const utxo = { txid: 'dd'.repeat(32), vout: 1, amount: 1_010_000n };
    const to = await node.call<string>('getnewaddress');
    const first = buildBatchPayout({
      utxos: [utxo],
      payments: [{ address: to, amount: 1_000_000n }],
      feeRate: 1,
      hot,
      net,
    });
    expect(first.changeIndex).toBe(0 + 1);
    const bumped = bumpFee({ originalHex: first.hex, spent: [utxo], feeRate: 60, hot, net });
    expect(bumped.changeIndex).toBeNull();
    expect(bumped.fee).toBe(10_000n);
    expect(() => bumpFee({ originalHex: first.hex, spent: [utxo], feeRate: 200, hot, net })).toThrow(
      UtxoTxError,
    );
    expect(() => bumpFee({ originalHex: first.hex, spent: [], feeRate: 5, hot, net })).toThrow(
      /not in the spent list/,
    );

    // A transaction that did not signal replaceability is not bumped.
    const final = new Transaction({ version: 2 });
    final.addInput({
      txid: utxo.txid,
      index: utxo.vout,
      sequence: 0xffffffff,
      witnessUtxo: { script: hot.script, amount: utxo.amount },
    });
    final.addOutputAddress(to, 1_000_000n, net.params);
    final.sign(hot.privateKey);
    final.finalize();
    expect(() =>
      bumpFee({
        originalHex: Buffer.from(final.extract()).toString('hex'),
        spent: [utxo],
        feeRate: 5,
        hot,
        net,
      }),
    ).toThrow(/replaceability/);
  });
});

describe("on a node with Litecoin Core's default policy (no replacement)", () => {
  it('refuses the bump while the original waits, so the original is the one that confirms', async () => {
    const plain = await startRegtestNode();
    try {
      const utxo = await plain.fund(hot.address, 30_000_000n);
      const to = await plain.call<string>('getnewaddress');
      const first = buildBatchPayout({
        utxos: [utxo],
        payments: [{ address: to, amount: 4_000_000n }],
        feeRate: 2,
        hot,
        net,
      });
      const fromHeight = (await plain.call<number>('getblockcount')) + 1;
      await plain.call('sendrawtransaction', [first.hex]);
      const bumped = bumpFee({ originalHex: first.hex, spent: first.inputs, feeRate: 25, hot, net });
      await expect(plain.call('sendrawtransaction', [bumped.hex])).rejects.toThrow(/txn-mempool-conflict/);
      await plain.mine(1);
      const outcome = await findConfirmedReplacement(plain.call, {
        txids: [first.txid, bumped.txid],
        spent: first.inputs,
        fromHeight,
      });
      expect(outcome.confirmed?.txid).toBe(first.txid);
      expect(outcome.confirmed?.fee).toBe(first.fee);
      expect(toSats(await plain.call<number>('getreceivedbyaddress', [to, 1]))).toBe(4_000_000n);
    } finally {
      await plain.stop();
    }
  }, 120_000);
});
