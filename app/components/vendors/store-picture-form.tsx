import { Form, useNavigation } from 'react-router'
import { Button } from '#app/components/ui/button.tsx'
import { FieldError, Label } from '#app/components/ui/input.tsx'
import { ResponsiveImage } from '#app/components/ui/responsive-image.tsx'
import { messageId } from '#app/lib/i18n.tsx'
import { useT } from '#app/lib/use-t.ts'
import { initialsOf } from './vendor-avatar.tsx'

// One of the store's two pictures on the settings page: what customers see now, a file input with its own small
// form (multipart, intent `logo` or `banner`, so a refused file never loses the other settings), and Remove.

export type StorePictureFormProps = {
  picture: 'logo' | 'banner'
  storeName: string
  currentKey: string | null
  colours: [string, string]
  /** The refusal message id (upload.error.…) for this picture, if the last upload was refused. */
  error?: string
  /** Parameters of the upload messages: { maxMb, minSide }. */
  limits: { maxMb: number; minSide: number }
}

export function StorePictureForm({ picture, storeName, currentKey, colours, error, limits }: StorePictureFormProps) {
  const t = useT()
  const navigation = useNavigation()
  const intent = navigation.formData?.get('intent')
  const busy = navigation.state === 'submitting' && (intent === picture || intent === `remove-${picture}`)
  const id = `store-${picture}`
  const gradient = `linear-gradient(${picture === 'logo' ? 135 : 120}deg, ${colours[0]}, ${colours[1]})`
  const preview =
    picture === 'logo' ? (
      currentKey ? (
        <ResponsiveImage
          imageKey={currentKey}
          alt={t('storeMedia.logo.current')}
          width={96}
          height={96}
          placeholder={colours[0]}
          sizes="96px"
          className="size-24 shrink-0 rounded-full object-cover ring-1 ring-border"
        />
      ) : (
        <span
          className="inline-flex size-24 shrink-0 items-center justify-center rounded-full text-3xl font-bold text-white [text-shadow:0_1px_2px_rgb(0_0_0/0.45)]"
          style={{ backgroundImage: gradient }}
          aria-hidden="true"
        >
          {initialsOf(storeName)}
        </span>
      )
    ) : currentKey ? (
      <ResponsiveImage
        imageKey={currentKey}
        alt={t('storeMedia.banner.current')}
        width={1200}
        height={400}
        placeholder={colours[0]}
        sizes="(min-width: 768px) 680px, 100vw"
        className="aspect-[3/1] w-full rounded-md object-cover ring-1 ring-border"
      />
    ) : (
      <div className="aspect-[3/1] w-full rounded-md" style={{ backgroundImage: gradient }} aria-hidden="true" />
    )
  return (
    <div className="grid gap-3" data-testid={`${picture}-picture`}>
      <div className={picture === 'logo' ? 'flex items-center gap-4' : 'grid gap-2'}>
        {preview}
        {currentKey ? null : <p className="text-sm text-muted-foreground">{t(`storeMedia.${picture}.none`)}</p>}
      </div>
      <Form method="post" encType="multipart/form-data" className="grid gap-1.5">
        <input type="hidden" name="intent" value={picture} />
        <Label htmlFor={id}>{t(`storeMedia.${picture}.label`)}</Label>
        <div className="flex flex-wrap items-center gap-2">
          <input
            id={id}
            name="file"
            type="file"
            accept="image/jpeg,image/png,image/webp,image/heic,image/heif"
            required
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error ${id}-hint` : `${id}-hint`}
            className="min-w-0 max-w-full flex-1 basis-full text-sm sm:basis-0 file:mr-3 file:h-10 file:rounded-md file:border file:border-input file:bg-card file:px-3 file:text-sm file:font-medium hover:file:bg-muted"
          />
          <Button type="submit" variant="secondary" disabled={busy}>
            {busy && intent === picture ? t('storeMedia.uploading') : t('storeMedia.upload')}
          </Button>
        </div>
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {t(`storeMedia.${picture}.hint`, limits)} {t('upload.hint', limits)}
        </p>
        <FieldError id={`${id}-error`}>{error ? t(messageId(error), limits) : null}</FieldError>
      </Form>
      {currentKey ? (
        <Form method="post">
          <input type="hidden" name="intent" value={`remove-${picture}`} />
          <Button type="submit" variant="outline" size="sm" disabled={busy}>
            {t(`storeMedia.${picture}.remove`)}
          </Button>
        </Form>
      ) : null}
    </div>
  )
}
