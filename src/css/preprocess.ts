import fs from 'node:fs'
import path from 'node:path'
import { createRequire } from 'node:module'
import type * as esbuild from 'esbuild'
import { compileSass, type SassModule } from './sass.js'
import { compileLess, type LessModule } from './less.js'
import type { Diagnostic, DiagnosticCode } from '../types.js'
import type { CompiledStyle, StyleProblem } from './resolve.js'

// Sass and Less stylesheets (a Docusaurus site's `custom.scss` with docusaurus-plugin-sass, a
// React page's `index.module.scss`, docusaurus-plugin-less's `.less`) are compiled to CSS with the
// project's own `sass` or `less` package, found from the project's folder as Docusaurus finds
// them (the plugins leave the compiler to the site to install). docs-site never imports either:
// a site that has no Sass needs neither. The CSS they give then goes the way of any stylesheet
// (src/site-css.ts, src/mdx/page-css.ts): url()s relative to the compiled file, as with Docusaurus's
// sass-loader, which does not rewrite the url()s of a partial either.

/** A file in a language compiled to CSS. */
export const STYLE_LANGUAGE = /\.(scss|sass|less)$/

export type { CompiledStyle, StyleProblem } from './resolve.js'

/** Why a stylesheet did not compile: its error, or the package the project lacks. */
export interface StyleFailure extends StyleProblem {
  /** Brands the failure, so it can travel through esbuild's `detail`. */
  readonly style: true
  /** The stylesheet that was being compiled, absolute. */
  readonly stylesheet: string
  /** Set when the project has no compiler: the package to install (`sass`, `less`). */
  readonly missing?: string
}

/** The packages tried for each language, in order; the first is the one to install. */
const PACKAGES = { sass: ['sass', 'sass-embedded', 'node-sass'], less: ['less'] } as const

/** Compiles a Sass or Less file with the project's package. */
export async function compileStyle(file: string, root: string): Promise<CompiledStyle | StyleFailure> {
  const language = file.endsWith('.less') ? 'less' : 'sass'
  const { module, broken } = loadCompiler(language, root)
  if (broken) return { style: true, stylesheet: file, message: broken }
  if (!module) return { style: true, stylesheet: file, missing: language, message: missingMessage(language) }
  const out =
    language === 'less'
      ? await compileLess(module as LessModule, file, root)
      : await compileSass(module as SassModule, file, root)
  return 'css' in out ? out : { ...out, style: true, stylesheet: file }
}

export const isStyleFailure = (v: unknown): v is StyleFailure =>
  !!v && typeof v === 'object' && (v as StyleFailure).style === true

const missingMessage = (pkg: string) =>
  `the project has no "${pkg}" package to compile it (Docusaurus's ${pkg === 'less' ? 'docusaurus-plugin-less' : 'docusaurus-plugin-sass'} needs it too)`

/**
 * A failure as the diagnostic a user reads: a compile error at its file, line and column; a
 * missing package once per build, naming the stylesheet, at `where` (the config line or the import
 * that named it).
 */
export function styleDiagnostic(
  failure: StyleFailure,
  root: string,
  code: DiagnosticCode,
  where: Pick<Diagnostic, 'at' | 'source'>,
): Diagnostic {
  const name = relative(root, failure.stylesheet)
  if (failure.missing)
    return {
      severity: 'error',
      code,
      message: `${name} is ${failure.missing === 'less' ? 'Less' : 'Sass'}, and ${failure.message}`,
      hint: `install it in the project: npm install --save-dev ${failure.missing}`,
      ...where,
      once: `style-package:${failure.missing}`,
    }
  const place = problemPlace(failure, root)
  if (!place.at) return { severity: 'error', code, message: `${name}: ${failure.message}`, ...where }
  // A partial that several stylesheets use is reported once.
  const { file, line, column } = place.at
  return {
    severity: 'error',
    code,
    message: failure.message,
    ...place,
    once: `style:${file}:${line}:${column}`,
  }
}

/**
 * The first of the language's packages the project can load, from its own folder up: its module,
 * undefined when none is installed, or the message of one that is installed but fails to load
 * (node-sass without its native binding).
 */
function loadCompiler(language: keyof typeof PACKAGES, root: string): { module?: unknown; broken?: string } {
  const require = createRequire(path.join(root, 'package.json'))
  let broken: string | undefined
  for (const name of PACKAGES[language]) {
    let resolved: string
    try {
      resolved = require.resolve(name)
    } catch {
      continue
    }
    try {
      return { module: require(resolved) }
    } catch (err) {
      broken ??= `the project's "${name}" package did not load: ${(err as Error).message.split('\n')[0]}`
    }
  }
  return { broken }
}

/**
 * esbuild's answer for a Sass or Less file: its CSS (`loader` says whether as a CSS module), or
 * the failure as an error whose `detail` carries it, for the caller to report with its file and
 * line. `read` hears of every file compiled in; `transform` is applied to the CSS.
 */
export async function loadStyle(
  file: string,
  root: string,
  loader: 'css' | 'local-css',
  read?: (files: readonly string[]) => void,
  transform: (css: string) => string = (css) => css,
): Promise<esbuild.OnLoadResult> {
  const out = await compileStyle(file, root)
  if (isStyleFailure(out)) return { errors: [{ text: out.message, detail: out }] }
  read?.(out.files)
  return {
    contents: transform(out.css),
    loader,
    resolveDir: path.dirname(file),
    watchFiles: [...out.files],
    warnings: out.warnings.map((w) => ({ text: w.message, detail: w })),
  }
}

/** A problem's place, relative to the project, with the file's text for a code frame. */
export function problemPlace(p: StyleProblem, root: string): Pick<Diagnostic, 'at' | 'source'> {
  if (!p.file) return {}
  let source: string | undefined
  try {
    source = fs.readFileSync(p.file, 'utf8')
  } catch {
    source = undefined
  }
  return {
    at: { file: relative(root, p.file), line: p.line, column: p.column },
    ...(source !== undefined && p.line ? { source } : {}),
  }
}

export const relative = (root: string, file: string) => path.relative(root, file).split(path.sep).join('/')
