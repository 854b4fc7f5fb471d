import type { Wallet } from '@vaultline/shared';
import { lazy, Suspense, useState } from 'react';
import { Button } from '../../../components/ui';
import { useTranslation } from '../../../lib/i18n';

// The form (its checks, the address picker) loads on the first click, not with the wallets page.
const WithdrawDialog = lazy(() => import('./withdraw-dialog').then((m) => ({ default: m.WithdrawDialog })));

/** Withdraw from one wallet: crypto to an address of the address book, fiat to the bank account. */
export function WithdrawButton({ wallet }: { wallet: Wallet }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  return (
    <>
      <Button
        variant="secondary"
        size="sm"
        className="w-full sm:w-auto"
        aria-haspopup="dialog"
        onClick={() => {
          setUsed(true);
          setOpen(true);
        }}
        aria-label={t('Withdraw.From', { name: wallet.fullName, ticker: wallet.ticker })}
      >
        {t('Withdraw.Button')}
      </Button>
      {used && (
        <Suspense fallback={null}>
          <WithdrawDialog wallet={wallet} open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
