import { Decimal, TransactionStatus } from '@vaultline/shared';
import { type Hex, parseEther } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/test-app';
import { assetId, makeUser } from '../ledger/ledger.test-helpers';
import { auditClean, type Chains, chainApp, startChains, units, waitFor } from './chain.test-helpers';
import type { DevChain } from './evm/dev-chain';
import { randomHotWallet } from './evm/dev-chain';

// Deposits on a watched network are settled by the chain only (DECISIONS §10). A transfer whose
// block is reorganised away waits to be mined again; an admin's hand must not credit it meanwhile,
// or it is credited twice when it comes back (issue 29, point 7).
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
    const fork = await eth.test.snapshot();
    const hash = await eth.public.sendRawTransaction({ serializedTransaction: raw });
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
    await eth.test.dropTransaction({ hash }).catch(() => undefined);
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
