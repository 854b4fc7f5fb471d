import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { HDKey } from '@scure/bip32';
import { mnemonicToSeedSync } from '@scure/bip39';
import { eq } from 'drizzle-orm';
import { bytesToHex } from 'viem';
import { privateKeyToAddress } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { chainNetworks } from '../../db/schema';
import { createTestApp, openTestDatabase } from '../../test/test-app';
import { HOT_WALLET_WINDOW } from './chain-keys';

// One address, one owner (issue 29, point 13): the keys of the watched networks are checked when
// the server starts, and a start that would give an address two owners is refused, naming the settings.
const ROOT = HDKey.fromMasterSeed(
  mnemonicToSeedSync('test test test test test test test test test test test junk'),
);
const ETH_ACCOUNT = ROOT.derive("m/44'/60'/0'");
const OTHER_ACCOUNT = ROOT.derive("m/44'/60'/1'");
// Nothing listens there: the keys are refused before any node is asked.
const NODE = 'http://127.0.0.1:9';

/** The private key of deposit address i of the ETH account (a wallet's account i shows it). */
function depositKey(i: number): `0x${string}` {
  const k = ETH_ACCOUNT.deriveChild(0).deriveChild(i).privateKey;
  if (!k) throw new Error('no key');
  return bytesToHex(k);
}

function keyFile(key: string): string {
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'vaultline-keys-')), 'hot.key');
  writeFileSync(file, key, { mode: 0o600 });
  return file;
}

/** Starts an app with these settings; the error's message when its start is refused, '' when it starts. */
async function startError(env: Record<string, string>): Promise<string> {
  const database = await openTestDatabase();
  let t: Awaited<ReturnType<typeof createTestApp>> | undefined;
  try {
    t = await createTestApp({ env: { CHAIN_POLL_MS: '600000', ...env }, database });
    return '';
  } catch (err) {
    return (err as Error).message;
  } finally {
    if (t) await t.close();
    else await database.close();
  }
}

describe('the watched networks’ keys at start', () => {
  it('refuses two networks on one account key (the old guide’s m/44’/60’/0’ for both), naming both …_XPUB settings', async () => {
    const msg = await startError({
      ETH_RPC_URL: NODE,
      ETH_XPUB: ETH_ACCOUNT.publicExtendedKey,
      BSC_RPC_URL: NODE,
      BSC_XPUB: ETH_ACCOUNT.publicExtendedKey,
    });
    expect(msg).toContain('ETH_XPUB and BSC_XPUB derive the same deposit addresses');
  }, 60_000);

  it('refuses a hot wallet that is one of the deposit addresses (its own network’s or another’s)', async () => {
    const own = await startError({
      ETH_RPC_URL: NODE,
      ETH_XPUB: ETH_ACCOUNT.publicExtendedKey,
      ETH_HOT_WALLET_KEY_FILE: keyFile(depositKey(3)),
    });
    expect(own).toContain(
      `ETH_HOT_WALLET_KEY_FILE holds the key of deposit address 3 of ETH_XPUB (${privateKeyToAddress(depositKey(3)).toLowerCase()})`,
    );
    const other = await startError({
      ETH_RPC_URL: NODE,
      ETH_XPUB: ETH_ACCOUNT.publicExtendedKey,
      BSC_RPC_URL: NODE,
      BSC_XPUB: OTHER_ACCOUNT.publicExtendedKey,
      BSC_HOT_WALLET_KEY_FILE: keyFile(depositKey(HOT_WALLET_WINDOW - 1)),
    });
    expect(other).toContain(
      `BSC_HOT_WALLET_KEY_FILE holds the key of deposit address ${HOT_WALLET_WINDOW - 1} of ETH_XPUB`,
    );
  }, 60_000);

  it('starts with one account key per network and a hot wallet of its own; an index past the window that is the hot wallet is never handed out', async () => {
    const database = await openTestDatabase();
    const far = HOT_WALLET_WINDOW + 5;
    const t = await createTestApp({
      env: {
        CHAIN_POLL_MS: '600000',
        ETH_RPC_URL: NODE,
        ETH_XPUB: ETH_ACCOUNT.publicExtendedKey,
        ETH_HOT_WALLET_KEY_FILE: keyFile(depositKey(far)),
        BSC_RPC_URL: NODE,
        BSC_XPUB: OTHER_ACCOUNT.publicExtendedKey,
      },
      database,
    });
    try {
      const db = t.services.db;
      await db
        .update(chainNetworks)
        .set({ scannedBlock: 0, nextAddressIndex: far })
        .where(eq(chainNetworks.network, 'ETH'));
      const got = await db.transaction((tx) => t.services.chain.reserveAddress(tx, 'ETH'));
      expect(got.index).toBe(far + 1);
      expect(got.address).not.toBe(privateKeyToAddress(depositKey(far)).toLowerCase());
    } finally {
      await t.close();
    }
  }, 60_000);
});
