import postcss from 'postcss'
import selectorParser from 'postcss-selector-parser'

// A Docusaurus site's custom CSS was written against Infima, whose component rules are mostly one
// class (`.menu__link--active`), so a site's rule of one class wins by coming later. docs-site's
// own rules for the same elements are often two (`.menu-link.active`, `.footer-column a`), and
// would win over the site's. So, in the Docusaurus layout, each selector of the site's stylesheets
// that names one of Docusaurus's classes (shared/docusaurus-classes.ts) gets the weight of an id,
// `:not(#\#)` after that class (no element has the id "#"): it then wins over docs-site's rules,
// and keeps its weight against the site's other rules that name such classes. The rest of the
// site's CSS is left as written (postcss keeps the text of what it does not change).

const WEIGHT = ':not(#\\#)'
const weight = selectorParser().astSync(WEIGHT).first.first

/** The stylesheet with its selectors naming a class `named` weighed. */
export function weighSelectors(css: string, named: (cls: string) => boolean): string {
  // Each selector of a list, with the weight after its first class that is `named` (a class in an
  // attribute selector, `[class~="menu__link"]`, or in a comment names none).
  const weigh = selectorParser((list) => {
    list.each((selector) => {
      selector.walkClasses((cls) => {
        if (!named(cls.value)) return
        cls.parent!.insertAfter(cls, weight.clone())
        return false
      })
    })
  })
  let root: postcss.Root
  try {
    root = postcss.parse(css)
  } catch {
    // Not CSS postcss can read: left as written, for esbuild to report at its line.
    return css
  }
  root.walkRules((rule) => {
    // A keyframe's selectors (`from`, `50%`) name no class.
    if (rule.parent?.type === 'atrule' && /keyframes$/i.test((rule.parent as postcss.AtRule).name)) return
    try {
      const weighed = weigh.processSync(rule.selector)
      if (weighed !== rule.selector) rule.selector = weighed
    } catch {
      // A selector that does not parse is left as written (esbuild reports it).
    }
  })
  return root.toString()
}
