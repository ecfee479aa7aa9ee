import { Fragment, createElement, type ComponentProps, type ReactNode } from 'react'
import { usePage } from './context.js'
import { withBaseUrl } from './island-page.js'

// Docusaurus's modules that pages import for the browser's sake (BrowserOnly, useIsBrowser,
// ExecutionEnvironment, useColorMode…) or for translated text (Translate). docs-site renders a
// page once, at build time, as Docusaurus's server render does: these give what that render
// gives (BrowserOnly's fallback, `false` for "in a browser?", the light colour mode), so a page
// that imports them builds and reads as Docusaurus's does before its scripts run.

/** Its fallback: what Docusaurus's server render writes. The children are a browser-only function. */
export function BrowserOnly(props: { children?: () => ReactNode; fallback?: ReactNode }) {
  return <>{props.fallback ?? null}</>
}

export const useIsBrowser = (): boolean => false

export const ExecutionEnvironment = {
  canUseDOM: false,
  canUseEventListeners: false,
  canUseIntersectionObserver: false,
  canUseViewport: false,
}

/** `{name}` placeholders of a message filled from `values` (strings or elements). */
export function interpolate(message: string, values?: Readonly<Record<string, ReactNode>>): ReactNode {
  if (!values) return message
  const parts = message.split(/\{(\w+)\}/)
  const nodes = parts.map((part, i) => (i % 2 ? (values[part] ?? `{${part}}`) : part))
  return nodes.every((n) => typeof n === 'string' || typeof n === 'number')
    ? nodes.join('')
    : createElement(Fragment, null, ...nodes)
}

export function Interpolate(props: { children: string; values?: Record<string, ReactNode> }) {
  return <>{interpolate(props.children, props.values)}</>
}

/** Docusaurus's `translate({ message, id }, values)`: the message, its placeholders filled. */
export function translate(
  param: { message: string; id?: string; description?: string },
  values?: Readonly<Record<string, string | number>>,
): string {
  return String(interpolate(param.message, values))
}

export function Translate(props: { children?: string; id?: string; values?: Record<string, ReactNode> }) {
  return <>{interpolate(props.children ?? props.id ?? '', props.values)}</>
}

/** An image per colour mode: both are written, the stylesheet shows the one of the mode. */
export function ThemedImage(
  props: { sources: { light: string; dark: string } } & Omit<ComponentProps<'img'>, 'src'>,
) {
  const page = usePage()
  const { sources, className, ...rest } = props
  const url = (u: string) => withBaseUrl(u, { baseUrl: page.baseUrl, siteUrl: page.siteConfig.url })
  return (
    <>
      <img
        {...rest}
        src={url(sources.light)}
        className={join(className, 'themed-image themed-image--light')}
      />
      <img {...rest} src={url(sources.dark)} className={join(className, 'themed-image themed-image--dark')} />
    </>
  )
}

const join = (...names: Array<string | undefined>) => names.filter(Boolean).join(' ')

/** @theme/IdealImage: the image it is given (a URL, or what `require('./x.png')` returns). */
export function IdealImage(props: { img: unknown; alt?: string } & Omit<ComponentProps<'img'>, 'src'>) {
  const { img, ...rest } = props
  return <img loading="lazy" decoding="async" {...rest} src={imageUrl(img)} />
}

function imageUrl(img: unknown): string {
  if (typeof img === 'string') return img
  const o = img as { default?: unknown; src?: { src?: string } | string } | null
  if (typeof o?.default === 'string') return o.default
  if (typeof o?.src === 'string') return o.src
  return o?.src?.src ?? ''
}

/** The light mode, as the server render has it; the reader's choice applies in the browser. */
export const useColorMode = () => ({
  colorMode: 'light' as const,
  setColorMode: () => {},
  isDarkTheme: false,
})

/**
 * A location for code that reads one: the site's base URL (a page renders before the route table
 * gives it its URL), no query, no hash.
 */
export function useLocation() {
  const page = usePage()
  return { pathname: page.baseUrl, search: '', hash: '', state: undefined }
}

export const useHistory = () => ({ push: () => {}, replace: () => {}, location: useLocation() })

export const useGlobalData = (): Record<string, unknown> => ({})
export const usePluginData = (): undefined => undefined

/**
 * The category of the page's sidebar it belongs to, as a category index page lists it
 * (`<DocCardList items={useCurrentSidebarCategory().items} />`): its docs and subcategories.
 */
export function useCurrentSidebarCategory() {
  const page = usePage()
  return {
    type: 'category' as const,
    label: '',
    items: page.siblings().map((s) => ({
      type: 'link' as const,
      href: page.link(s.href),
      label: s.title,
      description: s.description,
    })),
  }
}
