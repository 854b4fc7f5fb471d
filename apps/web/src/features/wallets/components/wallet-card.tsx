import { Decimal, formatDisplay, type Wallet, WalletType } from '@vaultline/shared';
import type { ReactNode } from 'react';
import { formatMoney } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';
import { walletValue } from '../lib/money';
import { AssetIcon } from './asset-icon';

/** One wallet: icon, full name, ticker, amount (display precision) and its value; `action` slot. */
export function WalletCard({ wallet, action }: { wallet: Wallet; action?: ReactNode }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language || 'en-us';
  const pair = wallet.selectedCurrencyPair;
  // Amount plus fee of withdrawals on their way (issue 31): `amount` is what is available.
  const held = (wallet as Wallet & { held?: string }).held;
  return (
    <li
      data-testid={`wallet-${wallet.ticker}`}
      className="flex flex-wrap items-center gap-4 rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-700 dark:bg-slate-900"
    >
      <AssetIcon ticker={wallet.ticker} type={wallet.type} />
      <div className="min-w-0 flex-1">
        <p className="truncate font-semibold">{wallet.fullName}</p>
        <p className="text-sm text-slate-600 dark:text-slate-400">
          {wallet.ticker}
          <span className="sr-only">
            , {t(wallet.type === WalletType.Fiat ? 'Wallets.Fiat' : 'Wallets.Crypto')}
          </span>
        </p>
      </div>
      <div className="text-right">
        <p className="font-semibold tabular-nums" data-testid="wallet-amount">
          {formatDisplay(wallet.amount, 'amount', locale)} {wallet.ticker}
        </p>
        {held && !new Decimal(held).isZero() ? (
          <p className="text-sm text-amber-800 tabular-nums dark:text-amber-300" data-testid="wallet-held">
            {t('Wallets.Held', { amount: formatDisplay(held, 'amount', locale), ticker: wallet.ticker })}
          </p>
        ) : null}
        <p className="text-sm text-slate-600 tabular-nums dark:text-slate-400">
          ≈ {formatMoney(walletValue(wallet.amount, pair.rate).toFixed(), pair.right.ticker, locale)}
        </p>
      </div>
      {action ? <div className="w-full sm:w-auto">{action}</div> : null}
    </li>
  );
}
