// serve's file changes become batches (src/serve/watch.ts): a lone save goes at once, a burst
// becomes one batch after a quiet time, and a burst that never stops is flushed at the longest
// wait. A lone save's 5 ms timer, which counts whole milliseconds, can fire 4.1 ms after the
// change; the batch then waited for the longest wait (2 s) instead, about one save in three.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { createBatcher } from '../src/serve/watch.js'

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const busy = (ms: number) => {
  const end = performance.now() + ms
  while (performance.now() < end);
}

type Options = Omit<Parameters<typeof createBatcher>[0], 'onBatch'>

/** A batcher whose batches are recorded with the time each came. */
function recorder(options: Options = {}) {
  const batches: Array<{ files: string[]; at: number }> = []
  const batcher = createBatcher({
    ...options,
    onBatch: (files) => batches.push({ files: [...files].sort(), at: performance.now() }),
  })
  return { batches, batcher }
}

test('every lone save is reported within milliseconds, whatever the fraction of a millisecond it comes at', async () => {
  // No calm time: every change after a batch is a lone save (5 ms). The longest wait is short here
  // so that a save left to it shows quickly.
  const { batches, batcher } = recorder({ calmMs: 0, maxWaitMs: 400 })
  const late: number[] = []
  for (let i = 0; i < 40; i++) {
    // Changes at spread fractions of the event loop's millisecond.
    busy((i % 10) / 10)
    const t = performance.now()
    const before = batches.length
    batcher.add(`/site/content/docs/page-${i}.md`)
    while (batches.length === before && performance.now() - t < 500) await sleep(1)
    const took = (batches.at(-1)?.at ?? Infinity) - t
    if (batches.length === before || took > 100) late.push(Math.round(took))
  }
  batcher.close()
  assert.equal(late, [], `saves reported late (ms): ${late.join(', ')}`)
  assert.is(batches.length, 40)
})

test('a burst of changes: the first goes at once, the rest are one batch after the quiet time', async () => {
  const { batches, batcher } = recorder({ debounceMs: 60 })
  for (const name of ['a', 'b', 'c', 'b']) {
    batcher.add(`/site/content/docs/${name}.md`)
    await sleep(15)
  }
  await sleep(300)
  batcher.close()
  assert.equal(
    batches.map((b) => b.files),
    [['/site/content/docs/a.md'], ['/site/content/docs/b.md', '/site/content/docs/c.md']],
  )
})

test('changes that never stop are flushed at the longest wait, and the rest after', async () => {
  const { batches, batcher } = recorder({ debounceMs: 50, maxWaitMs: 150 })
  for (let i = 0; i < 30; i++) {
    batcher.add(`/site/content/docs/${i}.md`)
    await sleep(10)
  }
  await sleep(300)
  batcher.close()
  assert.ok(batches.length >= 2, `${batches.length} batches`)
  assert.is(batches.flatMap((b) => b.files).length, 30)
  // The first batch came while changes were still coming, not after they stopped.
  assert.ok(batches[0]!.files.length < 30)
})

test('nothing is reported after close', async () => {
  const { batches, batcher } = recorder()
  batcher.add('/site/content/docs/a.md')
  batcher.close()
  await sleep(100)
  assert.equal(batches, [])
})

test.run()
