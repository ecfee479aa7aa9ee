import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { packagePath, type CompiledStyle, type StyleProblem } from './resolve.js'

// A Sass file compiled with the project's own Sass: `sass` or `sass-embedded` through their
// current API (compileAsync, since Sass 1.45), an older `sass` or `node-sass` through the one
// before it (render). Only what docs-site calls is typed here: the project's package may be of any
// version, and docs-site does not depend on it.

interface Span {
  readonly url?: URL | null
  readonly start: { readonly line: number; readonly column: number }
}

interface FileImporter {
  findFileUrl(url: string, context?: { containingUrl?: URL | null }): URL | null
}

interface Logger {
  warn(message: string, options: { deprecation?: boolean; span?: Span; stack?: string }): void
  debug(): void
}

interface CurrentApi {
  compileAsync(
    file: string,
    options: {
      importers: FileImporter[]
      logger: Logger
      quietDeps: boolean
      style: 'expanded'
    },
  ): Promise<{ css: string; loadedUrls: URL[] }>
}

interface OlderApi {
  render(
    options: {
      file: string
      importer: (url: string, prev: string) => { file: string } | null
      outputStyle: 'expanded'
      logger: Logger
      quietDeps: boolean
      silenceDeprecations: string[]
    },
    done: (err: OlderError | null, result?: { css: Uint8Array; stats: { includedFiles: string[] } }) => void,
  ): void
}

interface OlderError extends Error {
  readonly file?: string
  readonly line?: number
  readonly column?: number
}

export type SassModule = Partial<CurrentApi & OlderApi>

/** The CSS of a Sass file, or its error where it is. */
export async function compileSass(
  sass: SassModule,
  file: string,
  root: string,
): Promise<CompiledStyle | StyleProblem> {
  if (sass.compileAsync) return current(sass as CurrentApi, file, root)
  if (sass.render) return older(sass as OlderApi, file, root)
  return { message: 'the project’s Sass package has neither compileAsync nor render' }
}

async function current(sass: CurrentApi, file: string, root: string): Promise<CompiledStyle | StyleProblem> {
  const warnings: StyleProblem[] = []
  try {
    const out = await sass.compileAsync(file, {
      importers: [
        {
          findFileUrl(url, context) {
            const from = context?.containingUrl ? path.dirname(fileURLToPath(context.containingUrl)) : root
            const found = packageImport(url, from, root)
            return found ? pathToFileURL(found) : null
          },
        },
      ],
      logger: ownWarnings(warnings),
      quietDeps: true,
      style: 'expanded',
    })
    return {
      css: out.css,
      files: out.loadedUrls.filter((u) => u.protocol === 'file:').map((u) => fileURLToPath(u)),
      warnings,
    }
  } catch (err) {
    const e = err as Error & { sassMessage?: string; span?: Span }
    return { message: `Sass: ${e.sassMessage ?? e.message}`, ...spanPlace(e.span) }
  }
}

function older(sass: OlderApi, file: string, root: string): Promise<CompiledStyle | StyleProblem> {
  const warnings: StyleProblem[] = []
  return new Promise((resolve) =>
    sass.render(
      {
        file,
        importer: (url, prev) => {
          const found = packageImport(url, path.isAbsolute(prev) ? path.dirname(prev) : root, root)
          return found ? { file: found } : null
        },
        outputStyle: 'expanded',
        logger: ownWarnings(warnings),
        quietDeps: true,
        silenceDeprecations: ['legacy-js-api'],
      },
      (err, result) => {
        if (err || !result)
          return resolve({
            message: `Sass: ${(err?.message ?? 'failed').split('\n')[0]}`,
            ...(err?.file && err.file !== 'stdin'
              ? { file: err.file, line: err.line, column: err.column }
              : {}),
          })
        resolve({
          css: Buffer.from(result.css).toString('utf8'),
          files: [...result.stats.includedFiles],
          warnings: [],
        })
      },
    ),
  )
}

/**
 * Deprecation notices (of `@import`, of the site's packages) are Sass's to its users, not problems
 * of the site: only the stylesheet's own `@warn`s are passed on.
 */
function ownWarnings(warnings: StyleProblem[]): Logger {
  return {
    warn(message, options) {
      if (options.deprecation) return
      const place = options.span ? spanPlace(options.span) : stackPlace(options.stack)
      warnings.push({ message: `Sass: ${message}`, ...place })
    },
    debug() {},
  }
}

/** `~pkg/x`, `@site/x`, or a bare `pkg/x`: the file it names, or null to let Sass look on. */
function packageImport(url: string, from: string, root: string): string | null {
  if (url.startsWith('~')) return packagePath(url.slice(1), from, root) ?? null
  if (/^(\.|\/|[a-z][a-z0-9+.-]*:)/i.test(url)) return null
  return packagePath(url, from, root) ?? null
}

/** A `@warn` has no span, but a stack: `src/css/custom.scss 16:5  note()`, the file from the working folder. */
function stackPlace(stack: string | undefined): Omit<StyleProblem, 'message'> {
  const m = /^(.+?) (\d+):(\d+)\s/.exec(stack ?? '')
  if (!m) return {}
  const file = m[1]!.startsWith('file:') ? fileURLToPath(m[1]!) : path.resolve(m[1]!)
  return { file, line: Number(m[2]), column: Number(m[3]) }
}

/** Sass counts lines and columns from 0. */
function spanPlace(span: Span | undefined): Omit<StyleProblem, 'message'> {
  if (!span?.url || span.url.protocol !== 'file:') return {}
  return { file: fileURLToPath(span.url), line: span.start.line + 1, column: span.start.column + 1 }
}
