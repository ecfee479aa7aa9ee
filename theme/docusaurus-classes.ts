// The Docusaurus layout's script (its own small module, linked after the client's; the other
// layout does not load it). The engine wrote Docusaurus's class names into the page
// (shared/docusaurus-classes.ts); this keeps them in step with what changes in the browser: a tab
// chosen (`tabs__item--active`), a sidebar category collapsed, a navbar menu opened or re-rendered
// by its island (which sets its own class list), lazy sidebar items put in, and the page's own
// classes on <html> when client navigation swaps another page in.
import {
  docusaurusClasses,
  isPageClass,
  STATE_CLASSES,
  type ClassedElement,
} from '../shared/docusaurus-classes.js'

const wrap = (el: Element): ClassedElement => ({
  tag: el.localName,
  has: (cls) => el.classList.contains(cls),
  list: () => [...el.classList],
  attr: (name) => el.getAttribute(name),
  parent: () => (el.parentElement ? wrap(el.parentElement) : undefined),
  contains: (tag, cls, attr) =>
    !!el.querySelector(`${tag || '*'}${cls ? '.' + CSS.escape(cls) : ''}${attr ? `[${attr}]` : ''}`),
})

/** Adds the classes an element should have; drops the state classes it should not (only on elements docs-site made). */
function sync(el: Element): void {
  const wanted = docusaurusClasses(wrap(el))
  if (!wanted.length) return
  for (const cls of wanted) if (!el.classList.contains(cls)) el.classList.add(cls)
  for (const cls of STATE_CLASSES)
    if (el.classList.contains(cls) && !wanted.includes(cls)) el.classList.remove(cls)
}

function syncTree(root: Element): void {
  sync(root)
  for (const el of root.querySelectorAll('*')) sync(el)
}

/** The new page's classes (on its #__root, from the server) go on <html>, in place of the last page's. */
function pageClassesFrom(root: Element): void {
  const html = document.documentElement
  for (const cls of [...html.classList]) if (isPageClass(cls)) html.classList.remove(cls)
  for (const cls of root.classList) if (isPageClass(cls)) html.classList.add(cls)
}

// The server wrote the classes; an island may have set its own class list while hydrating.
for (const island of document.querySelectorAll('[data-island]')) syncTree(island)
new MutationObserver((records) => {
  for (const r of records) {
    // A state changed: the element's classes, and its children's that follow it.
    if (r.type === 'attributes') syncTree(r.target as Element)
    else
      for (const node of r.addedNodes) {
        if (!(node instanceof Element)) continue
        syncTree(node)
        if (node.id === '__root') pageClassesFrom(node)
      }
  }
}).observe(document.body, {
  subtree: true,
  childList: true,
  attributes: true,
  attributeFilter: ['class', 'aria-selected', 'disabled'],
})
