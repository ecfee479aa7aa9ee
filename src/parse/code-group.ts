import type { default as MarkdownItClass } from 'markdown-it'
import { escapeHtml } from '../text.js'
import type { MarkdownEnv } from './markdown-env.js'
import { parseFenceInfo } from './markdown-rules.js'

type MarkdownIt = InstanceType<typeof MarkdownItClass>
type Token = ReturnType<MarkdownIt['parse']>[number]

interface Panel {
  id: string
  key: string
  label: string
}

/** Labels the API samples use, so a choice made in a guide's code group carries over to them. */
const SAMPLE_KEYS: Readonly<Record<string, string>> = {
  'node.js': 'nodejs',
  node: 'nodejs',
  'c#': 'csharp',
  'c-sharp': 'csharp',
}

/**
 * A tab's label: the title up to a detail in parentheses or after a colon ('Go (net/http)' → 'Go',
 * 'curl: check a captured callback' → 'curl'), so tabs stay short and name the language the API
 * samples' tabs name; the block keeps its whole title.
 */
export const tabLabel = (title: string) => title.split(/\s+\(|:\s/)[0]!.trim() || title

/** What a tab's choice is remembered as: 'Node.js' → 'nodejs', 'Python' → 'python'. */
export const tabKey = (label: string) => {
  const k = label.trim().toLowerCase()
  return SAMPLE_KEYS[k] ?? k.replace(/\s+/g, '-')
}

/**
 * `::: code-group` around consecutive fences shows them as tabs (VitePress's syntax), labelled by
 * each fence's `title="…"` or else its language. The markup is the API samples' tabs
 * (theme/components/api/Tabs.tsx), persisted under the same key, so the client switches every
 * group and every API sample to the language chosen last. This renders the container's tokens
 * (markdown.ts registers it with addContainer, containers.ts); `addCodeGroupPanels` marks its fences.
 */
export function renderCodeGroup(tokens: Token[], idx: number, _o: unknown, env: MarkdownEnv): string {
  const token = tokens[idx]!
  if (token.nesting !== 1) return '</div>\n'
  const panels = (token.meta as { panels?: Panel[] } | null)?.panels ?? []
  const buttons = panels
    .map(
      (p, i) =>
        `<button type="button" role="tab" id="tab-${p.id}" aria-controls="panel-${p.id}" aria-selected="${i === 0}" tabindex="${i === 0 ? 0 : -1}" data-tab="${escapeHtml(p.key)}" class="tab">${escapeHtml(p.label)}</button>`,
    )
    .join('')
  return `<div class="tabs code-group" data-tabs="code-lang" data-persist=""><div role="tablist" aria-label="${escapeHtml(env.labels.codeGroup)}" class="tab-list">${buttons}</div>\n`
}

/** Gives each fence of a code group its tab: id (unique on the page), remembered key and label. */
export function addCodeGroupPanels(md: MarkdownIt): void {
  md.core.ruler.after('block', 'code_group_panels', (state) => {
    const env = state.env as unknown as MarkdownEnv
    state.tokens.forEach((open, i) => {
      if (open.type !== 'container_code-group_open') return
      const group = (env.counters.codeGroup = (env.counters.codeGroup ?? 0) + 1)
      const panels: Panel[] = []
      for (let j = i + 1; j < state.tokens.length; j++) {
        const t = state.tokens[j]!
        if (t.type === 'container_code-group_close' && t.level === open.level) break
        if (t.type !== 'fence' || t.level !== open.level + 1) continue
        const info = parseFenceInfo(t.info)
        const label = tabLabel(info.title ?? (info.lang || 'text'))
        const panel = {
          id: `${env.docId}-code-group-${group}-${panels.length + 1}`,
          key: tabKey(label),
          label,
        }
        panels.push(panel)
        t.meta = { ...(t.meta as object), panel }
      }
      open.meta = { panels }
    })
  })
}

/** A fence inside a code group: its block in a tab panel, with the label shown without JavaScript. */
export function wrapPanel(token: Token, html: string): string {
  const panel = (token.meta as { panel?: Panel } | null)?.panel
  if (!panel) return html
  return `<div role="tabpanel" id="panel-${panel.id}" aria-labelledby="tab-${panel.id}" class="tab-panel"><p class="tab-panel-label">${escapeHtml(panel.label)}</p>${html}</div>\n`
}
