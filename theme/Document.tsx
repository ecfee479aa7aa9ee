import type { PageProps } from '../src/types.js'
import { Layout } from './Layout.js'
import { scriptJson } from './script-json.js'

/**
 * Runs before first paint: applies the stored colour mode (light unless 'dark' was stored; the
 * system scheme is ignored) and hides a dismissed announcement, so nothing flashes.
 */
const NO_FLASH = `(function(){var d=document.documentElement;try{var t=localStorage.getItem('theme');d.setAttribute('data-theme',t==='dark'?'dark':'light');var id=JSON.parse(document.getElementById('__settings').textContent).announcementId;if(id&&localStorage.getItem('docusaurus.announcement.id')===id&&localStorage.getItem('docusaurus.announcement.dismiss')==='true')d.setAttribute('data-announcement-dismissed','')}catch(e){d.setAttribute('data-theme','light')}})()`

/** The whole HTML document of a page. */
export function Document(props: PageProps) {
  const { head, locale, assets } = props
  return (
    <html lang={locale.htmlLang} dir={locale.direction} data-theme="light">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{head.title}</title>
        {head.description && <meta name="description" content={head.description} />}
        {head.keywords.length > 0 && <meta name="keywords" content={head.keywords.join(', ')} />}
        {head.noindex && <meta name="robots" content="noindex, nofollow" />}
        {head.canonical && <link rel="canonical" href={head.canonical} />}
        {head.alternates.map((a) => (
          <link key={a.hreflang} rel="alternate" hrefLang={a.hreflang} href={a.href} />
        ))}
        <meta property="og:title" content={head.title} />
        {head.description && <meta property="og:description" content={head.description} />}
        {head.canonical && <meta property="og:url" content={head.canonical} />}
        {head.image && <meta property="og:image" content={head.image} />}
        {head.image && head.imageCard && (
          <>
            <meta property="og:image:width" content={String(head.imageCard.width)} />
            <meta property="og:image:height" content={String(head.imageCard.height)} />
            <meta property="og:image:alt" content={head.imageCard.alt} />
          </>
        )}
        {head.image && <meta name="twitter:card" content="summary_large_image" />}
        <meta property="og:locale" content={locale.htmlLang.replace('-', '_')} />
        {head.favicon && <link rel="icon" href={head.favicon} />}
        {head.markdown && <link rel="alternate" type="text/markdown" href={head.markdown} />}
        {head.jsonLd?.map((thing, i) => (
          <script
            key={i}
            type="application/ld+json"
            dangerouslySetInnerHTML={{ __html: scriptJson(thing) }}
          />
        ))}
        {head.feeds?.map((f) => (
          <link key={f.href} rel="alternate" type={f.type} title={f.title} href={f.href} />
        ))}
        {assets.css.map((href) => (
          <link key={href} rel="stylesheet" href={href} />
        ))}
        <script
          id="__settings"
          type="application/json"
          dangerouslySetInnerHTML={{ __html: scriptJson(props.client) }}
        />
        <script dangerouslySetInnerHTML={{ __html: NO_FLASH }} />
        <script type="module" src={assets.js} />
        {assets.scripts?.map((src) => (
          <script key={src} type="module" src={src} />
        ))}
      </head>
      <body>
        <div id="__root">
          <Layout {...props} />
        </div>
      </body>
    </html>
  )
}
