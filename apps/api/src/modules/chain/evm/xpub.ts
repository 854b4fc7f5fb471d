import { secp256k1 } from '@noble/curves/secp256k1.js';
import { HDKey } from '@scure/bip32';
import { bytesToHex } from 'viem';
import { publicKeyToAddress } from 'viem/accounts';

/**
 * Deposit addresses from an account-level extended public key (BIP32, watch-only): address i is
 * xpub/0/i, the external chain of BIP44, so the operator's wallet (m/44'/60'/0' for Ethereum) holds
 * the keys and finds the same addresses. The server only ever has the public key.
 */
export function evmAddressDeriver(xpub: string): (index: number) => string {
  let account: HDKey;
  try {
    account = HDKey.fromExtendedKey(xpub);
  } catch (err) {
    throw new Error(`not a valid extended public key (${(err as Error).message})`);
  }
  if (account.privateKey) throw new Error('an extended public key is required, not a private one');
  const external = account.deriveChild(0);
  return (index) => {
    const child = external.deriveChild(index);
    if (!child.publicKey) throw new Error(`no public key at index ${index}`);
    // viem hashes the uncompressed key (0x04 || x || y); BIP32 gives the compressed one.
    const uncompressed = secp256k1.Point.fromBytes(child.publicKey).toBytes(false);
    return publicKeyToAddress(bytesToHex(uncompressed)).toLowerCase();
  };
}
