#!/usr/bin/env node
// React picks its development or production build from NODE_ENV when first imported; the
// development build renders several times slower.
process.env.NODE_ENV ??= 'production'

import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import v8 from 'node:v8'

// A build's live memory is a few hundred MB, but it allocates fast (every page's HTML, every
// twin), and V8 then lets the heap grow up to 4× what its last full collection kept before it
// collects again: at 10,000 pages that was 2.2-2.7 GB of RSS for ~540 MB live. Growing by half
// at most keeps the peak near the live set (1.3 GB there) for a few more collections. V8 reads
// this flag at each collection, so setting it here, before any work, takes effect.
v8.setFlagsFromString('--heap-growing-percent=50')
// V8 compiles a function with its optimising compiler once the function has run through a
// budget of bytecode; those compiles run on background threads, and across the main thread and
// the workers they were ~0.9 s of CPU in a 2.3 s build of 788 pages, taken from the two cores
// the build itself needs. Twice the default budget (67,584) leaves the lukewarm functions
// unoptimised: ~3% less wall time at 788 pages, the same at 10,000 pages, where every hot
// function is still optimised early in the run. It applies to the worker threads too.
v8.setFlagsFromString('--interrupt-budget=135168')
// Those compiles inline callees of up to 920 bytes of bytecode in all into each function; a third
// of that makes each compile smaller, for code about as fast: a cold build of 788 pages 0.95-0.98x
// wall and 0.96x CPU (15 and 21 alternating pairs), of 4,188 and 10,188 pages and of 2,500 API
// operations the same within the noise (1.00x, 1.02x, 0.99x). Without inlining at all, 10,188
// pages took 6% longer.
v8.setFlagsFromString('--max-inlined-bytecode-size-cumulative=300')

const root = fileURLToPath(new URL('..', import.meta.url))

// Node 20 cannot import .ts. The CLI runs from a JavaScript build of src/, shared/ and theme/ (esbuild,
// ~0.1 s, redone whenever a source file changes), which starts ~0.2 s faster than compiling
// every module through tsx's loader. Where the package folder is read-only, or with
// DOCS_SITE_FROM_SOURCE=1 (stack traces in .ts files), tsx it is.
const compiled =
  process.env.DOCS_SITE_FROM_SOURCE === '1' ? undefined : await compile().catch(() => undefined)
if (compiled) {
  // serve's first page waits for the highlight worker: it starts now, while the CLI's modules load
  // (src/worker-entry.ts).
  if (process.argv[2] === 'serve') {
    const early = compiled.replace(/cli-(\w+)\.js$/, 'worker-entry-$1.js')
    ;(await import(pathToFileURL(early).href)).startEarly('highlight-worker')
  }
  await import(pathToFileURL(compiled).href)
} else {
  // Its own tsconfig.json, not the one of the folder it runs in (JSX settings live there).
  const { register } = await import('tsx/esm/api')
  register({ tsconfig: path.join(root, 'tsconfig.json') })
  await import('../src/cli.ts')
}

/**
 * dist/cli-<hash of the sources' names, sizes and mtimes>.js, built if missing. dist/ sits one
 * level below the package root like src/, so the sources' `new URL('../theme/', import.meta.url)`
 * still point where they should.
 */
async function compile() {
  const hash = crypto.createHash('sha1')
  for (const dir of ['src', 'shared', 'theme']) {
    for (const e of fs.readdirSync(path.join(root, dir), { recursive: true, withFileTypes: true })) {
      if (!e.isFile()) continue
      const file = path.join(e.parentPath, e.name)
      const st = fs.statSync(file)
      hash.update(`${file}\0${st.size}\0${st.mtimeMs}\n`)
    }
  }
  hash.update(fs.readFileSync(path.join(root, 'package.json')))
  // This file's own build options, and the bundled copy of markdown-it (below) when the
  // installed one changes.
  hash.update(fs.readFileSync(fileURLToPath(import.meta.url)))
  hash.update(fs.readFileSync(fileURLToPath(import.meta.resolve('markdown-it/package.json'))))
  const stamp = hash.digest('hex').slice(0, 16)
  const dist = path.join(root, 'dist')
  const entry = path.join(dist, `cli-${stamp}.js`)
  if (fs.existsSync(entry)) return entry
  const esbuild = await import('esbuild')
  const result = await esbuild.build({
    entryPoints: [
      path.join(root, 'src/cli.ts'),
      path.join(root, 'src/parse/highlight-worker.ts'),
      path.join(root, 'src/social/card-worker.ts'),
      path.join(root, 'src/html/finish-worker.ts'),
      path.join(root, 'src/openapi/validate-worker.ts'),
      // serve's early start of the highlight worker (above): its code goes to a chunk the CLI
      // shares, so that both see the one worker started.
      path.join(root, 'src/worker-entry.ts'),
    ],
    // Tells the code it runs compiled, and where its workers' entries are (src/parse/highlight-parallel.ts,
    // src/social/drawer.ts, src/html/finish-pool.ts, src/openapi/validate.ts).
    define: { DOCS_SITE_COMPILED: JSON.stringify(stamp) },
    outdir: dist,
    entryNames: `[name]-${stamp}`,
    chunkNames: 'chunk-[hash]',
    write: false,
    bundle: true,
    // Chunks keep the dynamic imports lazy (serve, check-links, OpenAPI, search).
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    // Packages are not bundled: each is imported from node_modules (see requireCommonJs).
    jsx: 'automatic',
    logLevel: 'silent',
    plugins: [plainClassFields('markdown-it'), requireCommonJs()],
  })
  fs.mkdirSync(dist, { recursive: true })
  // Chunks first, the entry last, each renamed into place: a CLI running at the same time
  // never imports a half-written file, and finding the entry means its chunks are there.
  const files = result.outputFiles.sort((a, b) => Number(a.path === entry) - Number(b.path === entry))
  for (const f of files) {
    const tmp = `${f.path}.tmp-${process.pid}`
    fs.writeFileSync(tmp, f.contents)
    fs.renameSync(tmp, f.path)
  }
  // Builds of older sources: a day old at least, so no running CLI still loads chunks from them.
  const fresh = new Set(files.map((f) => f.path))
  for (const name of fs.readdirSync(dist)) {
    const p = path.join(dist, name)
    if (!fresh.has(p) && Date.now() - fs.statSync(p).mtimeMs > 86_400_000) fs.rmSync(p, { force: true })
  }
  return entry
}

/**
 * Packages whose entry is CommonJS, loaded with `require` rather than `import`. To import a
 * CommonJS module, Node first lexes its source for the names it exports, and the sources it
 * re-exports, on every thread that imports it: react-dom's server is ~500 KB of them, hot enough
 * that V8 optimises the lexer on the side. Required, the module is the same one (Node keeps one
 * per file). A package with an ES module entry is imported as before, and so is any package
 * imported on demand (`await import('swagger2openapi')`): bundled, a CommonJS module reached that
 * way would come back with its functions under `default` only, where Node gives them by name.
 */
function requireCommonJs() {
  const namespace = 'require-commonjs'
  return {
    name: namespace,
    setup(build) {
      build.onResolve({ filter: /^[^./]/ }, async (args) => {
        if (args.pluginData === namespace || args.path.startsWith('node:')) return undefined
        if (args.kind === 'dynamic-import') return { path: args.path, external: true }
        const found = await build.resolve(args.path, {
          kind: args.kind,
          importer: args.importer,
          resolveDir: args.resolveDir,
          pluginData: namespace,
        })
        if (found.errors.length || found.external || !isCommonJs(found.path)) {
          return { path: args.path, external: true }
        }
        return { path: found.path, namespace }
      })
      build.onLoad({ filter: /.*/, namespace }, (args) => ({
        // CommonJS, so that importers get its exports as Node would give them; no `require` or
        // `import.meta` in it, which an ES module bundle has not got or cannot mix.
        contents: `const file = ${JSON.stringify(args.path)}\nmodule.exports = process.getBuiltinModule('node:module').createRequire(file)(file)\n`,
        loader: 'js',
      }))
    },
  }
}

/** Whether Node reads this file as CommonJS: `.cjs`, or `.js` under a package.json without "type": "module". */
function isCommonJs(file) {
  if (file.endsWith('.cjs')) return true
  if (!file.endsWith('.js')) return false
  for (let dir = path.dirname(file); dir !== path.dirname(dir); dir = path.dirname(dir)) {
    const pkg = path.join(dir, 'package.json')
    if (fs.existsSync(pkg)) return JSON.parse(fs.readFileSync(pkg, 'utf8')).type !== 'module'
  }
  return true
}

/**
 * Bundles `pkg` with its class fields set by plain assignment. markdown-it's build defines each
 * field of each token and parser state through a helper (`_defineProperty(this, "map", null)`)
 * that turns every field into a keyed store V8 cannot specialise: 40% of markdown-it's time on
 * a docs site. The fields have no setters anywhere in the classes, so assigning them is the same
 * object. A release built differently is bundled as it is.
 */
function plainClassFields(pkg) {
  const file = fileURLToPath(import.meta.resolve(pkg))
  return {
    name: 'plain-class-fields',
    setup(build) {
      // Resolved into its own namespace, so that only this file is read by the loader below.
      build.onResolve({ filter: new RegExp(`^${pkg}$`) }, () => ({ path: file, namespace: pkg }))
      build.onLoad({ filter: /.*/, namespace: pkg }, () => {
        const source = fs.readFileSync(file, 'utf8')
        const contents = source.replace(
          /_defineProperty\(\s*this,\s*(?:\/\*[\s\S]*?\*\/\s*)?"(\w+)",/g,
          '(this.$1 =',
        )
        // Its own imports (mdurl, entities…) resolve from its folder, and stay external.
        return { contents, loader: 'js', resolveDir: path.dirname(file) }
      })
    },
  }
}
