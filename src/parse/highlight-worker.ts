// The highlight worker thread: shiki, fed batches of code blocks by highlight-parallel.ts.
import { parentPort } from 'node:worker_threads'
import { createHighlighter } from './highlight.js'
import type { HighlightJob, WarmJob } from './highlight-parallel.js'

// Grammars load with the first block that needs them (see below).
const highlighter = createHighlighter([])

// Listening at once: batches posted while shiki loads queue up behind the first await.
parentPort!.on('message', async (message: HighlightJob[] | WarmJob) => {
  const h = await highlighter
  if (!Array.isArray(message)) {
    // Code a page will soon ask for, highlighted ahead and dropped: its grammars are loaded and
    // the rules it reaches compiled (a language's first block paid that, 0.15-0.2 s for PHP or
    // JavaScript), and its lines are in the memo, where the blocks find them. A line's tokens
    // depend only on the line and the state before it: no block comes out different.
    for (const [lang, code] of message.warm) {
      await h.load!([lang])
      h.highlight(code, { lang, highlightLines: new Set() })
    }
    return
  }
  // Grammars load here, before the (synchronous) highlighting.
  await h.load!(message.map((j) => j.lang))
  parentPort!.postMessage(
    message.map(
      (j) =>
        [
          j.id,
          h.highlight(j.code, { lang: j.lang, highlightLines: new Set(j.lines), lineNumbers: j.lineNumbers })
            .html,
        ] as const,
    ),
  )
})
