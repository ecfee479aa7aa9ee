import fs from 'node:fs'
import path from 'node:path'
import zlib from 'node:zlib'
import type { BrowserContext, Page } from 'playwright-core'

export interface PageLoad {
  readonly context: BrowserContext
  readonly page: Page
  readonly errors: string[]
  readonly scripts: { readonly files: Map<string, number>; total(): number }
  readonly logs: string[]
}

/**
 * Every script the page fetches, by path, with its size gzipped at level 9 as a CDN would serve
 * it (read from the built folder): what a reader downloads, chunks and dynamic imports included.
 */
export function scriptsOf(page: Page, builtDir: string): PageLoad['scripts'] {
  const files = new Map<string, number>()
  page.on('request', (r) => {
    if (r.resourceType() !== 'script') return
    const pathname = new URL(r.url()).pathname
    const file = path.join(builtDir, decodeURIComponent(pathname))
    if (fs.existsSync(file)) files.set(pathname, zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length)
  })
  return { files, total: () => [...files.values()].reduce((a, b) => a + b, 0) }
}

/** Console errors and warnings (hydration mismatches, failed loads), as the page logs them. */
export function consoleProblems(page: Page): string[] {
  const logs: string[] = []
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') logs.push(`${m.type()}: ${m.text()}`)
  })
  return logs
}

/**
 * Islands whose markup differs, after hydration, from the page as the server sent it (comments
 * and text node splits aside): one line per island with where it starts to differ.
 */
export function islandMarkupChanges(page: Page): Promise<string[]> {
  // A plain loop, no inner named functions: tsx would name them with a helper the page lacks.
  return page.evaluate(async () => {
    const served = new DOMParser().parseFromString(await (await fetch(location.href)).text(), 'text/html')
    const selector = '[data-island], [data-mdx-island]'
    const live = [...document.querySelectorAll(selector)]
    const changes: string[] = []
    for (const [i, el] of [...served.querySelectorAll(selector)].entries()) {
      const [a, b] = [el, live[i]].map((node) => {
        if (!node) return ''
        const copy = node.cloneNode(true) as Element
        const walker = document.createTreeWalker(copy, NodeFilter.SHOW_COMMENT)
        const comments: Node[] = []
        while (walker.nextNode()) comments.push(walker.currentNode)
        for (const c of comments) c.parentNode!.removeChild(c)
        copy.normalize()
        return copy.innerHTML
      }) as [string, string]
      if (a === b) continue
      let at = 0
      while (a[at] === b[at]) at++
      const name = (el as HTMLElement).dataset.island ?? (el as HTMLElement).dataset.mdxIsland
      changes.push(`${name}: server …${a.slice(at - 30, at + 60)}… browser …${b.slice(at - 30, at + 60)}…`)
    }
    return changes
  })
}
