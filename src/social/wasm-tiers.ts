import v8 from 'node:v8'

// Imported first by the card worker, before resvg's WebAssembly is compiled (at the first card).
// A build's cards run that code for a second or two, and V8's optimising compiler, working on its
// hot functions in background threads, cost more CPU than it saved: rasterising 480 glyphs took
// 460 ms of CPU, 155 ms with the baseline compiler alone, and the background threads slowed the
// main thread rendering pages meanwhile (a cold N=150 build with cards: 0.92x wall). Same bytes:
// WebAssembly computes the same results on either compiler. V8's flags are the process's: the
// card worker starts with the pages' render, after the code highlighter (the other WebAssembly,
// which runs long enough to gain from optimising: 2,500 API operations were 6% slower without)
// has finished; serve draws no cards.
v8.setFlagsFromString('--liftoff-only')
