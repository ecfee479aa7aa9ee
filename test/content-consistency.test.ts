import fs from 'node:fs'
import path from 'node:path'
import fg from 'fast-glob'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { parse as parseYaml } from 'yaml'
import { ROOT } from './helpers/index.js'

// The N11S guides describe one settlement model, and an integrator reading any page (English or
// Vietnamese) or either spec must meet the same one: a bet may receive several payouts (free-spin wins,
// a jackpot) until its round closes; a bet whose answer never came is ACCEPTED until its cancel;
// only createTenantToken (a POST) is signed; callbacks keep their timestamp on retries.

type Raw = Record<string, unknown>
const read = (rel: string) => fs.readFileSync(path.join(ROOT, rel), 'utf8')
const LOCALES = { en: 'content/docs/v2', vi: 'content/i18n/vi/docs/v2' } as const
const SEAMLESS = 'integration/integration-flow/seamless-wallet'

/** Rows of the first markdown table after the heading with this id, as arrays of cell texts. */
function tableAfter(markdown: string, headingId: string): string[][] {
  const at = markdown.indexOf(`{#${headingId}}`)
  assert.ok(at >= 0, `heading {#${headingId}} is missing`)
  const lines = markdown.slice(at).split('\n').slice(1)
  const start = lines.findIndex((l) => l.startsWith('|'))
  const rows: string[][] = []
  for (const line of lines.slice(start)) {
    if (!line.startsWith('|')) break
    rows.push(
      line
        .slice(1, -1)
        .split(' | ')
        .map((c) => c.trim()),
    )
  }
  return rows.slice(2) // header and separator
}

const states = (cell: string) => [...cell.matchAll(/`([A-Z_]+)`/g)].map((m) => m[1]!)
const callback = (cell: string) => /(bet|payout|refund|cancel|rollback|retry)/.exec(cell)?.[1]

/** "from>to:callback" for every transition row of the bet-state page. */
function transitions(markdown: string): Set<string> {
  const out = new Set<string>()
  for (const [, from, to, cause] of tableAfter(markdown, 'transitions')) {
    for (const f of states(from!).length ? states(from!) : ['—'])
      for (const t of states(to!)) out.add(`${f}>${t}:${callback(cause!) ?? '?'}`)
  }
  return out
}

for (const [locale, dir] of Object.entries(LOCALES)) {
  const betState = read(`${dir}/bet-state.md`)
  const table = transitions(betState)

  test(`${locale}: bet-state transitions let a bet take several payouts, as the slot row says`, () => {
    assert.ok(table.has('ACCEPTED>SETTLED:payout'), 'first payout settles the bet')
    assert.ok(table.has('SETTLED>SETTLED:payout'), 'a further payout keeps the bet SETTLED')
    const payoutPage = read(`${dir}/${SEAMLESS}/intergration-flow-bet-and-payout.md`)
    const rounds = tableAfter(payoutPage, 'multi-bet-rounds')
    const slot = rounds.find((r) => r[0] === 'Slot')?.[1] ?? ''
    assert.match(slot, /refTransactionId/, 'slot row: free-spin payouts refer to the spin')
    assert.match(slot, /`roundClosed` `false`/)
    assert.match(slot, /`SETTLED`/, 'slot row names the state the bet is in')
  })

  test(`${locale}: a timed-out bet is ACCEPTED until its cancel, on every page`, () => {
    assert.ok(table.has('PENDING>ACCEPTED:bet'))
    assert.ok(table.has('ACCEPTED>CANCELLED:cancel'), 'cancel leaves ACCEPTED')
    assert.not.ok(
      [...table].some((t) => t.startsWith('PENDING>CANCELLED')),
      'no PENDING → CANCELLED',
    )
    assert.ok(table.has('ACCEPTED>FAILED:payout'), 'a cancel that exhausts its retries makes the bet FAILED')
    const which = tableAfter(read(`${dir}/${SEAMLESS}/refund-rollback-and-cancel.md`), 'which-callback')
    const pairs = which.map((r) => `${callback(r[0]!)}:${states(r[2]!).join('>')}`)
    assert.equal(pairs, [
      'cancel:ACCEPTED>CANCELLED',
      'refund:ACCEPTED>REFUNDED',
      'rollback:SETTLED>ROLLED_BACK',
    ])
    for (const p of pairs) {
      const [cb, fromTo] = p.split(':')
      assert.ok(table.has(`${fromTo}:${cb}`), `bet-state table lacks ${p}`)
    }
  })

  test(`${locale}: the idempotent bet sketch refuses cancelled bets and blocked players`, () => {
    const guide = read(`${dir}/${SEAMLESS}/integration-flow-with-seamless-wallet.md`)
    const sketch = /```js title="[^"]*\((?:sketch|phác thảo)\)"\n([\s\S]*?)\n```/.exec(guide)?.[1] ?? ''
    assert.match(sketch, /findCancellation[\s\S]*BET_ALREADY_SETTLED/)
    assert.match(sketch, /403, error\('PLAYER_BLOCKED'/)
    // The same order as "Handling a bet": duplicate, cancelled, player, blocked, currency, balance.
    const order = ['DUPLICATE_TRANSACTION', 'BET_ALREADY_SETTLED', 'PLAYER_NOT_FOUND', 'PLAYER_BLOCKED']
      .concat(['CURRENCY_NOT_SUPPORTED', 'INSUFFICIENT_BALANCE'])
      .map((c) => sketch.indexOf(c))
    assert.equal(
      order,
      [...order].sort((a, b) => a - b),
      'checks out of order',
    )
  })

  test(`${locale}: the rollback example's balances are the spec's`, () => {
    const page = read(`${dir}/${SEAMLESS}/refund-rollback-and-cancel.md`)
    const spec = parseYaml(read('swagger/v2.yaml')) as Raw
    const op = ((spec.paths as Raw)['/wallet/rollback'] as Raw).post as Raw
    const ok = (((op.responses as Raw)['200'] as Raw).content as Raw)['application/json'] as Raw
    const example = Object.values(ok.examples as Record<string, Raw>)[0]!
    const after = (example.value as Raw).balance as string
    const before = /`(\d+\.\d\d)`[^`]*`(\d+\.\d\d)`:\n/.exec(page)
    assert.ok(before, 'the sentence before the 200 response names the balance before and after')
    assert.is(before[2], after)
    assert.is((Number(before[1]) - 15).toFixed(2), after, 'stake 10.00 − payouts 25.00')
    assert.match(String(example.summary), new RegExp(before[1]!.replace('.', '\\.')))
  })
}

test('no page or spec says a GET request is signed', () => {
  const files = fg.sync(['content/**/*.md', 'swagger/*.yaml'], { cwd: ROOT })
  const offenders = files.filter((f) =>
    /query string[^.\n]*(GET|sign)|(GET|chữ ký)[^.\n]*query string/i.test(read(f)),
  )
  assert.equal(offenders, [])
})

test('callbacks keep their timestamp on retries, and pages say not to refuse them by age', () => {
  for (const v of ['v1', 'v2']) {
    const spec = read(`swagger/${v}.yaml`)
    assert.match(
      spec,
      /When N11S created the callback\. Unchanged on retries[^']*do not refuse a callback by its age/,
    )
  }
  for (const dir of Object.values(LOCALES)) {
    const guide = read(`${dir}/${SEAMLESS}/integration-flow-with-seamless-wallet.md`)
    assert.match(guide, /:::note [^\n]*\n`timestamp`[^\n]*`requestId`/, `${dir}: timestamp note`)
  }
})

test('signed curl samples send the signed bytes with --data-binary and a current timestamp', () => {
  const fences = fg
    .sync(['content/**/*.md'], { cwd: ROOT })
    .flatMap((f) => [...read(f).matchAll(/```bash[^\n]*\n([\s\S]*?)\n```/g)].map((m) => [f, m[1]!] as const))
    .filter(([, code]) => /X-N11S-Signature: \$/.test(code) && /curl /.test(code))
  assert.ok(fences.length >= 3, `found ${fences.length} signed curl samples`)
  for (const [file, code] of fences) {
    assert.not.match(code, /(^|\s)(-d|--data|--data-raw) /, `${file}: use --data-binary`)
    assert.match(code, /--data-binary "\$BODY"/, file)
    assert.not.match(code, /BODY='\{"timestamp":"20/, `${file}: fixed timestamp`)
  }
})

test('BET_ALREADY_SETTLED never answers a further payout of an open round (appendix, both locales)', () => {
  for (const dir of Object.values(LOCALES)) {
    const row = tableAfter(read(`${dir}/appendix.md`), 'error-codes').find((r) =>
      r[0]!.includes('BET_ALREADY_SETTLED'),
    )
    assert.ok(row, `${dir}: no BET_ALREADY_SETTLED row`)
    assert.match(row.join(' '), /free-spin|quay miễn phí/, `${dir}: the row mentions free-spin payouts`)
  }
})

test.run()
