import { renderToString } from 'react-dom/server'
import { createElement } from 'react'
import { Document } from '../theme/Document.js'
import type { PageProps } from './types.js'

/**
 * A page's whole HTML document: the theme's Document rendered by React for its props. The main
 * thread (`src/render.ts`) and a build's finishing workers (`src/html/finish-worker.ts`) both
 * render with it, so a page is the same bytes wherever it is rendered.
 */
export const renderDocument = (props: PageProps): string =>
  '<!doctype html>' + renderToString(createElement(Document, props))
