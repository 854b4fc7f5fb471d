import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { HDKey } from '@scure/bip32';
import { mnemonicToSeedSync } from '@scure/bip39';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../config';

const SEED = mnemonicToSeedSync(
  'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about',
);
const ZPUB = HDKey.fromMasterSeed(SEED, { public: 0x04b24746, private: 0x04b2430c }).derive(
  "m/84'/0'/0'",
).publicExtendedKey;
const TEST = HDKey.fromMasterSeed(SEED, { public: 0x043587cf, private: 0x04358394 }).derive("m/84'/1'/0'");
const TPUB = TEST.publicExtendedKey;
// BIP 84's first receive key as a mainnet WIF (version 0x80).
const MAIN_WIF = 'KyZpNDKnfs94vbrwhJneDi77V6jF64PWPF8x5cdJb8ifgg2DUc9d';

function problems(env: Record<string, string>): string {
  try {
    loadConfig(env);
  } catch (err) {
    if (err instanceof ConfigError) return err.message;
    throw err;
  }
  return '';
}
const keyFile = (text: string) => {
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'vaultline-key-')), 'hot.wif');
  writeFileSync(file, text, { mode: 0o600 });
  return file;
};

describe('BTC and LTC settings', () => {
  it('read with their defaults (BTC 2 confirmations, LTC 6, mainnet) and a WIF hot wallet key', () => {
    const c = loadConfig({
      BTC_RPC_URL: 'http://user:secret@127.0.0.1:8332',
      BTC_XPUB: ZPUB,
      LTC_RPC_URL: 'http://user:secret@127.0.0.1:19443',
      LTC_XPUB: TPUB,
      LTC_NETWORK: 'regtest',
      LTC_CONFIRMATIONS: '3',
      BTC_HOT_WALLET_KEY_FILE: keyFile(`${MAIN_WIF}\n`),
      BTC_EXPLORER_TX_URL: 'https://mempool.space/tx/{hash}',
    });
    expect(c.chains.networks.map((n) => [n.network, n.confirmations, n.utxoKind])).toEqual([
      ['BTC', 2, 'mainnet'],
      ['LTC', 3, 'regtest'],
    ]);
    const hot = c.chains.networks[0]?.hotWalletKey;
    expect(hot?.reveal()).toBe(
      `0x${Buffer.from(HDKey.fromMasterSeed(SEED).derive("m/84'/0'/0'/0/0").privateKey as Uint8Array).toString('hex')}`,
    );
    expect(JSON.stringify(c.chains)).not.toContain(MAIN_WIF);
    expect(c.chains.networks[0]?.dust).toHaveProperty('BTC');
    expect(Object.keys(c.chains.networks[0]?.dust ?? {})).toEqual(['BTC']);
  });

  it('refuse what does not fit, naming the setting and never the key', () => {
    const text = problems({
      BTC_RPC_URL: 'ws://127.0.0.1:8332',
      BTC_XPUB: TEST.privateExtendedKey,
      LTC_RPC_URL: 'http://127.0.0.1:9332',
      LTC_XPUB: TPUB,
      LTC_NETWORK: 'signet',
      LTC_USDT_CONTRACT: '0x55d398326f99059fF775485246999027B3197955',
      LTC_HOT_WALLET_KEY_FILE: keyFile('not a key'),
    });
    expect(text).toContain('BTC_RPC_URL must be an http(s) URL');
    expect(text).toContain('BTC_XPUB holds a private key');
    expect(text).toContain('LTC_NETWORK must be mainnet, testnet or regtest');
    expect(text).toContain('LTC_USDT_CONTRACT does not apply');
    expect(text).not.toContain(TEST.privateExtendedKey);
    expect(problems({ BTC_RPC_URL: 'http://127.0.0.1:8332', BTC_XPUB: TPUB })).toContain(
      'BTC_XPUB is a test key (tpub…) but BTC_NETWORK is mainnet',
    );
    expect(problems({ LTC_RPC_URL: 'http://127.0.0.1:9332', LTC_XPUB: 'zpub123' })).toContain(
      'LTC_XPUB is not an account extended public key',
    );
    // A mainnet WIF for a regtest node, and a set setting without its node.
    const wrong = problems({
      LTC_RPC_URL: 'http://127.0.0.1:9332',
      LTC_XPUB: TPUB,
      LTC_NETWORK: 'regtest',
      LTC_HOT_WALLET_KEY_FILE: keyFile(MAIN_WIF),
      BTC_NETWORK: 'testnet',
    });
    expect(wrong).toContain('LTC_HOT_WALLET_KEY_FILE');
    expect(wrong).toContain('holds a WIF key of another network');
    expect(wrong).toContain('BTC_NETWORK is set but BTC_RPC_URL is not');
    expect(wrong).not.toContain(MAIN_WIF);
  });

  it('take the account key with its origin, [fingerprint/path]key, as wallets export it for sweeps', () => {
    const fp = HDKey.fromMasterSeed(SEED).fingerprint.toString(16).padStart(8, '0');
    for (const origin of [`${fp}/84'/0'/0'`, `${fp}/84h/0h/0h`]) {
      const c = loadConfig({ BTC_RPC_URL: 'http://127.0.0.1:8332', BTC_XPUB: `[${origin}]${ZPUB}` });
      expect(c.chains.networks[0]?.xpub).toBe(`[${origin}]${ZPUB}`);
    }
    expect(problems({ BTC_RPC_URL: 'http://127.0.0.1:8332', BTC_XPUB: `[xyz/84'/0'/0']${ZPUB}` })).toContain(
      "BTC_XPUB's origin must be [fingerprint/path]",
    );
    expect(problems({ BTC_RPC_URL: 'http://127.0.0.1:8332', BTC_XPUB: `[${fp}]${TPUB}` })).toContain(
      'BTC_XPUB is a test key (tpub…) but BTC_NETWORK is mainnet',
    );
  });
});
