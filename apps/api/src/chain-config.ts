import { Decimal } from '@vaultline/shared';
import {
  checkUtxoXpub,
  checkXpub,
  intSetting,
  readKeyFile,
  readWifFile,
  utxoPayoutSettings,
} from './chain-config-checks';
import { NETWORK_IDS, type NetworkId, WATCHABLE_NETWORKS } from './modules/chain/chain-networks';
import { UTXO_KINDS, UTXO_PARAMS, type UtxoKind } from './modules/chain/utxo/utxo-networks';
import { SecretKey } from './secret-key';

export { SecretKey };

export interface ChainNetworkConfig {
  network: NetworkId;
  rpcUrl: string;
  /** Account-level extended public key; deposit address i is xpub/0/i. Watch-only. */
  xpub: string;
  confirmations: number;
  /** The key payouts are signed with; without it payouts on this network stay manual. */
  hotWalletKey: SecretKey | undefined;
  /** The network's USDT contract (USDT on ETH, USDT-BEP20 on BSC); without it only the native coin is watched. */
  usdtContract: `0x${string}` | undefined;
  /** A link to a transaction: `{hash}` is replaced, or the hash is appended. */
  explorerTxUrl: string | undefined;
  /** UTXO networks (BTC, LTC): which chain the node is on (`NET_NETWORK`); undefined on EVM networks. */
  utxoKind?: UtxoKind;
  /**
   * UTXO networks: the payouts' fee rate floor and ceiling (sat/vB, `NET_FEE_RATE_MIN`/`MAX`) and the
   * most payouts one transaction carries (`NET_BATCH_MAX`, default 50); decision 0055.
   */
  utxoPayouts?: { feeRateMin: number; feeRateMax: number; batchMax: number };
  /** Per asset (ticker), the amount below which a transfer is dust: recorded and held, never settled by itself. */
  dust: Record<string, Decimal>;
}

export interface ChainsConfig {
  pollMs: number;
  /** Payouts worth more than this (USD) wait for an admin's Send. */
  autoPayoutMaxUsd: Decimal;
  /** Automatic payouts in 24 hours worth more than this (USD) wait for an admin too. */
  autoPayoutDailyMaxUsd: Decimal;
  /** The watched networks (those whose RPC URL is set). */
  networks: ChainNetworkConfig[];
  /** Demo mode with no network configured: `npm start` runs local development chains. */
  demoChain: boolean;
}

const EVM_ADDRESS = /^0x[0-9a-fA-F]{40}$/;
const URL_SCHEMES = /^(https?|wss?):\/\//i;

/** Reads the chain settings (DECISIONS §10) from the environment; problems are added to `problems`. */
export function chainsConfig(
  env: Record<string, string | undefined>,
  opts: { demo: boolean },
  problems: string[],
): ChainsConfig {
  const networks: ChainNetworkConfig[] = [];
  for (const network of NETWORK_IDS) {
    const v = (name: string) => env[`${network}_${name}`];
    const rpcUrl = v('RPC_URL');
    const others = [
      'XPUB',
      'CONFIRMATIONS',
      'HOT_WALLET_KEY_FILE',
      'USDT_CONTRACT',
      'EXPLORER_TX_URL',
      'DUST',
      'USDT_DUST',
      ...(WATCHABLE_NETWORKS[network].family === 'utxo'
        ? ['NETWORK', 'FEE_RATE_MIN', 'FEE_RATE_MAX', 'BATCH_MAX']
        : []),
    ];
    if (!rpcUrl) {
      for (const name of others)
        if (v(name))
          problems.push(
            `${network}_${name} is set but ${network}_RPC_URL is not (a network is watched only when its node is set)`,
          );
      continue;
    }
    const def = WATCHABLE_NETWORKS[network];
    const utxo = def.family === 'utxo';
    if (!(utxo ? /^https?:\/\//i : URL_SCHEMES).test(rpcUrl))
      problems.push(`${network}_RPC_URL must be an http(s)${utxo ? '' : ' or ws(s)'} URL`);
    let utxoKind: UtxoKind | undefined;
    if (utxo) {
      const kind = v('NETWORK') ?? 'mainnet';
      if (UTXO_KINDS.includes(kind as UtxoKind)) utxoKind = kind as UtxoKind;
      else problems.push(`${network}_NETWORK must be mainnet, testnet or regtest`);
      for (const name of ['USDT_CONTRACT', 'USDT_DUST'])
        if (v(name)) problems.push(`${network}_${name} does not apply: ${def.name} has no token watched`);
    } else
      for (const name of ['FEE_RATE_MIN', 'FEE_RATE_MAX', 'BATCH_MAX'])
        if (v(name)) problems.push(`${network}_${name} applies to BTC and LTC only`);
    const xpub = v('XPUB');
    if (!xpub) problems.push(`${network}_XPUB is required when ${network}_RPC_URL is set`);
    else if (utxo) checkUtxoXpub(network, xpub, utxoKind, problems);
    else checkXpub(network, xpub, problems);
    const confirmations = intSetting(v('CONFIRMATIONS'), def.defaultConfirmations);
    if (confirmations === undefined)
      problems.push(`${network}_CONFIRMATIONS must be a whole number from 1 to 10000`);
    const contract = utxo ? undefined : v('USDT_CONTRACT');
    if (contract !== undefined && !EVM_ADDRESS.test(contract))
      problems.push(`${network}_USDT_CONTRACT must be a contract address (0x and 40 hex digits)`);
    const explorer = v('EXPLORER_TX_URL');
    if (explorer !== undefined && !/^https?:\/\//i.test(explorer))
      problems.push(
        `${network}_EXPLORER_TX_URL must be an http(s) link pattern, e.g. https://etherscan.io/tx/{hash}`,
      );
    const dustOf = (name: string, ticker: string, fallback: string) => {
      const text = v(name) ?? fallback;
      if (!/^\d+(\.\d{1,18})?$/.test(text)) {
        problems.push(`${network}_${name} must be an amount of ${ticker} (0 or more, e.g. ${fallback})`);
        return new Decimal(fallback);
      }
      return new Decimal(text);
    };
    const dust: Record<string, Decimal> = {
      [def.native]: dustOf('DUST', def.native, def.defaultDust.native),
    };
    if (def.token && def.defaultDust.token)
      dust[def.token] = dustOf('USDT_DUST', def.token, def.defaultDust.token);
    const keyFile = v('HOT_WALLET_KEY_FILE');
    const keySetting = `${network}_HOT_WALLET_KEY_FILE`;
    networks.push({
      network,
      rpcUrl,
      xpub: xpub ?? '',
      confirmations: confirmations ?? 1,
      hotWalletKey: utxo
        ? utxoKind &&
          readWifFile(keySetting, keyFile, UTXO_PARAMS[network as 'BTC' | 'LTC'][utxoKind], problems)
        : readKeyFile(keySetting, keyFile, problems),
      usdtContract: contract as `0x${string}` | undefined,
      explorerTxUrl: explorer,
      dust,
      ...(utxoKind ? { utxoKind, utxoPayouts: utxoPayoutSettings(network, v, problems) } : {}),
    });
  }
  const pollMs = intSetting(env.CHAIN_POLL_MS, 2000, 20, 600_000);
  if (pollMs === undefined)
    problems.push('CHAIN_POLL_MS must be a whole number of milliseconds from 20 to 600000');
  const usd = (name: string, fallback: string) => {
    const text = env[name] ?? fallback;
    if (!/^\d+(\.\d{1,2})?$/.test(text)) {
      problems.push(`${name} must be an amount in USD (at most 2 decimals)`);
      return new Decimal(fallback);
    }
    return new Decimal(text);
  };
  const demoChainSetting = env.DEMO_CHAIN;
  if (demoChainSetting !== undefined && !['true', 'false', '1', '0'].includes(demoChainSetting))
    problems.push('DEMO_CHAIN must be true or false');
  return {
    pollMs: pollMs ?? 2000,
    autoPayoutMaxUsd: usd('AUTO_PAYOUT_MAX_USD', '1000'),
    autoPayoutDailyMaxUsd: usd('AUTO_PAYOUT_DAILY_MAX_USD', '10000'),
    networks,
    demoChain: opts.demo && networks.length === 0 && !['false', '0'].includes(demoChainSetting ?? ''),
  };
}
