import fs from 'node:fs'
import path from 'node:path'
import { createHash } from 'node:crypto'
import type { Diagnostic, SiteConfig } from '../types.js'
import { startDrawer, type CardDrawer } from './drawer.js'
import type { CardBrand } from './frame.js'
import { CARD_HEIGHT, CARD_WIDTH, type CardText } from './layout.js'
import { rendererVersion } from './version.js'
import { cardCachePath, openCardCache } from './cache.js'

export { CARD_HEIGHT, CARD_WIDTH, type CardText } from './layout.js'

/** What a page's head says about its card. */
export interface CardRef {
  /** Output path of the PNG ('assets/og/<key>.png'). */
  readonly file: string
  readonly alt: string
  readonly width: number
  readonly height: number
}

export interface SocialCards {
  /** The card of a page; it is drawn (or taken from the cache) in the background. */
  card(text: CardText): CardRef
  /** Waits until every card asked for is written; a card that could not be drawn is an error. */
  settle(): Promise<Diagnostic[]>
  /** Stops the worker that draws cards (its fonts, frame and glyphs). */
  stop(): Promise<void>
}

function ref(file: string, text: CardText): CardRef {
  const alt = text.section ? `${text.title} (${text.section})` : text.title
  return { file, alt, width: CARD_WIDTH, height: CARD_HEIGHT }
}

/** The navbar logo (light theme) as a data: URI resvg can draw: SVG, PNG or JPEG from static/. */
function brandOf(config: SiteConfig): CardBrand {
  const src = config.navbar.logo?.src
  const types: Record<string, string> = { '.svg': 'image/svg+xml', '.png': 'image/png', '.jpg': 'image/jpeg' }
  const type = src && !/^(https?:)?\/\//.test(src) ? types[path.extname(src).toLowerCase()] : undefined
  const file = type && path.join(config.dirs.static, src!.replace(/^\//, ''))
  const logo =
    file && fs.existsSync(file)
      ? `data:${type};base64,${fs.readFileSync(file).toString('base64')}`
      : undefined
  return { siteTitle: config.navbar.title || config.title, logo }
}

/**
 * Social cards of one build. Each distinct card is drawn once (pages with the same title and
 * section share it) and goes to `write` as soon as it exists, unless `keep` can take it from the
 * previous output (a rebuild: a link, no bytes read or written). Cards of earlier builds come from
 * the cache (cache.ts), keyed by a hash of everything on the card (title, section, site title,
 * logo bytes) and of the renderer's, its libraries' and the font's versions, so a hit is the
 * PNG this build would draw, byte for byte.
 * Content-hashed names under assets/: the HTML names a card before it is drawn, a card's URL
 * changes when its text does (link previews refresh), and the deploy caches assets/ for a year.
 * Cards the cache does not have are drawn on a worker thread (drawer.ts) while pages render.
 */
export function createSocialCards(
  config: SiteConfig,
  write: (file: string, png: Uint8Array) => void,
  keep?: (file: string) => boolean,
): SocialCards {
  const brand = brandOf(config)
  const brandKey = createHash('sha256')
    .update(`${rendererVersion()}\n${brand.siteTitle}\n${brand.logo ?? ''}`)
    .digest('hex')
  const cache = openCardCache(cardCachePath(config.root))
  const jobs: Promise<[file: string, error: string] | undefined>[] = []
  const named = new Set<string>()
  let drawer: CardDrawer | undefined
  const draw = async (key: string, file: string, text: CardText): Promise<[string, string] | undefined> => {
    try {
      const drawn = await (drawer ??= startDrawer(brand)).draw(text)
      write(file, drawn)
      cache.put(key, drawn)
    } catch (err) {
      return [file, (err as Error).message]
    }
  }
  return {
    card(text) {
      const key = createHash('sha256')
        .update(`${brandKey}\n${text.title}\n${text.section}`)
        .digest('hex')
        .slice(0, 20)
      const file = `assets/og/${key}.png`
      if (!named.has(key)) {
        named.add(key)
        // The card of the previous output (its name says it is this card), else the cache's: a
        // copy, since a view into the cache's file would carry all of it to the writer thread.
        if (keep?.(file)) {
          cache.keep(key)
          return ref(file, text)
        }
        const cached = cache.get(key)
        if (cached) write(file, new Uint8Array(cached))
        else jobs.push(draw(key, file, text))
      }
      return ref(file, text)
    },
    async settle() {
      const failed = new Map<string, string[]>()
      for (const f of await Promise.all(jobs)) if (f) failed.set(f[1], [...(failed.get(f[1]) ?? []), f[0]])
      cache.save()
      // One error per cause: a worker that could not start fails every card the same way.
      return [...failed].map(([error, files]) => ({
        severity: 'error',
        code: 'social-card',
        message: `drawing ${files[0]}${files.length > 1 ? ` and ${files.length - 1} more cards` : ''} failed: ${error}`,
      }))
    },
    async stop() {
      await drawer?.stop()
    },
  }
}
