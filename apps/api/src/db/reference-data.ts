import { WalletType } from '@vaultline/shared';

/** The assets of the specs with the decimals we keep (DECISIONS §2). Order is display order. */
export const ASSETS = [
  { ticker: 'USD', fullName: 'US Dollar', type: WalletType.Fiat, decimals: 2 },
  { ticker: 'EUR', fullName: 'Euro', type: WalletType.Fiat, decimals: 2 },
  { ticker: 'CHF', fullName: 'Swiss Franc', type: WalletType.Fiat, decimals: 2 },
  { ticker: 'GBP', fullName: 'British Pound', type: WalletType.Fiat, decimals: 2 },
  { ticker: 'CAD', fullName: 'Canadian Dollar', type: WalletType.Fiat, decimals: 2 },
  { ticker: 'AUD', fullName: 'Australian Dollar', type: WalletType.Fiat, decimals: 2 },
  { ticker: 'JPY', fullName: 'Japanese Yen', type: WalletType.Fiat, decimals: 0 },
  { ticker: 'BTC', fullName: 'Bitcoin', type: WalletType.Crypto, decimals: 8 },
  { ticker: 'ETH', fullName: 'Ethereum', type: WalletType.Crypto, decimals: 18 },
  { ticker: 'LTC', fullName: 'Litecoin', type: WalletType.Crypto, decimals: 8 },
  { ticker: 'XRP', fullName: 'XRP', type: WalletType.Crypto, decimals: 6 },
  { ticker: 'ADA', fullName: 'Cardano', type: WalletType.Crypto, decimals: 6 },
  { ticker: 'ATOM', fullName: 'Cosmos', type: WalletType.Crypto, decimals: 6 },
  { ticker: 'ZEC', fullName: 'Zcash', type: WalletType.Crypto, decimals: 8 },
  { ticker: 'BNB', fullName: 'BNB', type: WalletType.Crypto, decimals: 18 },
  { ticker: 'TON', fullName: 'Toncoin', type: WalletType.Crypto, decimals: 9 },
  { ticker: 'USDT', fullName: 'Tether (ERC-20)', type: WalletType.Crypto, decimals: 6 },
  { ticker: 'USDT-BEP20', fullName: 'Tether (BEP-20)', type: WalletType.Crypto, decimals: 18 },
  { ticker: 'USDT-TRC20', fullName: 'Tether (TRC-20)', type: WalletType.Crypto, decimals: 6 },
] as const;
