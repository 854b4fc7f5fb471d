import { Decimal, TransactionStatus } from '@vaultline/shared';
import { and, eq } from 'drizzle-orm';
import { encodeFunctionData, type Hex, parseEther } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chainDeposits, deposits, journalEntries } from '../../db/schema';
import type { TestApp } from '../../test/test-app';
import { DUST_NOTE, MOVED_NOTE } from '../funding/funding-chain';
import { assetId, makeUser } from '../ledger/ledger.test-helpers';
import {
  auditClean,
  type Chains,
  chainApp,
  createChainExchange,
  deployRelay,
  exchangeRow,
  payoutsOf,
  startChains,
  units,
  waitFor,
} from './chain.test-helpers';
import { randomHotWallet } from './evm/dev-chain';
import { TRANSFER_RELAY_ABI } from './evm/transfer-relay.artifact';

// A transfer made by a contract and mined again after a reorganisation (issue 29, point 8): the same
// transaction (same hash, same order among the token's logs) moves what the contract's state says in
// its new block. The amount, the recipient and the owner are those of the block that becomes final.
let chains: Chains;
let t: TestApp;
let relay: Awaited<ReturnType<typeof deployRelay>>;

beforeAll(async () => {
  chains = await startChains({ confirmations: 3 });
  t = await chainApp(chains);
  relay = await deployRelay(chains.eth, units('1000', 6));
}, 60_000);

afterAll(async () => {
  await t?.close();
  await chains?.stop();
});

/** A guest's wallet signs one call of relay(), so the very same bytes can be sent again after a reorg. */
async function signedRelayCall(): Promise<Hex> {
  const eth = chains.eth;
  const guest = randomHotWallet();
  await eth.test.setBalance({ address: guest.address as Hex, value: parseEther('1') });
  return privateKeyToAccount(guest.key).signTransaction({
    chainId: eth.chainId,
    type: 'eip1559',
    nonce: 0,
    to: relay.address,
    data: encodeFunctionData({ abi: TRANSFER_RELAY_ABI, functionName: 'relay' }),
    gas: 200_000n,
    maxFeePerGas: 50_000_000_000n,
    maxPriorityFeePerGas: 1_000_000_000n,
  });
}

const userAddress = async (token: string) =>
  (
    await t.request({
      method: 'GET',
      url: `/api/Payment/crypto/address?assetId=${await assetId(t, 'USDT')}`,
      token,
    })
  ).json().content.address as string;
const usdtBalance = async (token: string) =>
  (
    (await t.request({ method: 'GET', url: '/api/Wallets', token })).json().content as {
      ticker: string;
      amount: string;
    }[]
  ).find((w) => w.ticker === 'USDT')?.amount ?? '0';
const holds = async (token: string, amount: string) => new Decimal(await usdtBalance(token)).eq(amount);
const transferRow = async (hash: Hex) => {
  const [row] = await t.services.db
    .select()
    .from(chainDeposits)
    .where(eq(chainDeposits.txHash, hash.toLowerCase()));
  return row;
};
const credits = (id: string) =>
  t.services.db
    .select()
    .from(journalEntries)
    .where(and(eq(journalEntries.kind, 'chain_deposit'), eq(journalEntries.reference, id)));

/**
 * Sends the signed call, sees it recorded, reorganises the chain under it, lets the relay's owner
 * set another recipient and amount, and mines the same call again; returns its hash.
 */
async function remine(
  raw: Hex,
  first: { to: string; amount: string },
  second: { to: string; amount: string },
) {
  const eth = chains.eth;
  await relay.set(first.to, units(first.amount, 6));
  const fork = await eth.test.snapshot();
  const hash = await eth.public.sendRawTransaction({ serializedTransaction: raw });
  await eth.mine(1);
  await waitFor(async () => (await transferRow(hash))?.status === 'seen', 20_000, 'the first transfer seen');
  expect(await transferRow(hash)).toMatchObject({ address: first.to, amount: first.amount });

  await eth.test.revert({ id: fork });
  await eth.test.dropTransaction({ hash }).catch(() => undefined);
  await relay.set(second.to, units(second.amount, 6));
  await eth.mine(2);
  await waitFor(async () => (await transferRow(hash))?.status === 'orphaned', 20_000, 'orphaned');
  await eth.public.sendRawTransaction({ serializedTransaction: raw });
  await eth.mine(1);
  await eth.mine(3);
  return hash;
}

describe('a contract-made transfer mined again with another amount to another address', () => {
  it('an exchange’s transfer re-mined to a user: the user is credited the new amount, the exchange nothing', async () => {
    const e = await createChainExchange(t, 'USDT', 'BNB', '100');
    const u = await makeUser(t);
    const mine = await userAddress(u.token);
    const hash = await remine(
      await signedRelayCall(),
      { to: (e.adminWalletAddress as string).toLowerCase(), amount: '100' },
      { to: mine, amount: '40' },
    );
    const row = await waitFor(
      async () => {
        const r = await transferRow(hash);
        return r?.status === 'final' ? r : undefined;
      },
      20_000,
      'final',
    );
    expect(row).toMatchObject({ address: mine, amount: '40', userId: u.id, exchangeId: null });
    await waitFor(() => holds(u.token, '40'), 20_000, 'the user credited 40');
    expect(await credits(row.id)).toHaveLength(1);
    // The exchange never received it: waiting for its deposit, nothing paid out.
    expect((await exchangeRow(t, e.id)).status).toBe(TransactionStatus.awaitingVerification);
    expect(await payoutsOf(t, e.id)).toEqual([]);
    expect(await auditClean(t)).toBe(true);
  }, 90_000);

  it('a user’s transfer re-mined to an exchange: the user’s deposit ends, the exchange counts the new amount', async () => {
    const u = await makeUser(t);
    const mine = await userAddress(u.token);
    const e = await createChainExchange(t, 'USDT', 'BNB', '100');
    const hash = await remine(
      await signedRelayCall(),
      { to: mine, amount: '25' },
      { to: (e.adminWalletAddress as string).toLowerCase(), amount: '30' },
    );
    const row = await waitFor(
      async () => {
        const r = await transferRow(hash);
        return r?.status === 'final' ? r : undefined;
      },
      20_000,
      'final',
    );
    expect(row).toMatchObject({ amount: '30', exchangeId: e.id, userId: null });
    // Part of the quote so far: recorded as received, waiting for the rest.
    const ex = await waitFor(
      async () => {
        const r = await exchangeRow(t, e.id);
        return r.amountReceived !== null && new Decimal(r.amountReceived).eq(30) ? r : undefined;
      },
      20_000,
      'the exchange received 30',
    );
    expect(ex.status).toBe(TransactionStatus.pending);
    const [dep] = await t.services.db.select().from(deposits).where(eq(deposits.chainDepositId, row.id));
    expect(dep).toMatchObject({ userId: u.id, status: TransactionStatus.failed, adminNotes: MOVED_NOTE });
    expect(await holds(u.token, '0')).toBe(true);
    expect(await credits(row.id)).toHaveLength(1);
    expect(await auditClean(t)).toBe(true);
  }, 90_000);
  it('a user’s transfer re-mined to the same address as dust: the user’s deposit ends, nothing credited', async () => {
    // Before, the deposit kept its first amount (25), awaiting its transfer with no end: the dust
    // that came back in its place is held by the chain module and never reaches the user's owner.
    const u = await makeUser(t);
    const mine = await userAddress(u.token);
    const hash = await remine(await signedRelayCall(), { to: mine, amount: '25' }, { to: mine, amount: '2' });
    const row = await waitFor(
      async () => {
        const r = await transferRow(hash);
        return r?.status === 'final' ? r : undefined;
      },
      20_000,
      'final',
    );
    expect(row).toMatchObject({ amount: '2', userId: u.id, holdReason: 'dust' });
    const [dep] = await t.services.db.select().from(deposits).where(eq(deposits.chainDepositId, row.id));
    expect(dep).toMatchObject({ userId: u.id, status: TransactionStatus.failed, adminNotes: DUST_NOTE });
    expect(await holds(u.token, '0')).toBe(true);
    expect(await credits(row.id)).toEqual([]);
    expect(await auditClean(t)).toBe(true);
  }, 90_000);
});
