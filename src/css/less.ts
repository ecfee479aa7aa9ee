import fs from 'node:fs'
import path from 'node:path'
import { packagePath, type CompiledStyle, type StyleProblem } from './resolve.js'

// A Less file compiled with the project's own `less` (docusaurus-plugin-less's peer). Less finds
// relative imports itself; `~pkg/x` and `@site/x`, which webpack's less-loader resolves for
// Docusaurus, are resolved by a file manager of ours. Only what docs-site calls is typed here.

interface FileManager {
  loadFile(filename: string, currentDirectory: string, options: object, environment: object): Promise<unknown>
}

export interface LessModule {
  render(
    input: string,
    options: { filename: string; paths: string[]; plugins: object[] },
  ): Promise<{ css: string; imports: string[] }>
  FileManager: new () => FileManager
}

interface LessError {
  readonly message?: string
  readonly filename?: string
  readonly line?: number | null
  readonly column?: number
}

/** The CSS of a Less file, or its error where it is. */
export async function compileLess(
  less: LessModule,
  file: string,
  root: string,
): Promise<CompiledStyle | StyleProblem> {
  try {
    const out = await less.render(fs.readFileSync(file, 'utf8'), {
      filename: file,
      // A bare `@import 'pkg/x.less'` is found in the project's packages too, as less-loader does.
      paths: [path.dirname(file), path.join(root, 'node_modules')],
      plugins: [packageImports(less, root)],
    })
    return { css: out.css, files: [file, ...out.imports.filter((f) => path.isAbsolute(f))], warnings: [] }
  } catch (err) {
    const e = err as LessError
    const file = e.filename && path.isAbsolute(e.filename) ? e.filename : undefined
    // Less counts lines from 1 and columns from 0.
    return {
      message: `Less: ${e.message ?? String(err)}`,
      ...(file ? { file, line: e.line ?? undefined, column: (e.column ?? 0) + 1 } : {}),
    }
  }
}

function packageImports(less: LessModule, root: string): object {
  class PackageFiles extends less.FileManager {
    supports(filename: string) {
      return filename.startsWith('~') || filename.startsWith('@site/')
    }
    supportsSync() {
      return false
    }
    override loadFile(filename: string, currentDirectory: string, options: object, environment: object) {
      const spec = filename.replace(/^~/, '')
      const found = packagePath(spec, currentDirectory || root, root) ?? spec
      return super.loadFile(found, '', options, environment)
    }
  }
  return {
    install: (_: unknown, manager: { addFileManager(m: object): void }) =>
      manager.addFileManager(new PackageFiles()),
  }
}
