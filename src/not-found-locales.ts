import type { Strings } from '../theme/i18n/format.js'

// S3 and CloudFront serve one error page, the root 404.html, for every missing path. Under
// another locale's prefix (/vi/…) that page should speak that locale: it carries the other
// locales' 'not found' text and swaps it in as it loads, before the first paint (an inline
// script right after the text, not the deferred client script).

export interface NotFoundLocale {
  /** Where the locale's pages live: '/vi/'. */
  readonly prefix: string
  readonly htmlLang: string
  readonly strings: Strings
}

export function localiseNotFound(doc: string, others: readonly NotFoundLocale[]): string {
  if (others.length === 0) return doc
  const texts = others.map((o) => ({
    prefix: o.prefix,
    lang: o.htmlLang,
    text: [o.strings['notFound.title'], o.strings['notFound.p1'], o.strings['notFound.p2']],
  }))
  // '<' escaped: the JSON sits inside a <script>.
  const data = JSON.stringify(texts).replace(/</g, '\\u003c')
  const script =
    `<script>(function(){var L=${data},p=location.pathname;for(var i=0;i<L.length;i++){var l=L[i];` +
    `if(p.indexOf(l.prefix)!==0)continue;var a=document.querySelector('.not-found');if(!a)return;` +
    `for(var j=0;j<3;j++)a.children[j].textContent=l.text[j];document.documentElement.lang=l.lang;` +
    `document.title=l.text[0]+document.title.slice(document.title.indexOf(' | '));return}})()</script>`
  return doc.replace(/(<article class="doc not-found">[\s\S]*?<\/article>)/, `$1${script}`)
}
