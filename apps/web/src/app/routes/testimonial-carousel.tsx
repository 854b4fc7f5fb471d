import { Page } from '../../components/ui/page';
import { TestimonialCarousel } from '../../features/content/components/testimonial-carousel';
import { useTranslation } from '../../lib/i18n';

/** /testimonial-carousel (spec-2 §2): the 8 testimonials, marked as demo content. */
export default function TestimonialCarouselPage() {
  const { t } = useTranslation();
  return (
    <Page wide>
      <header className="mb-6">
        <h1
          id="testimonials-title"
          className="text-2xl font-semibold tracking-tight text-slate-900 sm:text-3xl dark:text-white"
        >
          {t('Testimonials.Title')}
        </h1>
        <p className="mt-2 max-w-2xl text-slate-600 dark:text-slate-300">{t('Testimonials.Description')}</p>
        <p className="mt-3 inline-block rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:bg-amber-950/60 dark:text-amber-200">
          {t('Testimonials.DemoNotice')}
        </p>
      </header>
      <TestimonialCarousel headingId="testimonials-title" />
    </Page>
  );
}
