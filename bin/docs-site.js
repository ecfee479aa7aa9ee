#!/usr/bin/env node
// React picks its development or production build from NODE_ENV when first imported; the
// development build renders several times slower.
process.env.NODE_ENV ??= 'production'
// Node 20 cannot import .ts, so the CLI runs through tsx's loader (a dependency, not a dev tool).
const { register } = await import('tsx/esm/api')
register()
await import('../src/cli.ts')
