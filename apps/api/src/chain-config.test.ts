import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inspect } from 'node:util';
import { HDKey } from '@scure/bip32';
import { mnemonicToSeedSync } from '@scure/bip39';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';
import { evmAddressDeriver } from './modules/chain/evm/xpub';

// The well-known development phrase: its first account is the one every EVM tool shows.
const DEV_PHRASE = 'test test test test test test test test test test test junk';
const account = HDKey.fromMasterSeed(mnemonicToSeedSync(DEV_PHRASE)).derive("m/44'/60'/0'");
const XPUB = account.publicExtendedKey;
const KEY = 'ab'.repeat(32);

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
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'vaultline-key-')), 'hot.key');
  writeFileSync(file, text, { mode: 0o600 });
  return file;
};

describe('watched network settings (DECISIONS §10)', () => {
  it('watch nothing by default: every network keeps the manual flow', () => {
    const c = loadConfig({ DEMO: 'false' });
    expect(c.chains).toMatchObject({ networks: [], pollMs: 2000, demoChain: false });
    expect(c.chains.autoPayoutMaxUsd.toString()).toBe('1000');
    // Demo mode with nothing configured runs the local chains.
    expect(loadConfig({}).chains.demoChain).toBe(true);
    expect(loadConfig({ DEMO_CHAIN: 'false' }).chains.demoChain).toBe(false);
  });

  it('reads a network with its defaults (ETH 12 confirmations, BSC 15)', () => {
    const c = loadConfig({
      ETH_RPC_URL: 'http://127.0.0.1:8545',
      ETH_XPUB: XPUB,
      BSC_RPC_URL: 'wss://bsc.example/ws',
      BSC_XPUB: XPUB,
      BSC_HOT_WALLET_KEY_FILE: keyFile(`0x${KEY}\n`),
      BSC_USDT_CONTRACT: '0x55d398326f99059fF775485246999027B3197955',
      BSC_EXPLORER_TX_URL: 'https://bscscan.com/tx/{hash}',
      CHAIN_POLL_MS: '500',
      AUTO_PAYOUT_MAX_USD: '250.50',
    });
    expect(c.chains.networks.map((n) => [n.network, n.confirmations])).toEqual([
      ['ETH', 12],
      ['BSC', 15],
    ]);
    expect(c.chains.networks[0]?.hotWalletKey).toBeUndefined();
    expect(c.chains.networks[1]?.hotWalletKey?.reveal()).toBe(`0x${KEY}`);
    expect(c.chains.demoChain).toBe(false);
    expect(c.chains.pollMs).toBe(500);
    // Dust thresholds per asset, with their defaults.
    expect(c.chains.networks[0]?.dust.ETH?.toString()).toBe('0.005');
    expect(c.chains.networks[1]?.dust['USDT-BEP20']?.toString()).toBe('1');
  });

  it('never prints the hot wallet key: not in JSON, not in inspection, not in an error', () => {
    const file = keyFile(KEY);
    const c = loadConfig({
      ETH_RPC_URL: 'http://127.0.0.1:8545',
      ETH_XPUB: XPUB,
      ETH_HOT_WALLET_KEY_FILE: file,
    });
    expect(JSON.stringify(c)).not.toContain(KEY);
    expect(inspect(c, { depth: 10 })).not.toContain(KEY);
    expect(String(c.chains.networks[0]?.hotWalletKey)).toBe('[redacted]');
    const bad = problems({
      ETH_RPC_URL: 'http://x:1',
      ETH_XPUB: XPUB,
      ETH_HOT_WALLET_KEY_FILE: keyFile(`${KEY}zz`),
    });
    expect(bad).toContain('ETH_HOT_WALLET_KEY_FILE');
    expect(bad).not.toContain(KEY);
  });

  it('refuses a private extended key: the server never holds a deposit private key', () => {
    expect(problems({ ETH_RPC_URL: 'http://x:1', ETH_XPUB: account.privateExtendedKey })).toContain(
      'ETH_XPUB holds a private key',
    );
  });

  it('checks an extended key when its network starts: a bad checksum stops the start with the setting named', async () => {
    const bad = `${XPUB.slice(0, -4)}${XPUB.endsWith('AAAA') ? 'BBBB' : 'AAAA'}`;
    // The form is right, so the configuration takes it...
    const c = loadConfig({ ETH_RPC_URL: 'http://127.0.0.1:1', ETH_XPUB: bad });
    // ...and the adapter refuses it when it is built, at start.
    const { createEvmAdapter } = await import('./modules/chain/evm/evm-adapter');
    expect(() =>
      createEvmAdapter({
        network: 'ETH',
        rpcUrl: c.chains.networks[0]?.rpcUrl ?? '',
        xpub: bad,
        usdtContract: undefined,
        decimals: () => 18,
        hotWalletKey: undefined,
      }),
    ).toThrow(/^ETH_XPUB is not a valid extended public key/);
    expect(problems({ ETH_RPC_URL: 'http://x:1', ETH_XPUB: 'xpub-not-really' })).toContain(
      'ETH_XPUB is not an extended public key',
    );
  });

  it('says clearly what is wrong, all at once', () => {
    const msg = problems({
      ETH_RPC_URL: 'ftp://node',
      ETH_CONFIRMATIONS: 'twelve',
      ETH_USDT_CONTRACT: 'not-an-address',
      ETH_HOT_WALLET_KEY_FILE: '/nowhere/hot.key',
      BSC_XPUB: XPUB,
      CHAIN_POLL_MS: '5',
      AUTO_PAYOUT_MAX_USD: '-1',
      ETH_DUST: 'a little',
    });
    for (const part of [
      'ETH_RPC_URL must be an http(s) or ws(s) URL',
      'ETH_XPUB is required when ETH_RPC_URL is set',
      'ETH_CONFIRMATIONS must be a whole number',
      'ETH_USDT_CONTRACT must be a contract address',
      'ETH_HOT_WALLET_KEY_FILE: cannot read /nowhere/hot.key (ENOENT)',
      'BSC_XPUB is set but BSC_RPC_URL is not',
      'CHAIN_POLL_MS must be a whole number',
      'AUTO_PAYOUT_MAX_USD must be an amount in USD',
      'ETH_DUST must be an amount of ETH',
    ])
      expect(msg).toContain(part);
  });
});

describe('deposit addresses from an extended public key', () => {
  it('derive xpub/0/i: address 0 of the development phrase is its well-known first account', () => {
    const derive = evmAddressDeriver(XPUB);
    expect(derive(0)).toBe('0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266');
    expect(derive(1)).toBe('0x70997970c51812dc3a010c7d01b50e0d17dc79c8');
    expect(new Set(Array.from({ length: 50 }, (_, i) => derive(i))).size).toBe(50);
  });
});
