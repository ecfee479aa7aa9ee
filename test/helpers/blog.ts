import type { BuildResult, Diagnostic, UserConfig } from '../../src/types.js'
import { DocsSiteError } from '../../src/errors.js'
import { buildDir } from './index.js'

/** The config the blog fixture is built with (tests override parts of it). */
export const BLOG_CONFIG: UserConfig = {
  title: 'Fixture',
  url: 'https://fixture.example',
  docs: { editUrl: 'https://github.com/acme/site/edit/main/' },
  blog: { postsPerPage: 2 },
}

/** Builds a project folder in memory with the blog config (plus overrides). */
export function buildBlogDir(dir: string, overrides: UserConfig = {}): Promise<BuildResult> {
  return buildDir(dir, { ...BLOG_CONFIG, ...overrides, blog: { ...BLOG_CONFIG.blog, ...overrides.blog } })
}

/** The diagnostics of a build expected to fail. */
export async function failingBuild(dir: string, overrides: UserConfig = {}): Promise<readonly Diagnostic[]> {
  try {
    await buildBlogDir(dir, overrides)
  } catch (err) {
    if (err instanceof DocsSiteError) return err.diagnostics
    throw err
  }
  throw new Error('the build succeeded')
}

/** The <main> element of a page: the part a golden file compares (no hashed asset names). */
export function mainOf(page: string): string {
  const m = /<main[\s\S]*<\/main>/.exec(page)
  if (!m) throw new Error('no <main> in page')
  return m[0].replace(/></g, '>\n<') + '\n'
}
