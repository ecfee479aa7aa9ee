import fs from 'node:fs'
import path from 'node:path'
import { createHash } from 'node:crypto'
import type { Diagnostic, SiteConfig } from '../types.js'
import type { CardRenderer } from './draw.js'
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
  /** Lets go of the renderer (its frame and glyphs). */
  stop(): Promise<void>
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
 * section share it) and goes to `write` as soon as it exists. Cards of earlier builds come from
 * the cache (cache.ts), keyed by a hash of everything on the card (title, section, site title,
 * logo bytes) and of the renderer's, its libraries' and the font's versions, so a hit is the
 * PNG this build would draw, byte for byte.
 * Content-hashed names under assets/: the HTML names a card before it is drawn, a card's URL
 * changes when its text does (link previews refresh), and the deploy caches assets/ for a year.
 * Cards are drawn on the main thread, between pages (a millisecond or two each, see draw.ts):
 * a worker thread's start and its own copy of fonts and frame would cost more than they save.
 * The renderer (fontkit, resvg, the fonts) is loaded at the first card the cache does not have: a
 * warm build, and a build without cards, never loads it.
 */
export function createSocialCards(
  config: SiteConfig,
  write: (file: string, png: Uint8Array) => void,
): SocialCards {
  const brand = brandOf(config)
  const brandKey = createHash('sha256')
    .update(`${rendererVersion()}\n${brand.siteTitle}\n${brand.logo ?? ''}`)
    .digest('hex')
  const cache = openCardCache(cardCachePath(config.root))
  const jobs: Promise<Diagnostic | undefined>[] = []
  const named = new Set<string>()
  let renderer: Promise<CardRenderer> | undefined
  const draw = async (key: string, file: string, text: CardText): Promise<Diagnostic | undefined> => {
    try {
      const drawn = (
        await (renderer ??= import('./draw.js').then((m) => m.createCardRenderer(brand)))
      ).render(text)
      write(file, drawn)
      cache.put(key, drawn)
    } catch (err) {
      return {
        severity: 'error',
        code: 'social-card',
        message: `drawing ${file} failed: ${(err as Error).message}`,
      }
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
        const cached = cache.get(key)
        if (cached) write(file, cached)
        else jobs.push(draw(key, file, text))
      }
      const alt = text.section ? `${text.title} (${text.section})` : text.title
      return { file, alt, width: CARD_WIDTH, height: CARD_HEIGHT }
    },
    async settle() {
      const results = await Promise.all(jobs)
      cache.save()
      return results.filter((d): d is Diagnostic => d !== undefined)
    },
    async stop() {
      renderer = undefined
    },
  }
}
