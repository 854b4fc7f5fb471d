import type { HDKey } from '@scure/bip32';
import { Transaction } from '@scure/btc-signer';
import { Decimal } from '@vaultline/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import { chainDeposits, chainSweeps } from '../../../db/schema';
import { logLines, type TestApp } from '../../../test/test-app';
import { assetId, makeUser } from '../../ledger/ledger.test-helpers';
import { waitFor } from '../chain.test-helpers';
import { ledgerHeld } from '../chain-reconcile';
import { type LtcChains, ltcApp, pay, startLtcChains } from './ltc.test-helpers';

/**
 * The sweep tests' shared set-up against litecoind -regtest: a node and an app watching `account`
 * (2 confirmations, the job passing only when a test asks), an admin, the app's log lines, and the
 * operator's steps (sign, deposit, pass). `ready` gets the node, app and admin once started.
 */
export function ltcSweepSuite(
  master: HDKey,
  account: HDKey,
  origin: string,
  ready: (s: { chains: LtcChains; t: TestApp; admin: { id: string; token: string } }) => void,
) {
  let chains: LtcChains;
  let t: TestApp;
  let admin: { id: string; token: string };
  const lines: string[] = [];

  beforeAll(async () => {
    chains = await startLtcChains({ confirmations: 2, xpub: account.publicExtendedKey, origin });
    chains.env.CHAIN_POLL_MS = '600000';
    chains.env.LOG_LEVEL = 'info';
    const logs = logLines(lines);
    t = await ltcApp(chains, logs);
    admin = await makeUser(t, { role: 'admin' });
    ready({ chains, t, admin });
  }, 90_000);

  afterAll(async () => {
    await t?.close();
    await chains?.stop();
  });

  const api = (url: string, payload?: object) =>
    t.request({
      method: payload ? 'POST' : 'GET',
      url: `/api/Admin/chains/LTC${url}`,
      token: admin.token,
      ...(payload ? { payload } : {}),
    });
  /** One pass of the LTC job (read, payouts, sweeps), then the books against the chain. */
  async function pass() {
    const r = (await t.services.chain.reconcile('LTC'))?.find((x) => x.ticker === 'LTC');
    if (!r) throw new Error('LTC was not reconciled');
    return r;
  }
  const clean = async () => {
    const r = await pass();
    expect(new Decimal(r.difference).isZero(), JSON.stringify(r)).toBe(true);
    return r;
  };
  const ledgerLtc = async () =>
    (await ledgerHeld(t.services.db, (await assetId(t, 'LTC')) as string)).toFixed();
  const row = async (id: string) =>
    (await t.services.db.select().from(chainSweeps).where(eq(chainSweeps.id, id)))[0];
  /** The operator's wallet: signs; `final` also finalizes, giving the transaction as it broadcasts it. */
  const sign = (psbt: string) => {
    const tx = Transaction.fromPSBT(Buffer.from(psbt, 'base64'));
    tx.sign(master as Parameters<Transaction['sign']>[0]);
    return tx;
  };
  const signedPsbt = (psbt: string) => Buffer.from(sign(psbt).toPSBT()).toString('base64');
  const final = (psbt: string) => {
    const tx = sign(psbt);
    tx.finalize();
    return { txid: tx.id, hex: tx.hex };
  };

  /** A user's deposit of `amount` LTC, final and credited. */
  async function deposit(amount: string) {
    const u = await makeUser(t);
    const res = await t.request({
      method: 'GET',
      url: `/api/Payment/crypto/address?assetId=${await assetId(t, 'LTC')}`,
      token: u.token,
    });
    const to = res.json().content.address as string;
    await pay(chains.ltc, { [to]: amount });
    await chains.ltc.mine(2);
    await waitFor(
      async () => {
        await pass();
        const [d] = await t.services.db
          .select()
          .from(chainDeposits)
          .where(and(eq(chainDeposits.address, to), eq(chainDeposits.status, 'final')));
        return d;
      },
      20_000,
      'deposit final',
    );
    await clean();
    return to;
  }
  return { lines, api, pass, clean, ledgerLtc, row, sign, signedPsbt, final, deposit };
}
