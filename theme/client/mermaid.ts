// Draws the page's ```mermaid diagrams. This module and mermaid itself load only on pages that have
// one (theme/client.tsx imports it on demand). Each figure keeps its source <pre>: it shows when
// JavaScript is off, and again, under the error, when the source does not parse.

interface Mermaid {
  initialize(config: Record<string, unknown>): void
  parse(text: string): Promise<unknown>
  render(id: string, text: string): Promise<{ svg: string }>
}

let mermaid: Promise<Mermaid> | undefined
let drawn = 0
let watching = false

const isDark = () => document.documentElement.getAttribute('data-theme') === 'dark'

/** Renders every diagram of the page, in the current colour mode; again whenever it changes. */
export async function renderDiagrams(onDrawn: () => void): Promise<void> {
  const figures = [...document.querySelectorAll<HTMLElement>('figure[data-mermaid]')]
  if (figures.length === 0) return
  if (!watching) {
    watching = true
    new MutationObserver(() => void renderDiagrams(onDrawn)).observe(document.documentElement, {
      attributes: true,
      attributeFilter: ['data-theme'],
    })
  }
  const url = figures[0]!.dataset.mermaid!
  const lib = await (mermaid ??= import(/* @vite-ignore */ url).then((m: { default: Mermaid }) => m.default))
  lib.initialize({
    startOnLoad: false,
    securityLevel: 'strict',
    theme: isDark() ? 'dark' : 'default',
    // Plain SVG text (no HTML in foreignObject): the diagram is shown as an image, which zooms.
    htmlLabels: false,
    flowchart: { htmlLabels: false },
    // The page's own typeface; sequence diagrams without the repeated actors at the bottom and
    // with less space between them, so they fit a column at a readable size.
    fontFamily: getComputedStyle(document.body).fontFamily,
    sequence: { mirrorActors: false, actorMargin: 30, messageMargin: 32, boxMargin: 6, wrap: false },
  })
  for (const figure of figures) await draw(lib, figure)
  onDrawn()
}

async function draw(lib: Mermaid, figure: HTMLElement): Promise<void> {
  const source = figure.querySelector('.mermaid-source')!
  const text = source.textContent ?? ''
  const id = `mermaid-svg-${++drawn}`
  figure.querySelector('.mermaid-diagram, .mermaid-error')?.remove()
  try {
    await lib.parse(text)
    const { svg } = await lib.render(id, text)
    figure.insertBefore(toImage(svg, figure.dataset.label ?? ''), source)
    figure.classList.add('mermaid-drawn')
  } catch (err) {
    // mermaid leaves its error drawing in the body when rendering fails.
    document.getElementById(`d${id}`)?.remove()
    document.getElementById(id)?.remove()
    const note = document.createElement('p')
    note.className = 'mermaid-error'
    note.setAttribute('role', 'note')
    note.textContent = `${figure.dataset.error ?? 'Error'}: ${String((err as Error).message ?? err)}`
    figure.insertBefore(note, source)
    figure.classList.remove('mermaid-drawn')
  }
}

/**
 * The SVG as an <img>: it then zooms on click like every image of the page, and its intrinsic
 * width lets narrow screens scroll a wide diagram instead of shrinking its text past reading.
 */
function toImage(svg: string, label: string): HTMLImageElement {
  const doc = new DOMParser().parseFromString(svg, 'image/svg+xml')
  const root = doc.documentElement
  const [, , w = 600, h = 400] = (root.getAttribute('viewBox') ?? '').split(/[\s,]+/).map(Number)
  root.setAttribute('width', String(Math.ceil(w)))
  root.setAttribute('height', String(Math.ceil(h)))
  root.removeAttribute('style')
  const img = document.createElement('img')
  img.className = 'mermaid-diagram'
  img.alt = label
  img.width = Math.ceil(w)
  img.height = Math.ceil(h)
  img.style.setProperty('--diagram-width', `${Math.ceil(w)}px`)
  img.src =
    'data:image/svg+xml;charset=utf-8,' + encodeURIComponent(new XMLSerializer().serializeToString(root))
  return img
}
