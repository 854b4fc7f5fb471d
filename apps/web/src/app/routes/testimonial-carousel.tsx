import { useTranslation } from 'react-i18next';
import { Page, PageHeader } from '../../components/ui/page';

/** /testimonial-carousel (spec-2 §2): title and purpose; the page's content is built with its feature. */
export default function TestimonialCarouselPage() {
  const { t } = useTranslation();
  return (
    <Page>
      <PageHeader
        title={t('Pages.TestimonialCarousel.Title')}
        description={t('Pages.TestimonialCarousel.Description')}
      />
    </Page>
  );
}
