import { p2pk, p2wpkh, p2wsh } from '@scure/btc-signer';
import { pubECDSA } from '@scure/btc-signer/utils.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { selectCoins, type Utxo } from './coin-select.js';
import { coinPerKvBToSatPerVb, feeRateFromEstimate } from './fee-rate.js';
import { utxoTxNetwork } from './tx-network.js';
import { dustThreshold, feeFor, outputScript, p2wpkhSpendVsize, UtxoTxError } from './tx-size.js';

const net = utxoTxNetwork('LTC', 'regtest');
const key = (n: number) => {
  const k = new Uint8Array(32);
  k[31] = n;
  k[0] = 1;
  return k;
};
const addresses = [1, 2, 3, 4, 5].map((n) => p2wpkh(pubECDSA(key(n)), net.params).address as string);
const scriptAddress = p2wsh(p2pk(pubECDSA(key(9))), net.params).address as string;
const change = p2wpkh(pubECDSA(key(7)), net.params).address as string;

const utxoArb = fc.record({
  txid: fc.stringMatching(/^[0-9a-f]{64}$/),
  vout: fc.nat({ max: 10 }),
  amount: fc.bigInt({ min: 1000n, max: 5_000_000_000n }),
});
const paymentArb = fc.record({
  address: fc.constantFrom(...addresses, scriptAddress),
  amount: fc.bigInt({ min: 10_000n, max: 3_000_000_000n }),
});
const rateArb = fc.integer({ min: 1000, max: 500_000 }).map((r) => r / 1000);

describe('coin selection', () => {
  it('always balances to the satoshi, pays at least the rate, never keeps dust change', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(utxoArb, { minLength: 1, maxLength: 30, selector: (u) => `${u.txid}:${u.vout}` }),
        fc.array(paymentArb, { minLength: 1, maxLength: 8 }),
        rateArb,
        (utxos, payments, feeRate) => {
          let sel: ReturnType<typeof selectCoins>;
          try {
            sel = selectCoins({ utxos, payments, feeRate, changeAddress: change, net });
          } catch (err) {
            expect(err).toBeInstanceOf(UtxoTxError);
            expect((err as UtxoTxError).reason).toBe('insufficient-funds');
            // Refused only when even every output together cannot pay without change.
            const all = utxos.reduce((s, u) => s + u.amount, 0n);
            const target = payments.reduce((s, p) => s + p.amount, 0n);
            const lengths = payments.map((p) => outputScript(p.address, net).length);
            expect(all < target + feeFor(feeRate, p2wpkhSpendVsize(utxos.length, lengths))).toBe(true);
            return;
          }
          const inSum = sel.inputs.reduce((s, u) => s + u.amount, 0n);
          const outSum = sel.outputs.reduce((s, o) => s + o.amount, 0n);
          expect(inSum).toBe(outSum + sel.fee);
          const paid = payments.reduce((s, p) => s + p.amount, 0n);
          expect(inSum).toBe(paid + sel.change + sel.fee);
          expect(sel.fee * 1000n >= BigInt(Math.round(feeRate * 1000)) * BigInt(sel.vsize)).toBe(true);
          expect(sel.vsize).toBe(
            p2wpkhSpendVsize(
              sel.inputs.length,
              sel.outputs.map((o) => o.script.length),
            ),
          );
          if (sel.changeIndex === null) {
            expect(sel.change).toBe(0n);
            expect(sel.outputs).toHaveLength(payments.length);
          } else {
            expect(sel.outputs[sel.changeIndex]?.address).toBe(change);
            expect(sel.change >= dustThreshold(outputScript(change, net), net)).toBe(true);
          }
          // Every input chosen was needed: one fewer could not have paid (largest first).
          const fewer = sel.inputs.slice(0, -1).reduce((s, u) => s + u.amount, 0n);
          const lengths = payments.map((p) => outputScript(p.address, net).length);
          expect(fewer < paid + feeFor(feeRate, p2wpkhSpendVsize(sel.inputs.length - 1, lengths))).toBe(true);
          // Payments keep their order and amounts.
          sel.outputs.slice(0, payments.length).forEach((o, i) => {
            expect(o.address).toBe(payments[i]?.address);
            expect(o.amount).toBe(payments[i]?.amount);
          });
        },
      ),
      { numRuns: 400 },
    );
  });

  it('gives the leftover to the fee when change would be dust', () => {
    const utxos: Utxo[] = [{ txid: 'aa'.repeat(32), vout: 0, amount: 100_000n }];
    const vsize = p2wpkhSpendVsize(1, [22]);
    const sel = selectCoins({
      utxos,
      payments: [{ address: addresses[0] as string, amount: 100_000n - BigInt(vsize) * 2n - 1000n }],
      feeRate: 2,
      changeAddress: change,
      net,
    });
    expect(sel.changeIndex).toBeNull();
    expect(sel.fee).toBe(BigInt(vsize) * 2n + 1000n);
  });

  it('refuses dust payments, foreign addresses and bad rates', () => {
    const utxos: Utxo[] = [{ txid: 'bb'.repeat(32), vout: 1, amount: 1_000_000n }];
    const base = { utxos, feeRate: 1, changeAddress: change, net };
    const reason = (f: () => unknown) => {
      try {
        f();
      } catch (err) {
        return (err as UtxoTxError).reason;
      }
      return 'none';
    };
    // 98 vB × 30 sat/vB: Litecoin's dust threshold for a P2WPKH output.
    expect(dustThreshold(outputScript(change, net), net)).toBe(2940n);
    expect(reason(() => selectCoins({ ...base, payments: [{ address: change, amount: 2939n }] }))).toBe(
      'dust',
    );
    expect(reason(() => selectCoins({ ...base, payments: [{ address: change, amount: 2940n }] }))).toBe(
      'none',
    );
    const btcAddress = p2wpkh(pubECDSA(key(1))).address as string;
    expect(reason(() => selectCoins({ ...base, payments: [{ address: btcAddress, amount: 5000n }] }))).toBe(
      'bad-address',
    );
    expect(reason(() => selectCoins({ ...base, payments: [] }))).toBe('no-outputs');
    expect(
      reason(() => selectCoins({ ...base, feeRate: 0, payments: [{ address: change, amount: 5000n }] })),
    ).toBe('bad-fee-rate');
    expect(reason(() => selectCoins({ ...base, payments: [{ address: change, amount: 2_000_000n }] }))).toBe(
      'insufficient-funds',
    );
  });
});

describe('fee rate', () => {
  const bounds = { min: 2, max: 50 };
  it('converts the node estimate (coin per kvB) to sat/vB exactly', () => {
    expect(coinPerKvBToSatPerVb(0.0001)).toBe(10);
    expect(coinPerKvBToSatPerVb('0.00001234')).toBe(1.234);
    expect(coinPerKvBToSatPerVb(0.00012)).toBe(12);
  });
  it('keeps the rate between the floor and the ceiling', () => {
    expect(feeRateFromEstimate({ feerate: 0.0001 }, bounds)).toEqual({
      feeRate: 10,
      estimated: 10,
      source: 'estimate',
    });
    expect(feeRateFromEstimate({ feerate: 0.00001 }, bounds)).toEqual({
      feeRate: 2,
      estimated: 1,
      source: 'floor',
    });
    expect(feeRateFromEstimate({ feerate: 0.01 }, bounds)).toEqual({
      feeRate: 50,
      estimated: 1000,
      source: 'ceiling',
    });
    expect(feeRateFromEstimate({ errors: ['Insufficient data or no feerate found'] }, bounds)).toEqual({
      feeRate: 2,
      estimated: null,
      source: 'no-estimate',
    });
    expect(() => feeRateFromEstimate({ feerate: 0.0001 }, { min: 5, max: 1 })).toThrow(UtxoTxError);
  });
});
