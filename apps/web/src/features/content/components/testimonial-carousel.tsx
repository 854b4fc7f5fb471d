import { type KeyboardEvent, useId } from 'react';
import { Button, cn } from '../../../components/ui';
import { useFormat } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';
import { CAROUSEL, pageCount, paginate } from '../lib/carousel';
import { TESTIMONIALS, type Testimonial } from '../lib/testimonials';
import { useCarousel } from '../lib/use-carousel';

/**
 * spec-2 testimonial carousel: 6 a page in a 3x2 grid (fewer columns on narrow screens), previous
 * and next with wrap-around, a new page every 3 s with a 0.5 s slide. It stops moving while pointed
 * at or focused, when paused with its button, and for users who prefer reduced motion (then it
 * also does not slide). Follows the WAI-ARIA APG carousel: the slides' live region is off while
 * they move by themselves and polite otherwise, and hidden slides are inert.
 */
export function TestimonialCarousel({ headingId }: { headingId: string }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const pages = paginate(TESTIMONIALS);
  const total = pageCount(TESTIMONIALS.length);
  const c = useCarousel(total);
  const slidesId = useId();

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'ArrowRight') c.next();
    else if (e.key === 'ArrowLeft') c.previous();
    else return;
    e.preventDefault();
  };

  return (
    <section
      aria-roledescription={t('Testimonials.Carousel')}
      aria-labelledby={headingId}
      className="relative"
      onMouseEnter={() => c.setHovered(true)}
      onMouseLeave={() => c.setHovered(false)}
      onFocus={() => c.setFocused(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) c.setFocused(false);
      }}
      onKeyDown={onKeyDown}
    >
      <div className="mb-4 flex flex-wrap items-center justify-end gap-2">
        {c.reducedMotion ? null : (
          <Button
            variant="ghost"
            size="sm"
            aria-pressed={c.userPaused}
            onClick={() => c.setUserPaused(!c.userPaused)}
          >
            {t(c.userPaused ? 'Testimonials.Play' : 'Testimonials.Pause')}
          </Button>
        )}
        <Button variant="secondary" size="sm" aria-controls={slidesId} onClick={c.previous}>
          <span aria-hidden="true">←</span>
          {t('Testimonials.Previous')}
        </Button>
        <Button variant="secondary" size="sm" aria-controls={slidesId} onClick={c.next}>
          {t('Testimonials.Next')}
          <span aria-hidden="true">→</span>
        </Button>
      </div>
      <div className="overflow-hidden">
        <div
          id={slidesId}
          aria-live={c.auto ? 'off' : 'polite'}
          data-testid="carousel-track"
          className="flex transition-transform ease-in-out motion-reduce:transition-none"
          style={{
            transform: `translateX(-${c.page * 100}%)`,
            transitionDuration: c.reducedMotion ? '0ms' : `${CAROUSEL.slideMs}ms`,
          }}
        >
          {pages.map((items, i) => (
            // biome-ignore lint/a11y/useSemanticElements: the APG carousel's slide is a group, not a form fieldset
            <div
              // biome-ignore lint/suspicious/noArrayIndexKey: the pages are fixed; their index is their identity
              key={i}
              role="group"
              aria-roledescription={t('Testimonials.Slide')}
              aria-label={t('Testimonials.PageOf', { page: i + 1, pages: total })}
              aria-hidden={i !== c.page}
              inert={i !== c.page}
              className="grid w-full shrink-0 content-start gap-4 px-0.5 py-1 sm:grid-cols-2 lg:grid-cols-3"
            >
              {items.map((item) => (
                <TestimonialCard
                  key={item.id}
                  item={item}
                  date={fmt.date(`${item.date}T12:00:00Z`, 'long')}
                />
              ))}
            </div>
          ))}
        </div>
      </div>
      <p className="mt-4 text-center text-sm text-slate-600 dark:text-slate-400" aria-hidden="true">
        {t('Testimonials.PageOf', { page: c.page + 1, pages: total })}
      </p>
    </section>
  );
}

function TestimonialCard({ item, date }: { item: Testimonial; date: string }) {
  const { t } = useTranslation();
  return (
    <figure
      className={cn(
        'flex h-full flex-col rounded-xl border border-slate-200 bg-white p-5 shadow-sm',
        'dark:border-slate-700 dark:bg-slate-900',
      )}
    >
      <blockquote className="flex-1 text-slate-700 dark:text-slate-200">
        {/* <q> takes the quotation marks of the page's language (« » in French, „ “ in German). */}
        <p>
          <q>{t(`Testimonials.Items.${item.id}`)}</q>
        </p>
      </blockquote>
      <figcaption className="mt-4 text-sm">
        <span className="font-semibold text-slate-900 dark:text-white">{item.author}</span>
        <span className="text-slate-600 dark:text-slate-400">
          {' · '}
          <time dateTime={item.date}>{date}</time>
        </span>
      </figcaption>
    </figure>
  );
}
