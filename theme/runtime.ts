// The browser's React: Preact through preact/compat (a tenth of react-dom's size), one copy per
// page. The theme's client and the MDX islands' module both import it from this entry (src/bundle.ts
// maps `react`, `react-dom` and `react/jsx-runtime` here), so an island of a site's own never loads
// a second runtime. `useId` is the islands' hook that makes the same ids as the server's render.
import { options } from 'preact'
import compat from 'preact/compat'
import { createRoot, hydrateRoot } from 'preact/compat/client'
import { IslandIdScope, useIslandId } from './islands/island-id.js'

// React runs the effects of a click or a key press before the browser takes the next event;
// Preact waits for the next frame (or 35 ms) by default. The islands were written for React's
// order (the mobile drawer opens, the explorer prepares its curl, in effects), so here effects run
// as soon as their render is done.
options.requestAnimationFrame = (run) => queueMicrotask(run)

// preact/compat's types are written as `export =`, which TypeScript will not re-export this way.
// @ts-expect-error: esbuild bundles it as the module's named exports, as wanted.
export * from 'preact/compat'
export { jsx, jsxs, jsxDEV } from 'preact/jsx-runtime'
export { createRoot, hydrateRoot, IslandIdScope, useIslandId as useId }

// `import React from 'react'` then `React.useId()`: the default export carries the same.
export default { ...compat, createRoot, hydrateRoot, useId: useIslandId }
