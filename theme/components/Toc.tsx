import type { Heading } from '../../src/types.js'

/** Table of contents (h2–h3 by default), nested by level. */
export function Toc({ items, title }: { items: readonly Heading[]; title: string }) {
  const min = Math.min(...items.map((h) => h.level))
  return (
    <nav className="toc" aria-label={title} data-pagefind-ignore="">
      <p className="toc-title">{title}</p>
      <ul>
        {items.map((h) => (
          <li key={h.id} className={`toc-level-${h.level - min}`}>
            <a href={`#${h.id}`}>{h.text}</a>
          </li>
        ))}
      </ul>
    </nav>
  )
}
