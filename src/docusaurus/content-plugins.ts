import type { Notes } from './notes.js'

// Where a Docusaurus config sets the options of its docs, blog and pages: the classic preset, or
// the content plugins listed on their own under `plugins` (a site that builds its own preset from
// `@docusaurus/plugin-content-docs` and `@docusaurus/theme-classic`). docs-site builds the default
// instance of each; a second instance (an `id` other than 'default') stays a plugin it does not run.

type Obj = Record<string, unknown>

export interface ContentOptions {
  readonly docs?: Obj
  readonly blog?: Obj
  readonly pages?: Obj
  /** Entries of `plugins` and `themes` read here, so the summary does not list them as not run. */
  readonly taken: ReadonlySet<unknown>
  /** The classic theme's `customCss` files, as the config names them (relative or absolute). */
  readonly customCss: readonly string[]
}

const KINDS = ['docs', 'blog', 'pages'] as const
type Kind = (typeof KINDS)[number]

/** The plugin names Docusaurus accepts for each content kind (the short form too). */
const NAMES: Record<Kind, readonly string[]> = {
  docs: ['@docusaurus/plugin-content-docs', 'content-docs'],
  blog: ['@docusaurus/plugin-content-blog', 'content-blog'],
  pages: ['@docusaurus/plugin-content-pages', 'content-pages'],
}
const THEME_CLASSIC = ['@docusaurus/theme-classic', 'classic']
/** Plugins whose work docs-site does itself: compiling Sass and Less stylesheets (src/css/). */
const STYLE_PLUGINS = ['docusaurus-plugin-sass', 'sass', 'docusaurus-plugin-less', 'less']

export function contentOptions(d: Obj, notes: Notes): ContentOptions {
  const taken = new Set<unknown>()
  const customCss: string[] = []
  const preset = classicPreset(d, notes, customCss)
  const own: Partial<Record<Kind, Obj>> = {}
  for (const p of list(d.plugins)) {
    const [name, opts] = entry(p)
    if (STYLE_PLUGINS.includes(name)) {
      taken.add(p)
      noteStyleOptions(name, opts, notes)
      continue
    }
    const kind = KINDS.find((k) => NAMES[k].includes(name))
    if (!kind || (opts.id !== undefined && opts.id !== 'default') || own[kind]) continue
    own[kind] = opts
    taken.add(p)
  }
  for (const t of list(d.themes)) {
    const [name, opts] = entry(t)
    if (!THEME_CLASSIC.includes(name)) continue
    taken.add(t)
    customCss.push(...cssList(opts.customCss))
  }
  // `docs: false` in the preset turns a kind off unless a plugin entry brings it back.
  const pick = (k: Kind): Obj | undefined => (preset?.[k] === false ? own[k] : (own[k] ?? obj(preset?.[k])))
  return { docs: pick('docs'), blog: pick('blog'), pages: pick('pages'), taken, customCss }
}

/** The options of the classic preset (`'classic'` or its package name), if the config has it. */
function classicPreset(d: Obj, notes: Notes, customCss: string[]): Obj | undefined {
  let options: Obj | undefined
  for (const p of list(d.presets)) {
    const [name, opts] = entry(p)
    if (name === 'classic' || name === '@docusaurus/preset-classic') options = opts
    else
      notes.add(
        `preset ${JSON.stringify(name)}`,
        'docs-site has the classic preset’s docs, blog and pages only',
      )
  }
  if (!options) return undefined
  customCss.push(...cssList(obj(options.theme).customCss))
  for (const key of ['sitemap', 'gtag', 'googleTagManager', 'googleAnalytics', 'svgr'])
    if (options[key])
      notes.add(
        `preset option ${key}`,
        'docs-site writes its own sitemap; add analytics scripts to the theme',
      )
  return options
}

/** The Sass and Less plugins' options go to webpack's loaders, which docs-site does not run. */
function noteStyleOptions(name: string, opts: Obj, notes: Notes): void {
  const keys = Object.keys(opts).filter((k) => k !== 'id')
  if (keys.length)
    notes.add(
      `${name} options (${keys.join(', ')})`,
      'not used: docs-site compiles with the compiler’s defaults (imports of ~package, @site/ and node_modules resolve as with the plugin)',
    )
}

/** `customCss`: one path or a list (Docusaurus accepts both). */
const cssList = (v: unknown): string[] =>
  (Array.isArray(v) ? v : [v]).filter((f): f is string => typeof f === 'string' && f !== '')

/** A plugin, preset or theme entry: `'name'`, `['name', options]` or a function (no name). */
function entry(p: unknown): [string, Obj] {
  const [name, opts] = Array.isArray(p) ? p : [p, {}]
  return [typeof name === 'string' ? name : '', obj(opts)]
}

const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : [])
const obj = (v: unknown): Obj => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Obj) : {})
