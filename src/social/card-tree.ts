/**
 * What a social card shows and how it is laid out, as the plain element tree satori draws
 * ({ type, props: { style, children } }, no React needed). Pure: the same inputs give the same
 * tree, and the tree (with the renderer's version) is the card's cache key.
 */

export const CARD_WIDTH = 1200
export const CARD_HEIGHT = 630

export interface CardText {
  /** The page title, as in the page's <h1>. */
  readonly title: string
  /** Where the page belongs: "Integration · v2", "API reference · v2", "Blog". */
  readonly section: string
}

export interface CardBrand {
  readonly siteTitle: string
  /** The navbar logo (light theme) as a data: URI, when the site has one satori can draw. */
  readonly logo: string | undefined
}

interface Node {
  readonly type: string
  readonly props: Readonly<Record<string, unknown>>
}

const el = (type: string, style: Record<string, unknown>, children?: unknown, extra = {}): Node => ({
  type,
  props: { style, children, ...extra },
})

/** The light theme's colours (theme/styles.css): text, muted text, primary. */
const INK = '#1c1e21'
const MUTED = '#525860'
const PRIMARY = '#0a5fb4'

/** Long titles get a smaller size so that three lines at most fit beside the margins. */
function titleSize(title: string): number {
  if (title.length <= 40) return 68
  if (title.length <= 70) return 56
  return 46
}

/** A title longer than this is cut at a word and ends with an ellipsis (satori does not clamp lines). */
const MAX_TITLE = 110

export function clampTitle(title: string): string {
  if (title.length <= MAX_TITLE) return title
  const cut = title.slice(0, MAX_TITLE)
  const space = cut.lastIndexOf(' ')
  return `${(space > 60 ? cut.slice(0, space) : cut).trimEnd()}…`
}

export function cardTree(text: CardText, brand: CardBrand): Node {
  const title = clampTitle(text.title)
  const header = el(
    'div',
    { display: 'flex', alignItems: 'center', fontSize: 34, fontWeight: 700, color: INK },
    [
      ...(brand.logo
        ? [
            el('img', { width: 64, height: 64, marginRight: 22 }, undefined, {
              src: brand.logo,
              width: 64,
              height: 64,
            }),
          ]
        : []),
      el('div', { display: 'flex' }, brand.siteTitle),
    ],
  )
  const body = el('div', { display: 'flex', flexDirection: 'column' }, [
    el(
      'div',
      { display: 'flex', fontSize: titleSize(title), fontWeight: 700, color: INK, lineHeight: 1.2 },
      title,
    ),
  ])
  const footer = el('div', { display: 'flex', alignItems: 'center', fontSize: 30, color: MUTED }, [
    el('div', {
      display: 'flex',
      width: 12,
      height: 40,
      backgroundColor: PRIMARY,
      marginRight: 18,
      borderRadius: 3,
    }),
    el('div', { display: 'flex' }, text.section || brand.siteTitle),
  ])
  return el(
    'div',
    {
      // Padding and border inside the canvas's size (satori, as CSS, defaults to content-box).
      boxSizing: 'border-box',
      width: CARD_WIDTH,
      height: CARD_HEIGHT,
      display: 'flex',
      flexDirection: 'column',
      justifyContent: 'space-between',
      padding: '56px 80px 60px 80px',
      backgroundColor: '#ffffff',
      borderTop: `14px solid ${PRIMARY}`,
      fontFamily: 'Inter, InterLatinExt, InterVi',
    },
    [header, body, footer],
  )
}
