import type { Diagnostic } from '../types.js'

// What a Docusaurus config asks for that docs-site does not do, collected while mapping and
// reported once, as one warning, so a team sees the whole list before deciding.

export class Notes {
  private readonly items = new Map<string, string>()

  /** `what` the config has; `todo`, what to do about it. The first advice for a `what` wins. */
  add(what: string, todo: string): void {
    if (!this.items.has(what)) this.items.set(what, todo)
  }

  get size(): number {
    return this.items.size
  }

  list(): Array<{ what: string; todo: string }> {
    return [...this.items].map(([what, todo]) => ({ what, todo }))
  }

  /** One warning naming each item and what to do, or none. */
  summary(file: string): Diagnostic[] {
    if (!this.items.size) return []
    const lines = this.list().map((n) => `  - ${n.what}: ${n.todo}`)
    return [
      {
        severity: 'warning',
        code: 'docusaurus',
        message: `${this.items.size} thing(s) in the Docusaurus project are not used by docs-site:\n${lines.join('\n')}`,
        at: { file },
      },
    ]
  }
}
