import { HDKey } from '@scure/bip32';
import { p2wpkh } from '@scure/btc-signer';
import { PRIVATE_KEY_PREFIXES, type UtxoParams, XPUB_VERSIONS } from './utxo-networks';

/**
 * Deposit addresses of BIP 84 (native SegWit, P2WPKH) from an account-level extended public key
 * (m/84'/coin'/account', watch-only): address i is key/0/i, the receive chain, so the operator's
 * wallet (Sparrow, Electrum, a hardware wallet) holds the keys and shows the same addresses.
 */
export function bip84Deriver(key: string, params: UtxoParams, chain: 0 | 1 = 0): (index: number) => string {
  const prefix = key.slice(0, 4);
  if (PRIVATE_KEY_PREFIXES.includes(prefix))
    throw new Error('an extended private key: give the account extended public key');
  const form = XPUB_VERSIONS[prefix];
  if (!form)
    throw new Error(`not an extended public key (xpub, zpub, tpub, vpub or Ltub; this one starts ${prefix})`);
  const test = params.bech32 !== 'bc' && params.bech32 !== 'ltc';
  if (form.test !== test)
    throw new Error(
      `a ${form.test ? 'test' : 'mainnet'} key (${prefix}) for a ${test ? 'test' : 'mainnet'} network`,
    );
  let account: HDKey;
  try {
    // The version is only the key's label; BIP32's checks are the same whatever it is.
    account = HDKey.fromExtendedKey(key, { public: form.version, private: 0 });
  } catch (err) {
    throw new Error(`not a valid extended public key (${(err as Error).message})`);
  }
  if (account.depth !== 3)
    throw new Error(
      `an account-level key (depth 3, m/84'/coin'/account') is required, this one has depth ${account.depth}`,
    );
  const branch = account.deriveChild(chain);
  const network = {
    bech32: params.bech32,
    pubKeyHash: params.pubKeyHash,
    scriptHash: params.scriptHash,
    wif: params.wif,
  };
  return (index) => {
    const child = branch.deriveChild(index);
    if (!child.publicKey) throw new Error(`no public key at index ${index}`);
    const address = p2wpkh(child.publicKey, network).address;
    if (!address) throw new Error(`no address at index ${index}`);
    return address;
  };
}
