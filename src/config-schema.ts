import { ownValue } from './text.js'
import type { Diagnostic } from './types.js'
import { headTagProblems } from './head-tags.js'
import { isPlainObject, valueProblems, type Report } from './config-values.js'
import { nearest } from './suggest.js'

// Hand-written on purpose: about twenty options do not justify a schema library, and each message
// names the key path, the file and (found by searching the source) the line.
type Shape =
  | 'string'
  | 'number'
  | 'boolean'
  | 'function'
  | 'any'
  | { enum: readonly string[] }
  | { object: Record<string, Shape>; required?: readonly string[] }
  | { array: Shape }
  | { record: Shape }
  | { oneOf: readonly Shape[] }
  | 'navbarItem'
  | 'sidebarItem'

const logo: Shape = {
  object: {
    src: 'string',
    srcDark: 'string',
    alt: 'string',
    href: 'string',
    width: 'number',
    height: 'number',
  },
  required: ['src'],
}
const linkItem: Shape = { object: { label: 'string', to: 'string', href: 'string' }, required: ['label'] }
const attributes: Shape = { record: { oneOf: ['string', 'boolean'] } }
// A script or stylesheet: its URL, or its attributes (any name; `src`/`href` checked in head-tags.ts).
const headItem: Shape = { array: { oneOf: ['string', attributes] } }

const SCHEMA: Shape = {
  object: {
    layout: { enum: ['docs-site', 'docusaurus'] },
    code: { object: { languages: { array: 'string' } } },
    title: 'string',
    tagline: 'string',
    customFields: { record: 'any' },
    url: 'string',
    baseUrl: 'string',
    favicon: 'string',
    image: 'string',
    customCss: { oneOf: ['string', { array: 'string' }] },
    outDir: 'string',
    trailingSlash: 'boolean',
    search: 'boolean',
    socialCards: 'boolean',
    onBrokenLinks: { enum: ['error', 'warn'] },
    onBrokenMarkdownLinks: { enum: ['error', 'warn'] },
    onBrokenAnchors: { enum: ['error', 'warn'] },
    api: { object: { onBrokenLinks: { enum: ['error', 'warn', 'ignore'] }, schemasInSidebar: 'boolean' } },
    i18n: {
      object: {
        defaultLocale: 'string',
        locales: {
          record: {
            object: {
              label: 'string',
              htmlLang: 'string',
              direction: { enum: ['ltr', 'rtl'] },
              path: 'string',
            },
            required: ['label', 'htmlLang'],
          },
        },
      },
    },
    docs: {
      object: {
        exclude: { array: 'string' },
        editUrl: { oneOf: ['string', 'function'] },
        path: 'string',
        sidebarCollapsed: 'boolean',
        breadcrumbs: 'boolean',
        showLastUpdateTime: 'boolean',
        showLastUpdateAuthor: 'boolean',
        sidebars: { record: { array: 'sidebarItem' } },
        versions: {
          array: {
            object: {
              name: 'string',
              label: 'string',
              path: 'string',
              banner: { enum: ['none', 'unmaintained', 'unreleased'] },
              sidebars: { record: { array: 'sidebarItem' } },
              sidebarsFile: 'string',
              openapi: 'string',
            },
            required: ['name'],
          },
        },
      },
    },
    navbar: { object: { title: 'string', logo, items: { array: 'navbarItem' }, hideOnScroll: 'boolean' } },
    footer: {
      object: {
        style: { enum: ['light', 'dark'] },
        links: {
          oneOf: [
            {
              array: {
                object: { title: 'string', items: { array: linkItem } },
                required: ['title', 'items'],
              },
            },
            { array: linkItem },
          ],
        },
        logo,
        copyright: 'string',
      },
    },
    announcementBar: {
      object: {
        id: 'string',
        content: 'string',
        backgroundColor: 'string',
        textColor: 'string',
        isCloseable: 'boolean',
      },
      required: ['id', 'content'],
    },
    markdown: {
      object: {
        format: { enum: ['md', 'mdx', 'detect'] },
        mdxFallback: 'boolean',
        remarkPlugins: { array: 'any' },
        rehypePlugins: { array: 'any' },
        beforeDefaultRemarkPlugins: { array: 'any' },
      },
    },
    toc: { object: { minHeadingLevel: 'number', maxHeadingLevel: 'number' } },
    imageZoom: {
      object: {
        selector: 'string',
        margin: 'number',
        scrollOffset: 'number',
        background: { object: { light: 'string', dark: 'string' }, required: ['light', 'dark'] },
      },
    },
    blog: {
      oneOf: [
        'boolean',
        {
          object: {
            exclude: { array: 'string' },
            postsPerPage: 'number',
            sidebarCount: { oneOf: ['number', { enum: ['ALL'] }] },
            feedTitle: 'string',
            feedCopyright: 'string',
            routeBasePath: 'string',
            path: 'string',
            title: 'string',
            description: 'string',
            sidebarTitle: 'string',
          },
        },
      ],
    },
    pages: { object: { exclude: { array: 'string' } } },
    headTags: {
      array: {
        object: { tagName: 'string', attributes, innerHTML: 'string' },
        required: ['tagName', 'attributes'],
      },
    },
    scripts: headItem,
    stylesheets: headItem,
    clientRedirects: {
      object: {
        redirects: {
          array: {
            object: { from: { oneOf: ['string', { array: 'string' }] }, to: 'string' },
            required: ['from', 'to'],
          },
        },
        createRedirects: 'function',
        fromExtensions: { array: 'string' },
        toExtensions: { array: 'string' },
      },
    },
    llms: {
      oneOf: [
        'boolean',
        {
          object: {
            sections: {
              array: {
                object: { title: 'string', description: 'string', paths: { array: 'string' } },
                required: ['title', 'paths'],
              },
            },
            include: { array: { enum: ['docs', 'api', 'blog'] } },
          },
        },
      ],
    },
  },
}

const NAV_BASE = {
  position: { enum: ['left', 'right'] },
  activeBasePath: 'string',
  activeBaseRegex: 'string',
  docsPluginId: 'string',
} as const
/** Links a version or locale menu lists before and after its own entries. */
const NAV_EXTRA = {
  dropdownItemsBefore: { array: 'navbarItem' },
  dropdownItemsAfter: { array: 'navbarItem' },
} as const
const NAV_TYPES: Record<string, { object: Record<string, Shape>; required?: string[] }> = {
  default: {
    object: { type: 'string', label: 'string', to: 'string', href: 'string', ...NAV_BASE },
    required: ['label'],
  },
  dropdown: {
    object: { type: 'string', label: 'string', to: 'string', items: { array: 'navbarItem' }, ...NAV_BASE },
    required: ['label', 'items'],
  },
  localeDropdown: { object: { type: 'string', label: 'string', ...NAV_EXTRA, ...NAV_BASE } },
  search: { object: { type: 'string', ...NAV_BASE } },
  html: { object: { type: 'string', html: 'string', ...NAV_BASE }, required: ['html'] },
  doc: { object: { type: 'string', docId: 'string', label: 'string', ...NAV_BASE }, required: ['docId'] },
  docSidebar: {
    object: { type: 'string', sidebarId: 'string', label: 'string', ...NAV_BASE },
    required: ['sidebarId', 'label'],
  },
  docsVersion: { object: { type: 'string', label: 'string', to: 'string', ...NAV_BASE } },
  docsVersionDropdown: { object: { type: 'string', label: 'string', ...NAV_EXTRA, ...NAV_BASE } },
}
const SIDEBAR_TYPES: Record<string, { object: Record<string, Shape>; required?: string[] }> = {
  doc: {
    object: { type: 'string', id: 'string', label: 'string', ref: 'boolean', className: 'string' },
    required: ['id'],
  },
  link: {
    object: { type: 'string', label: 'string', href: 'string', className: 'string' },
    required: ['label', 'href'],
  },
  autogenerated: { object: { type: 'string', dirName: 'string' }, required: ['dirName'] },
  api: { object: { type: 'string' } },
  category: {
    object: {
      type: 'string',
      label: 'string',
      items: { array: 'sidebarItem' },
      collapsed: 'boolean',
      collapsible: 'boolean',
      className: 'string',
      link: {
        object: {
          type: { enum: ['generated-index', 'doc'] },
          slug: 'string',
          title: 'string',
          description: 'string',
          id: 'string',
        },
        required: ['type'],
      },
    },
    required: ['label', 'items'],
  },
}

/** Checks a user config against the schema; returns one diagnostic per problem. */
export function validateUserConfig(config: unknown, file: string, source: string | undefined): Diagnostic[] {
  const out: Diagnostic[] = []
  const report = (keyPath: string, message: string, hint?: string) => {
    const key =
      keyPath
        .split(/[.[\]]/)
        // An array's index is not written in the source: its key is where the line is.
        .filter((k) => k && !/^\d+$/.test(k))
        .pop() ?? ''
    out.push({
      severity: 'error',
      code: 'config',
      message: `${keyPath ? `"${keyPath}" ` : ''}${message}`,
      at: { file, ...locate(source, key) },
      hint,
    })
  }
  check(config, SCHEMA, '', report)
  if (isPlainObject(config)) for (const p of headTagProblems(config)) report(p.path, p.message)
  if (isPlainObject(config)) valueProblems(config, report)
  return out
}

function check(value: unknown, shape: Shape, at: string, report: Report): void {
  if (value === undefined) return
  if (shape === 'any') return
  if (shape === 'string' || shape === 'number' || shape === 'boolean' || shape === 'function') {
    if (typeof value !== shape) report(at, `must be a ${shape}, got ${describe(value)}`)
    return
  }
  if (shape === 'navbarItem')
    return checkTyped(
      value,
      NAV_TYPES,
      'default',
      at,
      report,
      (t) => `No NavbarItem component found for type "${t}"`,
    )
  if (shape === 'sidebarItem') {
    if (typeof value === 'string') return
    return checkTyped(value, SIDEBAR_TYPES, undefined, at, report, (t) => `unknown sidebar item type "${t}"`)
  }
  if ('enum' in shape) {
    if (typeof value !== 'string' || !shape.enum.includes(value))
      report(at, `must be one of ${shape.enum.map((e) => `"${e}"`).join(', ')}, got ${describe(value)}`)
    return
  }
  if ('oneOf' in shape) {
    // A plain object is checked against the one object shape offered: its own messages (an
    // unknown key, with a suggestion) say more than "has the wrong shape".
    const objects = shape.oneOf.filter((s) => typeof s === 'object' && 'object' in s)
    if (isPlainObject(value) && objects.length === 1) return check(value, objects[0]!, at, report)
    const attempts = shape.oneOf.map((s) => {
      const errs: Array<{ path: string; text: string }> = []
      check(value, s, at, (p, m) => errs.push({ path: p, text: `${p} ${m}` }))
      return errs
    })
    // The alternative that matched deepest (an object with one bad field) explains best.
    const best = attempts.reduce((a, b) => (b[0] && a[0] && b[0].path.length > a[0].path.length ? b : a))
    if (attempts.every((e) => e.length > 0)) report(at, `has the wrong shape: ${best[0]!.text}`)
    return
  }
  if ('array' in shape) {
    if (!Array.isArray(value)) return report(at, `must be an array, got ${describe(value)}`)
    value.forEach((v, i) => check(v, shape.array, `${at}[${i}]`, report))
    return
  }
  if (!isPlainObject(value)) return report(at, `must be an object, got ${describe(value)}`)
  if ('record' in shape) {
    for (const [k, v] of Object.entries(value)) check(v, shape.record, join(at, k), report)
    return
  }
  const known = Object.keys(shape.object)
  for (const [k, v] of Object.entries(value)) {
    const s = ownValue(shape.object, k)
    if (!s) {
      const near = nearest(k, known)
      report(
        join(at, k),
        'is not a known config key',
        near ? `did you mean "${near}"?` : `known keys: ${known.join(', ')}`,
      )
    } else check(v, s, join(at, k), report)
  }
  for (const r of shape.required ?? [])
    if ((value as Record<string, unknown>)[r] === undefined) report(join(at, r), 'is required')
}

function checkTyped(
  value: unknown,
  types: typeof NAV_TYPES,
  fallback: string | undefined,
  at: string,
  report: Report,
  unknownType: (t: string) => string,
): void {
  if (!isPlainObject(value)) return report(at, `must be an object, got ${describe(value)}`)
  const type = (value.type as string | undefined) ?? fallback
  const shape = type === undefined ? undefined : ownValue(types, type)
  if (!shape) return report(at, unknownType(String(type)), `known types: ${Object.keys(types).join(', ')}`)
  check(value, shape, at, report)
}

const join = (at: string, key: string) => (at ? `${at}.${key}` : key)
const describe = (v: unknown) =>
  v === null ? 'null' : Array.isArray(v) ? 'an array' : typeof v === 'string' ? JSON.stringify(v) : typeof v

/** Line and column of the first `key:` in the config source, for a clickable location. */
function locate(source: string | undefined, key: string): { line?: number; column?: number } {
  if (!source || !key) return {}
  const re = new RegExp(`(^|[\\s{,'"])(${key.replace(/[^\w$]/g, '\\$&')})['"]?\\s*:`)
  const lines = source.split('\n')
  for (let i = 0; i < lines.length; i++) {
    const m = re.exec(lines[i]!)
    if (m) return { line: i + 1, column: m.index + m[1]!.length + 1 }
  }
  return {}
}
