import { type Wallet, WalletType } from '@vaultline/shared';
import { lazy, Suspense, useState } from 'react';
import { Button } from '../../../components/ui';
import { useTranslation } from '../../../lib/i18n';

// The dialogs (forms, their zod checks, the QR code) load on the first click, not with the wallets
// page: most visits open none of them.
const CardDepositDialog = lazy(() =>
  import('./card-deposit-dialog').then((m) => ({ default: m.CardDepositDialog })),
);
const CryptoDepositDialog = lazy(() =>
  import('./crypto-deposit-dialog').then((m) => ({ default: m.CryptoDepositDialog })),
);

/** Deposit for one wallet: crypto opens the address dialog, fiat the card dialog. */
export function DepositButton({ wallet }: { wallet: Wallet }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  // Mounted from the first opening on, so closing keeps the dialog's own close and focus return.
  const [used, setUsed] = useState(false);
  const Dialog = wallet.type === WalletType.Fiat ? CardDepositDialog : CryptoDepositDialog;
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
        aria-label={t('Funding.DepositInto', { name: wallet.fullName, ticker: wallet.ticker })}
      >
        {t('Funding.Deposit')}
      </Button>
      {used && (
        <Suspense fallback={null}>
          <Dialog wallet={wallet} open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
