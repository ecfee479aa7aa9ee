// The highlight worker thread: shiki, fed batches of code blocks by highlight-parallel.ts.
import { parentPort } from 'node:worker_threads'
import { createHighlighter } from './highlight.js'
import type { HighlightJob } from './highlight-parallel.js'

// Grammars load with the first block that needs them (see below).
const highlighter = createHighlighter([])
// Listening at once: batches posted while shiki loads queue up behind the first await.
parentPort!.on('message', async (jobs: HighlightJob[]) => {
  const h = await highlighter
  // Grammars load here, before the (synchronous) highlighting.
  await h.load!(jobs.map((j) => j.lang))
  parentPort!.postMessage(
    jobs.map(
      (j) =>
        [
          j.id,
          h.highlight(j.code, { lang: j.lang, highlightLines: new Set(j.lines), lineNumbers: j.lineNumbers })
            .html,
        ] as const,
    ),
  )
})
