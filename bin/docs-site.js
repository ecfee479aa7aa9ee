#!/usr/bin/env node
// Node 20 cannot import .ts, so the CLI runs through tsx's loader (a dependency, not a dev tool).
import { register } from 'tsx/esm/api'
register()
await import('../src/cli.ts')
