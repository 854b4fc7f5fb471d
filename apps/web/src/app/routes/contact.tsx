import { Card, Page, PageHeader } from '../../components/ui';
import { useContactInfo } from '../../features/content/api/contact';
import { ContactForm } from '../../features/content/components/contact-form';
import { useTranslation } from '../../lib/i18n';

/** /contact (spec-2 §2): the contact address (when the operator set one) and the form. */
export default function ContactPage() {
  const { t } = useTranslation();
  const info = useContactInfo();
  const email = info.data?.email;
  return (
    <Page>
      <PageHeader title={t('Contact.Title')} description={t('Contact.Description')} />
      <div className="grid gap-6 lg:grid-cols-3">
        <Card className="lg:col-span-2">
          <ContactForm />
        </Card>
        <aside className="space-y-3 text-sm text-slate-700 dark:text-slate-300">
          <h2 className="text-base font-semibold text-slate-900 dark:text-white">{t('Contact.OtherWays')}</h2>
          {email ? (
            <p>
              {t('Contact.EmailUs')}{' '}
              <a
                href={`mailto:${email}`}
                className="font-medium break-all text-indigo-700 underline hover:text-indigo-900 dark:text-indigo-300 dark:hover:text-indigo-200"
              >
                {email}
              </a>
            </p>
          ) : null}
          <p>{t('Contact.ResponseTime')}</p>
          <p>{t('Contact.Privacy')}</p>
        </aside>
      </div>
    </Page>
  );
}
