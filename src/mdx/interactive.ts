import fs from 'node:fs'
import path from 'node:path'

// Which of a Docusaurus site's own modules need the browser. In Docusaurus every page hydrates;
// here a page or component ships JavaScript only when its code, or a site module it imports, keeps
// state, runs effects or handles events. Packages from node_modules are not looked into: most use
// hooks for their own bookkeeping whether or not they do anything in the browser, so they would
// make nearly every page an island; the author's code that hands them a handler or state is seen.

/** Hooks that only do something in the browser, and JSX event-handler props (`onClick={…}`). */
const INTERACTIVE =
  /\buse(?:State|Reducer|Effect|LayoutEffect|InsertionEffect|SyncExternalStore|Transition|DeferredValue|ActionState|Optimistic)\s*[(<]|\bon[A-Z][A-Za-z]*\s*=\s*\{/

/** JSX or createElement: a module that renders something (a hook's module does not). */
const RENDERS = /<\/|\/>|createElement\(/

/** import … from 'x', import 'x', export … from 'x', require('x'), import('x'). */
const IMPORT =
  /\b(?:import|export)\s[^'";]*?\bfrom\s*['"]([^'"]+)['"]|\bimport\s*['"]([^'"]+)['"]|\b(?:require|import)\s*\(\s*['"]([^'"]+)['"]\s*\)/g

/**
 * The Docusaurus modules that have a browser version (theme/mdx/browser.tsx), each export by the
 * name it has there. A module importing another one (CodeBlock, which highlights at build time,
 * DocCardList, which reads the docs folder) renders only at build time.
 */
export const BROWSER_MODULES: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  '@theme/Layout': { default: 'Layout' },
  '@theme/Heading': { default: 'Heading' },
  '@theme/Details': { default: 'Details' },
  '@docusaurus/Head': { default: 'Head' },
  '@docusaurus/Link': { default: 'Link' },
  '@docusaurus/useBaseUrl': { default: 'useBaseUrl', useBaseUrlUtils: 'useBaseUrlUtils' },
  '@docusaurus/useDocusaurusContext': { default: 'useDocusaurusContext' },
}

export interface ModuleScan {
  /** The module or one it imports from the site is interactive. */
  readonly interactive: boolean
  /** A Docusaurus module it needs that cannot run in the browser, if any. */
  readonly buildOnly: string | undefined
  /** The module renders markup (JSX or createElement), so its default export may be a component. */
  readonly renders: boolean
}

/** Resolves an import as the page's bundle does: an absolute path, or undefined for a package. */
export type Resolve = (specifier: string, importer: string) => Promise<string | undefined>

/** Answers `scan` once per file for a whole build (the files do not change during it). */
export class InteractiveScanner {
  private readonly scans = new Map<string, Promise<ModuleScan>>()

  constructor(
    private readonly root: string,
    private readonly provided: (id: string) => boolean,
  ) {}

  scan(file: string, resolve: Resolve): Promise<ModuleScan> {
    let scan = this.scans.get(file)
    if (!scan) {
      // Set before it runs: an import cycle comes back to this entry instead of looping.
      const pending: ModuleScan = { interactive: false, buildOnly: undefined, renders: false }
      this.scans.set(file, Promise.resolve(pending))
      scan = this.read(file, resolve)
      this.scans.set(file, scan)
    }
    return scan
  }

  private async read(file: string, resolve: Resolve): Promise<ModuleScan> {
    const text = stripComments(fs.readFileSync(file, 'utf8'))
    let interactive = INTERACTIVE.test(text)
    let buildOnly: string | undefined
    for (const m of text.matchAll(IMPORT)) {
      const spec = (m[1] ?? m[2] ?? m[3])!
      if (this.provided(spec)) {
        if (/^@(theme|docusaurus)\//.test(spec) && !BROWSER_MODULES[spec]) buildOnly ??= spec
        continue
      }
      const target =
        /\.[cm]?[jt]sx?$/.test(spec) || !/\.\w+$/.test(spec) ? await resolve(spec, file) : undefined
      if (!target || !this.isSiteCode(target)) continue
      const inner = await this.scan(target, resolve)
      interactive ||= inner.interactive
      buildOnly ??= inner.buildOnly
    }
    return { interactive, buildOnly, renders: RENDERS.test(text) }
  }

  /** The site's own scripts, not its packages. */
  isSiteCode(file: string): boolean {
    const rel = path.relative(this.root, file)
    return (
      /\.[cm]?[jt]sx?$/.test(file) &&
      !rel.startsWith('..') &&
      !path.isAbsolute(rel) &&
      !rel.split(path.sep).includes('node_modules')
    )
  }
}

/** Comments may name a hook without using it. (A `//` inside a string is rare in components.) */
const stripComments = (text: string) =>
  text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[\s;{}])\/\/[^\n]*/g, '$1')
