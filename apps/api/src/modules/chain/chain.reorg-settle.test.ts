import { Decimal, TransactionStatus } from '@vaultline/shared';
import { eq, sql } from 'drizzle-orm';
import { type Hex, parseEther } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guestExchanges } from '../../db/schema';
import type { TestApp } from '../../test/test-app';
import { assetId, makeUser } from '../ledger/ledger.test-helpers';
import {
  auditClean,
  type Chains,
  chainApp,
  createChainExchange,
  depositsTo,
  exchangeRow,
  GUEST,
  onlyPayout,
  startChains,
  units,
  waitFor,
} from './chain.test-helpers';
import type { DevChain } from './evm/dev-chain';
import { randomHotWallet } from './evm/dev-chain';

// Deposits on a watched network are settled by the chain only (DECISIONS §10). A transfer whose
// block is reorganised away waits to be mined again; an admin's hand must not credit it meanwhile,
// or it is credited twice when it comes back (issue 29, point 7). And an exchange whose one transfer
// is final and whose other left the chain for good still reaches an end (point 15).
let chains: Chains;
let t: TestApp;

beforeAll(async () => {
  chains = await startChains({ confirmations: 3 });
  t = await chainApp(chains);
}, 60_000);

afterAll(async () => {
  await t?.close();
  await chains?.stop();
});

/** A native transfer signed by a wallet of the test's own, so the same bytes can be sent again. */
async function signedTransfer(chain: DevChain, to: string, amount: string): Promise<Hex> {
  const wallet = randomHotWallet();
  await chain.test.setBalance({ address: wallet.address as Hex, value: parseEther('1') });
  return privateKeyToAccount(wallet.key).signTransaction({
    chainId: chain.chainId,
    type: 'eip1559',
    nonce: 0,
    to: to as Hex,
    value: units(amount, 18),
    gas: 21_000n,
    maxFeePerGas: 50_000_000_000n,
    maxPriorityFeePerGas: 1_000_000_000n,
  });
}

const balance = async (token: string, ticker: string) =>
  (
    (await t.request({ method: 'GET', url: '/api/Wallets', token })).json().content as {
      ticker: string;
      amount: string;
    }[]
  ).find((w) => w.ticker === ticker)?.amount ?? '0';

describe("a user's deposit whose block was reorganised away", () => {
  it('cannot be approved or rejected by hand, and is credited once when it is mined again', async () => {
    const [u, admin] = [await makeUser(t), await makeUser(t, { role: 'admin' })];
    const to = (
      await t.request({
        method: 'GET',
        url: `/api/Payment/crypto/address?assetId=${await assetId(t, 'ETH')}`,
        token: u.token,
      })
    ).json().content.address as string;
    const eth = chains.eth;
    const raw = await signedTransfer(eth, to, '0.25');
    // A guest exchange's deposit is mined in the same block.
    const e = await createChainExchange(t, 'ETH', 'BNB', '0.05');
    const fork = await eth.test.snapshot();
    const hash = await eth.public.sendRawTransaction({ serializedTransaction: raw });
    const guestHash = await eth.sendNative(
      eth.accounts[2] as Hex,
      e.adminWalletAddress as string,
      units('0.05', 18),
    );
    await eth.mine(1);
    const mine = async () =>
      (await t.request({ method: 'GET', url: '/api/Payment/deposits', token: u.token })).json().content as {
        id: string;
        status: number;
        adminNotes: string | null;
      }[];
    const [seen] = await waitFor(async () => {
      const list = await mine();
      return list.length === 1 ? list : undefined;
    }, 20_000);
    if (!seen) throw new Error('no deposit');

    // The block is replaced by others without the transfer: the deposit waits to be mined again.
    await eth.test.revert({ id: fork });
    for (const h of [hash, guestHash]) await eth.test.dropTransaction({ hash: h }).catch(() => undefined);
    await eth.mine(3);
    await waitFor(
      async () => (await mine())[0]?.status === TransactionStatus.awaitingVerification,
      20_000,
      'the deposit waiting again',
    );
    // The back office shows it with its confirmations, as the chain's.
    const listed = (await t.request({ method: 'GET', url: '/api/Admin/deposits', token: admin.token })).json()
      .content.items as { id: string; requiredConfirmations: number | null }[];
    expect(listed.find((d) => d.id === seen.id)?.requiredConfirmations).toBe(3);

    for (const action of ['approve', 'reject'] as const) {
      const res = await t.request({
        method: 'POST',
        url: `/api/Admin/deposits/${seen.id}/${action}`,
        token: admin.token,
        ...(action === 'reject' ? { payload: { notes: 'not on chain' } } : {}),
      });
      expect(res.statusCode, action).toBe(409);
      expect(res.json().error).toMatchObject({
        code: 'DEPOSIT_CHAIN_MANAGED',
        error:
          'This deposit is settled from the blockchain: it is credited by itself when its transfer reaches its confirmations.',
      });
    }
    expect(await balance(u.token, 'ETH')).toBe('0');
    expect((await mine())[0]?.status).toBe(TransactionStatus.awaitingVerification);
    // Nor is the exchange whose deposit left the chain approved by hand (it waits for it again).
    await waitFor(
      async () => (await exchangeRow(t, e.id)).status === TransactionStatus.awaitingVerification,
      20_000,
      'the exchange waiting again',
    );
    const approve = await t.request({
      method: 'POST',
      url: `/api/Admin/anonymousExchanges/update?exchangeId=${e.id}&status=1`,
      token: admin.token,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify('paid by hand'),
    });
    expect(approve.statusCode).toBe(409);
    expect(approve.json().error.code).toBe('CHAIN_MANAGED');
    expect((await exchangeRow(t, e.id)).status).toBe(TransactionStatus.awaitingVerification);

    // Mined again: credited once, by the chain.
    await eth.public.sendRawTransaction({ serializedTransaction: raw });
    await eth.mine(3);
    await waitFor(
      async () => (await mine())[0]?.status === TransactionStatus.success,
      20_000,
      'credited by the chain',
    );
    await eth.mine(3);
    await new Promise((r) => setTimeout(r, 300));
    expect(new Decimal(await balance(u.token, 'ETH')).eq('0.25')).toBe(true);
    expect(await auditClean(t)).toBe(true);
  }, 90_000);
});

describe('an exchange paid in two transfers, one final and the other reorganised away for good', () => {
  it('can be refunded by an admin, and is settled on what is final by the expiry pass', async () => {
    const admin = await makeUser(t, { role: 'admin' });
    const over = { refundWalletAddress: GUEST.REFUND };
    const [e1, e2] = [
      await createChainExchange(t, 'ETH', 'BNB', '0.1', over),
      await createChainExchange(t, 'ETH', 'BNB', '0.1', over),
    ];
    const eth = chains.eth;
    const send = (from: number, to: string) =>
      eth.sendNative(eth.accounts[from] as Hex, to, units('0.05', 18));
    // Half of each quote in one block, then the other half in the next, seen while the first halves
    // reach their confirmations.
    await send(1, e1.adminWalletAddress as string);
    await send(3, e2.adminWalletAddress as string);
    await eth.mine(1);
    const fork = await eth.test.snapshot();
    const second = [
      await send(1, e1.adminWalletAddress as string),
      await send(3, e2.adminWalletAddress as string),
    ];
    await eth.mine(2);
    const finalAndSeen = async (id: string) => {
      const ds = await depositsTo(t, id);
      return ds.some((d) => d.status === 'final') && ds.some((d) => d.status === 'seen');
    };
    await waitFor(
      async () => (await finalAndSeen(e1.id)) && (await finalAndSeen(e2.id)),
      20_000,
      'first halves final, second halves seen',
    );
    // The second halves' block leaves the chain, and they are never mined again.
    await eth.test.revert({ id: fork });
    for (const hash of second) await eth.test.dropTransaction({ hash }).catch(() => undefined);
    await eth.mine(3);
    const orphaned = async (id: string) => (await depositsTo(t, id)).some((d) => d.status === 'orphaned');
    await waitFor(async () => (await orphaned(e1.id)) && (await orphaned(e2.id)), 20_000, 'orphaned');
    for (const e of [e1, e2])
      await waitFor(
        async () => (await exchangeRow(t, e.id)).amountReceived === '0.05',
        20_000,
        'what is final shown as received',
      );

    // An admin refunds the one: what is final goes back to the refund address.
    const refund = await t.request({
      method: 'POST',
      url: `/api/Admin/anonymousExchanges/refund?exchangeId=${e2.id}`,
      token: admin.token,
      payload: { notes: 'half of it vanished' },
    });
    expect(refund.statusCode, refund.body).toBe(200);
    expect(await onlyPayout(t, e2.id)).toMatchObject({
      purpose: 'exchange_refund',
      toAddress: GUEST.REFUND,
      amount: '0.05',
    });

    // The other's time runs out: the expiry pass settles it on what is final (requoted), and pays it.
    await t.services.db
      .update(guestExchanges)
      .set({ creationDate: sql`now() - interval '1 day'` })
      .where(eq(guestExchanges.id, e1.id));
    expect(await t.services.exchange.expire()).toBeGreaterThanOrEqual(1);
    expect(await exchangeRow(t, e1.id)).toMatchObject({
      status: TransactionStatus.pending,
      chainResolution: 'requote',
      amount: '0.05',
    });
    await waitFor(async () => (await onlyPayout(t, e1.id)).status === 'sent', 20_000, 'payout sent');
    await chains.bsc.mine(3);
    await waitFor(
      async () => (await exchangeRow(t, e1.id)).status === TransactionStatus.success,
      20_000,
      'paid out',
    );
    const paid = await onlyPayout(t, e1.id);
    expect(await chains.bsc.public.getBalance({ address: GUEST.BNB as Hex })).toBeGreaterThanOrEqual(
      units(paid.amount, 18),
    );
    expect(await auditClean(t)).toBe(true);
  }, 90_000);
});
