#!/usr/bin/env node
// React picks its development or production build from NODE_ENV when first imported; the
// development build renders several times slower.
process.env.NODE_ENV ??= 'production'
// Node 20 cannot import .ts, so the CLI runs through tsx's loader (a dependency, not a dev tool).
// Its own tsconfig.json, not the one of the folder it runs in (JSX settings live there).
const { register } = await import('tsx/esm/api')
register({ tsconfig: new URL('../tsconfig.json', import.meta.url).pathname })
await import('../src/cli.ts')
