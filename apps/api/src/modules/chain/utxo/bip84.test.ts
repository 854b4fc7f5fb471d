import { HDKey } from '@scure/bip32';
import { mnemonicToSeedSync } from '@scure/bip39';
import { describe, expect, it } from 'vitest';
import { rpcErrorText } from '../rpc-error';
import { bip84Deriver } from './bip84';
import { freePort } from './litecoind';
import { createUtxoRpc, parseExact, toUnits } from './rpc';
import { decodeWif, UTXO_PARAMS, XPUB_VERSIONS } from './utxo-networks';

// BIP 84's test vectors (bip-0084.mediawiki, "Test vectors"): the account key m/84'/0'/0' of the
// mnemonic below, its first two receive addresses and its first change address. The account's zpub
// is the one SLIP-0132 publishes for the same mnemonic and path.
const MNEMONIC =
  'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';
const ACCOUNT_ZPRV =
  'zprvAdG4iTXWBoARxkkzNpNh8r6Qag3irQB8PzEMkAFeTRXxHpbF9z4QgEvBRmfvqWvGp42t42nvgGpNgYSJA9iefm1yYNZKEm7z6qUWCroSQnE';
const ACCOUNT_ZPUB =
  'zpub6rFR7y4Q2AijBEqTUquhVz398htDFrtymD9xYYfG1m4wAcvPhXNfE3EfH1r1ADqtfSdVCToUG868RvUUkgDKf31mGDtKsAYz2oz2AGutZYs';
const ZVERSIONS = { public: 0x04b24746, private: 0x04b2430c };

describe('BIP 84 deposit addresses', () => {
  it("match the BIP's published vectors for Bitcoin mainnet", () => {
    const account = HDKey.fromMasterSeed(mnemonicToSeedSync(MNEMONIC), ZVERSIONS).derive("m/84'/0'/0'");
    expect(account.privateExtendedKey).toBe(ACCOUNT_ZPRV);
    expect(account.publicExtendedKey).toBe(ACCOUNT_ZPUB);
    const receive = bip84Deriver(ACCOUNT_ZPUB, UTXO_PARAMS.BTC.mainnet);
    expect(receive(0)).toBe('bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu');
    expect(receive(1)).toBe('bc1qnjg0jd8228aq7egyzacy8cys3knf9xvrerkf9g');
    expect(bip84Deriver(ACCOUNT_ZPUB, UTXO_PARAMS.BTC.mainnet, 1)(0)).toBe(
      'bc1q8c6fshw2dlwun7ekn9qwf37cu2rn755upcp6el',
    );
    // The same key in its xpub form gives the same addresses (the version bytes are a label).
    const xpub = HDKey.fromExtendedKey(ACCOUNT_ZPUB, ZVERSIONS);
    const asXpub = new HDKey({
      versions: { public: XPUB_VERSIONS.xpub?.version ?? 0, private: 0x0488ade4 },
      depth: xpub.depth,
      index: xpub.index,
      parentFingerprint: xpub.parentFingerprint,
      chainCode: xpub.chainCode ?? undefined,
      publicKey: xpub.publicKey ?? undefined,
    } as ConstructorParameters<typeof HDKey>[0]).publicExtendedKey;
    expect(asXpub.startsWith('xpub')).toBe(true);
    expect(bip84Deriver(asXpub, UTXO_PARAMS.BTC.mainnet)(0)).toBe(
      'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu',
    );
  });

  it('writes each network prefix and refuses keys that do not fit', () => {
    const test = HDKey.fromMasterSeed(mnemonicToSeedSync(MNEMONIC), {
      public: 0x043587cf,
      private: 0x04358394,
    }).derive("m/84'/1'/0'");
    const tpub = test.publicExtendedKey;
    expect(tpub.startsWith('tpub')).toBe(true);
    const prefix = (net: 'BTC' | 'LTC', kind: 'testnet' | 'regtest') =>
      bip84Deriver(tpub, UTXO_PARAMS[net][kind])(0).replace(/1.*$/, '');
    expect([prefix('BTC', 'testnet'), prefix('BTC', 'regtest')]).toEqual(['tb', 'bcrt']);
    expect([prefix('LTC', 'testnet'), prefix('LTC', 'regtest')]).toEqual(['tltc', 'rltc']);
    expect(bip84Deriver(ACCOUNT_ZPUB, UTXO_PARAMS.LTC.mainnet)(0)).toMatch(/^ltc1q[02-9ac-hj-np-z]{38}$/);
    // The same index on one key is one key hash whatever the network: the prefix and checksum differ.
    expect(bip84Deriver(tpub, UTXO_PARAMS.BTC.testnet)(3).slice(3, -6)).toBe(
      bip84Deriver(tpub, UTXO_PARAMS.BTC.regtest)(3).slice(5, -6),
    );
    expect(() => bip84Deriver(ACCOUNT_ZPUB, UTXO_PARAMS.BTC.regtest)).toThrow(
      /mainnet key \(zpub\) for a test/,
    );
    expect(() => bip84Deriver(tpub, UTXO_PARAMS.LTC.mainnet)).toThrow(/test key \(tpub\) for a mainnet/);
    expect(() => bip84Deriver(ACCOUNT_ZPRV, UTXO_PARAMS.BTC.mainnet)).toThrow(/private key/);
    expect(() => bip84Deriver(`${ACCOUNT_ZPUB.slice(0, -1)}t`, UTXO_PARAMS.BTC.mainnet)).toThrow(
      /not a valid/,
    );
    // Depth 4 (a receive chain's key) is not an account key.
    const chainKey = HDKey.fromExtendedKey(ACCOUNT_ZPUB, ZVERSIONS).deriveChild(0).publicExtendedKey;
    expect(() => bip84Deriver(chainKey, UTXO_PARAMS.BTC.mainnet)).toThrow(/depth 3/);
  });

  it("reads a WIF key of the network's own version only", () => {
    // BIP 84's first receive key, a mainnet WIF (0x80).
    const wif = 'KyZpNDKnfs94vbrwhJneDi77V6jF64PWPF8x5cdJb8ifgg2DUc9d';
    const got = decodeWif(wif, UTXO_PARAMS.BTC.mainnet);
    const key = HDKey.fromMasterSeed(mnemonicToSeedSync(MNEMONIC)).derive("m/84'/0'/0'/0/0");
    expect(got).toEqual({ hex: Buffer.from(key.privateKey as Uint8Array).toString('hex') });
    expect(decodeWif(wif, UTXO_PARAMS.LTC.mainnet)).toHaveProperty('problem');
    expect(decodeWif(`${wif.slice(0, -1)}e`, UTXO_PARAMS.BTC.mainnet)).toHaveProperty('problem');
  });
});

describe("the node's amounts", () => {
  it('are read from the JSON text exactly, never through a float', () => {
    const reply = parseExact(
      '{"result":{"vout":[{"value":0.10000000,"n":0},{"value":0.20000000,"n":1},{"value":20999999.99999999,"n":2}],"note":"a \\"value\\": 0.3 in a string"},"error":null}',
    ) as { result: { vout: { value: string; n: number }[]; note: string } };
    const [a, b, c] = reply.result.vout.map((v) => toUnits(v.value));
    expect((a ?? 0n) + (b ?? 0n)).toBe(30_000_000n);
    expect(c).toBe(2_099_999_999_999_999n);
    expect(reply.result.vout[2]?.n).toBe(2);
    expect(reply.result.note).toBe('a "value": 0.3 in a string');
    expect(toUnits('1')).toBe(100_000_000n);
    expect(toUnits(0)).toBe(0n);
    expect(() => toUnits('0.000000001')).toThrow(/too many decimals/);
    expect(() => toUnits('1e-8')).toThrow(/plain decimal/);
    expect(() => toUnits(0.1)).toThrow();
  });
});

describe('the RPC client', () => {
  it("keeps the URL's credentials out of its errors", async () => {
    const rpc = createUtxoRpc(`http://vaultline:s3cret-pass@127.0.0.1:${await freePort()}`, {
      timeoutMs: 2000,
    });
    const err = await rpc.call('getblockcount').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Error);
    expect(rpcErrorText(err)).toMatch(/the node did not answer/);
    expect(`${rpcErrorText(err)} ${String(err)} ${JSON.stringify(err)}`).not.toContain('s3cret');
  });
});
