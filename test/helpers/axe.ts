import fs from 'node:fs'
import path from 'node:path'
import type { Page } from 'playwright-core'
import { ROOT } from './index.js'

const AXE = fs.readFileSync(path.join(ROOT, 'node_modules/axe-core/axe.min.js'), 'utf8')

/** axe-core violations of the loaded page (WCAG 2.2 AA + best practices), as "rule: targets". */
export async function axeViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ content: AXE })
  return page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run: (
            ctx: Document,
            o: object,
          ) => Promise<{ violations: Array<{ id: string; nodes: Array<{ target: string[] }> }> }>
        }
      }
    ).axe
    const r = await axe.run(document, {
      runOnly: {
        type: 'tag',
        values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'],
      },
    })
    return r.violations.map(
      (v) =>
        `${v.id}: ${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 3)
          .join(', ')}`,
    )
  })
}
