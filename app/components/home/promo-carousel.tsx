import { useCallback, useEffect, useRef, useState } from 'react'
import { Link } from 'react-router'
import { ChevronLeft, ChevronRight } from '#app/components/ui/icons.tsx'
import { useT } from '#app/lib/use-t.ts'
import { cn } from '#app/lib/utils.ts'

const AUTOPLAY_MS = 4000

export type Slide = {
  id: string
  title: string
  body: string
  cta: string
  href: string
  className: string
  emoji: string
}

/**
 * Three promotions in a native scroll-snap strip: swipe works without JavaScript; with it, the strip advances
 * every 4 s, loops, pauses while hovered or focused, and stays still for people who prefer reduced motion.
 */
export function PromoCarousel({ slides }: { slides: Slide[] }) {
  const t = useT()
  const strip = useRef<HTMLDivElement>(null)
  const [index, setIndex] = useState(0)
  const [paused, setPaused] = useState(false)

  const go = useCallback(
    (i: number) => {
      const el = strip.current
      if (!el) return
      const next = (i + slides.length) % slides.length
      el.scrollTo({ left: next * el.clientWidth, behavior: 'smooth' })
      setIndex(next)
    },
    [slides.length],
  )

  useEffect(() => {
    const el = strip.current
    if (!el) return
    const onScroll = () => setIndex(Math.round(el.scrollLeft / Math.max(1, el.clientWidth)))
    el.addEventListener('scroll', onScroll, { passive: true })
    return () => el.removeEventListener('scroll', onScroll)
  }, [])

  useEffect(() => {
    if (paused || window.matchMedia('(prefers-reduced-motion: reduce)').matches) return
    const timer = setInterval(() => go(index + 1), AUTOPLAY_MS)
    return () => clearInterval(timer)
  }, [paused, index, go])

  return (
    <section
      aria-roledescription="carousel"
      aria-label={t('home.carousel.label')}
      className="relative min-w-0"
      onPointerEnter={() => setPaused(true)}
      onPointerLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <div
        ref={strip}
        className="flex snap-x snap-mandatory overflow-x-auto rounded-2xl [scrollbar-width:none] [&::-webkit-scrollbar]:hidden"
      >
        {slides.map((slide, i) => (
          // biome-ignore lint/a11y/useSemanticElements: the WAI-ARIA carousel pattern names slides as groups
          <div
            key={slide.id}
            role="group"
            aria-roledescription="slide"
            aria-label={t('home.carousel.slide', { n: i + 1, total: slides.length })}
            className={cn('promo-slide', slide.className)}
          >
            <div className="max-w-md">
              <h2 className="text-2xl font-extrabold sm:text-3xl">{slide.title}</h2>
              <p className="mt-2 text-sm sm:text-base">{slide.body}</p>
              <Link to={slide.href} tabIndex={i === index ? 0 : -1} className="promo-link">
                {slide.cta}
              </Link>
            </div>
            <span aria-hidden="true" className="hidden text-7xl sm:block sm:text-8xl">
              {slide.emoji}
            </span>
          </div>
        ))}
      </div>
      <div className="mt-3 flex items-center justify-center gap-3">
        <button type="button" onClick={() => go(index - 1)} className="promo-arrow">
          <ChevronLeft aria-hidden="true" className="size-5" />
          <span className="sr-only">{t('home.carousel.previous')}</span>
        </button>
        {slides.map((slide, i) => (
          <button
            key={slide.id}
            type="button"
            onClick={() => go(i)}
            aria-current={i === index ? 'true' : undefined}
            className="inline-flex size-6 items-center justify-center"
          >
            <span className={cn('block size-2.5 rounded-full', i === index ? 'bg-primary' : 'bg-input')} />
            <span className="sr-only">{t('home.carousel.goto', { n: i + 1 })}</span>
          </button>
        ))}
        <button type="button" onClick={() => go(index + 1)} className="promo-arrow">
          <ChevronRight aria-hidden="true" className="size-5" />
          <span className="sr-only">{t('home.carousel.next')}</span>
        </button>
      </div>
    </section>
  )
}
