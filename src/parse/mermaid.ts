import { createHash } from 'node:crypto'
import fs from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { Worker } from 'node:worker_threads'
import type { Diagnostic, SourceLocation } from '../types.js'
import { escapeHtml } from '../text.js'

/** Attribute of a diagram's figure; its value is the URL of mermaid's browser module. */
export const MERMAID_MARKER = 'data-mermaid='

/** mermaid's browser build (an ES module and its chunks), copied as is into the output. */
export function mermaidDist(): { dir: string; entry: string; hash: string } {
  const pkg = createRequire(import.meta.url).resolve('mermaid/package.json')
  const dir = path.join(path.dirname(pkg), 'dist')
  const entry = 'mermaid.esm.min.mjs'
  const hash = createHash('sha256')
    .update(fs.readFileSync(pkg))
    .update(fs.readFileSync(path.join(dir, entry)))
    .digest('hex')
    .slice(0, 10)
  return { dir, entry, hash }
}

/** A module's name in the output: `.js`, which every server types as JavaScript. */
export const mermaidModule = (name: string) => name.replace(/\.mjs$/, '.js')

/** Where the browser module is served from: `assets/mermaid.<hash>/`, immutable like the others. */
export const mermaidAssetDir = (hash: string) => `assets/mermaid.${hash}`

/**
 * A ```mermaid fence: its source in a <pre> (what search indexes and what readers without
 * JavaScript see), in a figure the client turns into the diagram. Rendering needs a browser's
 * layout engine, so it happens there, from a module only pages with a diagram load.
 */
export function mermaidFigure(
  source: string,
  moduleUrl: string,
  labels: { diagram: string; diagramError: string },
): string {
  return `<figure class="mermaid" ${MERMAID_MARKER}"${escapeHtml(moduleUrl)}" data-label="${escapeHtml(labels.diagram)}" data-error="${escapeHtml(labels.diagramError)}"><pre class="mermaid-source"><code>${escapeHtml(source.replace(/\n$/, ''))}</code></pre></figure>\n`
}

export interface MermaidChecker {
  /** Queues a diagram for a syntax check; `at` is the line of its opening fence. */
  add(source: string, at: SourceLocation): void
  /** The warnings of every diagram queued, once all are checked. */
  settle(): Promise<Diagnostic[]>
}

/**
 * Checks diagrams' syntax with mermaid's own parser, which runs in Node without a DOM for every
 * diagram type. It loads in about a second, so it runs on a worker thread started at the first
 * diagram, while the build goes on. After parsing, some types (state, class, journey, mindmap)
 * clean their labels with DOMPurify, which needs a browser and throws here: that is not a syntax
 * error, so it passes (the page still shows any error met when it renders).
 *
 * Diagrams met after `settle` are not checked: serve settles at start and renders pages later,
 * and a worker started for them would never be asked for its warnings nor ended (it held the
 * process open after serve closed, with mermaid loaded, one per revision).
 */
export function createMermaidChecker(): MermaidChecker {
  const at: SourceLocation[] = []
  const results: Array<Promise<CheckResult>> = []
  let worker: CheckWorker | undefined
  let settled = false
  return {
    add(source, where) {
      if (settled) return
      worker ??= startWorker()
      at.push(where)
      results.push(worker.check(source))
    },
    async settle() {
      settled = true
      const out = await Promise.all(results)
      worker?.stop()
      return out.flatMap((r, i): Diagnostic[] => {
        if (!r) return []
        const fence = at[i]!
        // The diagram's first line is the one after the fence.
        const line = (fence.line ?? 0) + (r.line ?? 1)
        return [
          {
            severity: 'warning',
            code: 'markdown',
            message: `mermaid: ${r.message}`,
            at: { file: fence.file, line, column: 1 },
          },
        ]
      })
    },
  }
}

type CheckResult = { message: string; line?: number } | null

/** The worker: plain JavaScript, so it needs no TypeScript loader in either way the CLI runs. */
const WORKER = `
const { parentPort, workerData } = require('node:worker_threads')
const syntax = (e) => e && (e.hash || /Parse error|Parsing failed|No diagram type|Lexical error/i.test(e.message))
const ready = import(workerData.url).then((m) => m.default)
parentPort.on('message', async ({ id, source }) => {
  let result = null
  try {
    await (await ready).parse(source)
  } catch (e) {
    const text = String(e && e.message)
    // The parser's own position first: its message's "on line N" counts differently.
    const on = /on line (\\d+)/.exec(text)
    const line = e && e.hash && e.hash.loc ? e.hash.loc.first_line : on ? Number(on[1]) : undefined
    // "Parse error on line 2: <the line> <a caret> Expecting …": its last line says what was
    // wrong; other messages ("No diagram type detected … for text: <the diagram>") their first.
    const lines = text.split('\\n').filter(Boolean)
    if (syntax(e)) result = { message: /^Parse error on line/.test(lines[0] || '') ? lines.pop() : lines[0], line }
  }
  parentPort.postMessage({ id, result })
})
`

interface CheckWorker {
  check(source: string): Promise<CheckResult>
  stop(): void
}

function startWorker(): CheckWorker {
  const { dir, entry } = mermaidDist()
  const worker = new Worker(WORKER, {
    eval: true,
    workerData: { url: pathToFileURL(path.join(dir, entry)).href },
  })
  const waiting = new Map<number, (r: CheckResult) => void>()
  worker.on('message', ({ id, result }: { id: number; result: CheckResult }) => {
    waiting.get(id)?.(result)
    waiting.delete(id)
  })
  // A checker that cannot run (mermaid missing or broken) checks nothing: no diagnostics.
  worker.on('error', () => {
    for (const resolve of waiting.values()) resolve(null)
    waiting.clear()
  })
  let next = 0
  return {
    check(source) {
      const id = next++
      worker.postMessage({ id, source })
      return new Promise((resolve) => waiting.set(id, resolve))
    },
    stop: () => void worker.terminate(),
  }
}
