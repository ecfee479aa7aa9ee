import fs from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import * as esbuild from 'esbuild'
import { configBundleError, DocsSiteError, EXIT } from './errors.js'
import type { Diagnostic, SidebarItemConfig, SiteConfig, UserConfig, VersionConfig } from './types.js'
import { validateUserConfig } from './config-schema.js'
import { contentRoots, CURRENT_VERSION } from './content-roots.js'
import { uiStringWarnings } from './i18n.js'
import { findDocusaurusConfig, loadDocusaurusProject } from './docusaurus/index.js'
import { checkCodeLanguages } from './docusaurus/prism.js'
import { docusaurusVersionNames } from './docusaurus/versions.js'
import { checkOutDir } from './out-dir.js'
import { headTagsHtml } from './head-tags.js'
import { deepFreeze, pluginList } from './config-modules.js'

/** Identity function that gives docs-site.config.ts its types. */
export function defineConfig(config: UserConfig): UserConfig {
  return config
}

export interface LoadConfigOptions {
  /** Overrides `outDir` (the CLI's --out-dir). */
  outDir?: string
  /** Use this config object instead of reading docs-site.config.ts (tests). */
  config?: UserConfig
}

const CONFIG_NAMES = [
  'docs-site.config.ts',
  'docs-site.config.mts',
  'docs-site.config.js',
  'docs-site.config.mjs',
]

/** Finds, bundles, imports, validates and freezes the config of the site at `root`. */
export async function loadConfig(root: string, options: LoadConfigOptions = {}): Promise<SiteConfig> {
  root = path.resolve(root)
  if (!fs.existsSync(root)) throw configError(`project root ${root} does not exist`)
  const configFile = options.config
    ? undefined
    : CONFIG_NAMES.map((n) => path.join(root, n)).find((f) => fs.existsSync(f))
  let user: UserConfig = options.config ?? {}
  let configDeps: string[] = []
  let diagnostics: Diagnostic[] = []
  // Without a docs-site config, a Docusaurus project builds from its own config and layout.
  const docusaurus = options.config || configFile ? undefined : findDocusaurusConfig(root)
  if (configFile) ({ user, configDeps } = await importConfigFile(configFile))
  else if (docusaurus) ({ user, configDeps, diagnostics } = await loadDocusaurusProject(root, docusaurus))
  const file = configFile ?? docusaurus
  const rel = file ? path.relative(root, file) : 'docs-site.config.ts'
  const source = file ? fs.readFileSync(file, 'utf8') : undefined
  const problems = validateUserConfig(user, rel, source)
  if (problems.length) throw new DocsSiteError(problems, EXIT.config)
  diagnostics = [...diagnostics, ...checkCodeLanguages(user.code?.languages ?? [], rel)]
  const resolved = resolveConfig(root, user, options, { configFile: file, configDeps, diagnostics })
  const unsafe = checkOutDir(resolved, rel)
  if (unsafe) throw new DocsSiteError([unsafe], EXIT.config)
  const config = {
    ...resolved,
    configDiagnostics: [...resolved.configDiagnostics, ...uiStringWarnings(resolved)],
  }
  return deepFreeze(config)
}

async function importConfigFile(file: string): Promise<{ user: UserConfig; configDeps: string[] }> {
  let result: esbuild.BuildResult<{ write: false; metafile: true }>
  try {
    result = await esbuild.build({
      entryPoints: [file],
      bundle: true,
      platform: 'node',
      format: 'esm',
      packages: 'external',
      metafile: true,
      write: false,
      logLevel: 'silent',
      // The config imports defineConfig from 'docs-site'; an identity shim keeps the engine out of the bundle.
      plugins: [
        {
          name: 'docs-site-shim',
          setup(b: esbuild.PluginBuild) {
            b.onResolve({ filter: /^docs-site$/ }, () => ({ path: 'docs-site', namespace: 'docs-site-shim' }))
            b.onLoad({ filter: /.*/, namespace: 'docs-site-shim' }, () => ({
              contents: 'export const defineConfig = (c) => c',
              loader: 'js',
            }))
          },
        },
      ],
    })
  } catch (err) {
    throw configBundleError(err, file)
  }
  const tmp = path.join(path.dirname(file), `.docs-site-tmp-${process.pid}-${Date.now()}.mjs`)
  fs.writeFileSync(tmp, result.outputFiles[0]!.text)
  try {
    const mod = (await import(pathToFileURL(tmp).href)) as { default?: UserConfig }
    if (!mod.default || typeof mod.default !== 'object')
      throw configError('docs-site.config.ts must `export default defineConfig({...})`', file)
    const configDeps = Object.keys(result.metafile.inputs).map((p) => path.resolve(p))
    return { user: mod.default, configDeps }
  } catch (err) {
    if (err instanceof DocsSiteError) throw err
    throw configError(`evaluating the config failed: ${(err as Error).message}`, file)
  } finally {
    fs.rmSync(tmp, { force: true })
  }
}

function configError(message: string, file?: string): DocsSiteError {
  return new DocsSiteError(
    [{ severity: 'error', code: 'config', message, at: file ? { file } : undefined }],
    EXIT.config,
  )
}

/**
 * The docs' versions from content/docs/: one per folder, highest first (v10 > v9 > v1); or, when
 * Markdown files sit in content/docs/ itself (other than a README for the writers), one set of
 * docs without versions, whose folders are categories (`unversioned`: its version, `current`,
 * reads content/docs/ itself).
 */
function discoverVersions(contentDir: string): { list: VersionConfig[]; unversioned: boolean } {
  const docs = path.join(contentDir, 'docs')
  const entries = fs.existsSync(docs) ? fs.readdirSync(docs, { withFileTypes: true }) : []
  if (entries.some((e) => e.isFile() && /\.mdx?$/i.test(e.name) && !/^readme\.md$/i.test(e.name)))
    return { list: [{ name: CURRENT_VERSION }], unversioned: true }
  const names = entries.filter((d) => d.isDirectory()).map((d) => d.name)
  names.sort((a, b) => b.localeCompare(a, 'en', { numeric: true }))
  return { list: names.map((name) => ({ name })), unversioned: false }
}

function discoverLocales(contentDir: string): string[] {
  const dir = path.join(contentDir, 'i18n')
  return fs.existsSync(dir)
    ? fs
        .readdirSync(dir, { withFileTypes: true })
        .filter((d) => d.isDirectory())
        .map((d) => d.name)
        .sort()
    : []
}

const LOCALE_NAMES: Record<string, LocaleInfo> = {
  en: { label: 'English', htmlLang: 'en' },
  vi: { label: 'Tiếng Việt', htmlLang: 'vi' },
}
type LocaleInfo = { label: string; htmlLang: string }

function resolveConfig(
  root: string,
  user: UserConfig,
  options: LoadConfigOptions,
  file: { configFile?: string; configDeps: string[]; diagnostics: Diagnostic[] },
): SiteConfig {
  const content = path.join(root, 'content')
  const layout = user.layout ?? 'docs-site'
  const { defaultLocale, localeConfigs } = resolveLocales(user, content)
  const { versions, defaultSidebars, unversioned } = resolveVersions(root, user, layout, content)
  const baseUrl = ('/' + (user.baseUrl ?? '/').replace(/^\/+|\/+$/g, '') + '/').replace(/\/+/g, '/')
  return {
    root,
    configFile: file.configFile,
    configDeps: file.configDeps,
    configDiagnostics: file.diagnostics,
    layout,
    sources: contentRoots({
      root,
      layout,
      defaultLocale,
      locales: Object.keys(localeConfigs),
      localePaths: Object.fromEntries(
        Object.entries(user.i18n?.locales ?? {}).flatMap(([l, c]) => (c.path ? [[l, c.path]] : [])),
      ),
      versions: versions.map((v) => v.name),
      unversioned,
      docsPath: user.docs?.path ?? 'docs',
      blogPath: user.blog ? user.blog.path : undefined,
    }),
    dirs: {
      content,
      swagger: path.join(root, 'swagger'),
      static: path.join(root, 'static'),
      out: path.resolve(root, options.outDir ?? user.outDir ?? 'build'),
    },
    title: user.title ?? 'Documentation',
    tagline: user.tagline ?? '',
    customFields: user.customFields ?? {},
    url: user.url?.replace(/\/+$/, ''),
    baseUrl,
    favicon: user.favicon,
    image: user.image,
    customCss: [user.customCss ?? []].flat().map((f) => path.resolve(root, f)),
    trailingSlash: user.trailingSlash ?? true,
    relativeLinksFromParent: layout === 'docusaurus' && user.trailingSlash !== true,
    defaultLocale,
    locales: Object.keys(localeConfigs),
    localeConfigs,
    versions,
    editUrl: user.docs?.editUrl,
    sidebarCollapsed: user.docs?.sidebarCollapsed ?? true,
    breadcrumbs: user.docs?.breadcrumbs ?? true,
    lastUpdate: {
      time: user.docs?.showLastUpdateTime ?? false,
      author: user.docs?.showLastUpdateAuthor ?? false,
    },
    headHtml: headTagsHtml(user),
    clientRedirects: user.clientRedirects,
    navbar: {
      title: user.navbar?.title ?? user.title ?? 'Documentation',
      logo: user.navbar?.logo,
      items:
        user.navbar?.items ??
        defaultNavbar(
          versions.length,
          Object.keys(localeConfigs).length,
          Object.keys(versions[0]?.sidebars ?? defaultSidebars),
        ),
      hideOnScroll: user.navbar?.hideOnScroll ?? false,
    },
    ...pageOptions(user),
  }
}

/** The default locale first, then the others: those the config names, or i18n/'s folders. */
function resolveLocales(
  user: UserConfig,
  content: string,
): Pick<SiteConfig, 'defaultLocale' | 'localeConfigs'> {
  const defaultLocale = user.i18n?.defaultLocale ?? 'en'
  const localeConfigs: Record<string, { label: string; htmlLang: string; direction: 'ltr' | 'rtl' }> = {}
  const localeNames = user.i18n?.locales
    ? Object.keys(user.i18n.locales)
    : [defaultLocale, ...discoverLocales(content)]
  for (const name of [defaultLocale, ...localeNames.filter((l) => l !== defaultLocale)]) {
    const given = user.i18n?.locales?.[name]
    localeConfigs[name] = {
      label: given?.label ?? LOCALE_NAMES[name]?.label ?? name,
      htmlLang: given?.htmlLang ?? name,
      direction: given?.direction ?? 'ltr',
    }
  }
  return { defaultLocale, localeConfigs }
}

/** The docs' versions (those the config names, or the folders found), newest first. */
function resolveVersions(
  root: string,
  user: UserConfig,
  layout: SiteConfig['layout'],
  content: string,
): {
  versions: SiteConfig['versions']
  defaultSidebars: Record<string, SidebarItemConfig[]>
  unversioned: boolean
} {
  const found = user.docs?.versions || layout === 'docusaurus' ? undefined : discoverVersions(content)
  const versionList: VersionConfig[] =
    user.docs?.versions ?? found?.list ?? docusaurusVersionNames(root, {}).map((name) => ({ name }))
  const defaultSidebars = user.docs?.sidebars ?? {
    docsSidebar: [{ type: 'autogenerated' as const, dirName: '.' }],
  }
  const versions = versionList.map((v, i) => ({
    name: v.name,
    label: v.label ?? v.name,
    path: (v.path ?? (i === 0 ? '' : v.name)).replace(/^\/+|\/+$/g, ''),
    banner: v.banner ?? (i === 0 ? 'none' : 'unmaintained'),
    sidebars: v.sidebars ?? defaultSidebars,
    sidebarsSource: sidebarsSource(root, v.sidebarsFile),
    openapi:
      v.openapi ??
      ['yaml', 'yml', 'json']
        .map((ext) => `swagger/${v.name}.${ext}`)
        .find((f) => fs.existsSync(path.join(root, f))),
  }))
  return { versions, defaultSidebars, unversioned: !!found?.unversioned }
}

/** What pages show and how the build treats them: footer to llms.txt, with their defaults. */
function pageOptions(
  user: UserConfig,
): Pick<
  SiteConfig,
  | 'footer'
  | 'announcementBar'
  | 'toc'
  | 'imageZoom'
  | 'onBrokenLinks'
  | 'onBrokenMarkdownLinks'
  | 'onBrokenAnchors'
  | 'api'
  | 'search'
  | 'socialCards'
  | 'blog'
  | 'exclude'
  | 'markdown'
  | 'llms'
> {
  const blogOptions = user.blog || {}
  return {
    footer: user.footer,
    announcementBar: user.announcementBar,
    toc: { minHeadingLevel: user.toc?.minHeadingLevel ?? 2, maxHeadingLevel: user.toc?.maxHeadingLevel ?? 3 },
    imageZoom: {
      selector: user.imageZoom?.selector ?? '.markdown img',
      margin: user.imageZoom?.margin ?? 0,
      scrollOffset: user.imageZoom?.scrollOffset ?? 40,
      background: user.imageZoom?.background ?? { light: 'rgb(255, 255, 255)', dark: 'rgb(50, 50, 50)' },
    },
    onBrokenLinks: user.onBrokenLinks ?? 'error',
    onBrokenMarkdownLinks: user.onBrokenMarkdownLinks ?? 'warn',
    onBrokenAnchors: user.onBrokenAnchors ?? 'warn',
    api: {
      onBrokenLinks: user.api?.onBrokenLinks ?? 'warn',
      schemasInSidebar: user.api?.schemasInSidebar ?? true,
    },
    search: user.search ?? false,
    socialCards: user.socialCards ?? false,
    blog: {
      enabled: user.blog !== false,
      postsPerPage: blogOptions.postsPerPage ?? 10,
      sidebarCount: blogOptions.sidebarCount === 'ALL' ? Infinity : (blogOptions.sidebarCount ?? 5),
      feedTitle: blogOptions.feedTitle ?? `${user.title ?? 'Documentation'} Blog`,
      feedCopyright: blogOptions.feedCopyright,
      routeBasePath: (blogOptions.routeBasePath ?? 'blog').replace(/^\/+|\/+$/g, ''),
      title: blogOptions.title,
      description: blogOptions.description,
      sidebarTitle: blogOptions.sidebarTitle,
    },
    exclude: {
      docs: user.docs?.exclude ?? [],
      blog: blogOptions.exclude ?? [],
      pages: user.pages?.exclude ?? [],
    },
    markdown: {
      format: user.markdown?.format ?? 'detect',
      mdxFallback: user.markdown?.mdxFallback ?? false,
      remarkPlugins: pluginList(user.markdown?.remarkPlugins),
      rehypePlugins: pluginList(user.markdown?.rehypePlugins),
      beforeDefaultRemarkPlugins: pluginList(user.markdown?.beforeDefaultRemarkPlugins),
    },
    llms:
      user.url && user.llms !== false
        ? {
            sections: typeof user.llms === 'object' ? user.llms.sections : undefined,
            include: (typeof user.llms === 'object' && user.llms.include) || ['docs', 'api', 'blog'],
          }
        : undefined,
  }
}

function defaultNavbar(
  versions: number,
  locales: number,
  sidebars: string[],
): UserConfig['navbar'] extends infer N
  ? NonNullable<N> extends { items?: infer I }
    ? NonNullable<I>
    : never
  : never {
  return [
    ...sidebars.map((id) => ({ type: 'docSidebar' as const, sidebarId: id, label: 'Docs' })),
    ...(versions > 1 ? [{ type: 'docsVersionDropdown' as const, position: 'right' as const }] : []),
    ...(locales > 1 ? [{ type: 'localeDropdown' as const, position: 'right' as const }] : []),
  ]
}

/** A version's sidebars file and its text, for diagnostics at an item's line. */
function sidebarsSource(root: string, file: string | undefined) {
  if (!file) return undefined
  try {
    return { file, text: fs.readFileSync(path.join(root, file), 'utf8') }
  } catch {
    return undefined
  }
}
