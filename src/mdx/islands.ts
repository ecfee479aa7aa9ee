import path from 'node:path'
import * as React from 'react'
import { createElement, Fragment, useContext, useId, useState, type ComponentType } from 'react'
import { ISLAND_ID_ATTRIBUTE, IslandIdScope, idPrefix, useIslandId } from '../../theme/islands/island-id.js'
import { IslandLinks, type IslandPage } from '../../theme/mdx/island-page.js'
import { useDocusaurusContext } from '../../theme/mdx/components.js'

// Interactive site components on MDX pages. The rule a site author can predict: a component file
// whose first statement is 'use client' (React's own marker) hydrates in the browser as an island,
// with the props the page gave it (they must be JSON: no functions, no children); any other
// component renders once at build time and ships no JavaScript. In the Docusaurus layout, whose
// authors never write the marker, a React page or component whose code keeps state, runs effects
// or handles events (interactive.ts) hydrates as if it had it. Pages with an island load one more
// module (`data-src` on the island, islands-bundle.ts), the others nothing more. That module and
// the components import React from the theme's runtime module (Preact, see theme/runtime.ts), the
// one the theme's client already loaded: a page never holds two copies of it.

/**
 * The React that site components get on the server: React's own, but `useId` is the islands' hook
 * (theme/islands/island-id.ts), as in the browser's runtime, so an island's ids survive hydration.
 */
export const serverReact = { ...React, useId: useIslandId }

/** Stands for the islands module's URL in rendered pages until the module is bundled. */
export const ISLANDS_SRC = 'docs-site-mdx-islands-src'

/** What a build's islands share across its pages. */
export interface IslandsOfBuild {
  readonly root: string
  /** The files rendered as islands somewhere: the islands module hydrates them. */
  readonly files: Set<string>
  /** Warns once per file about an interactive component left static. */
  readonly warnStatic: (file: string, reason: string) => void
}

/** Why an interactive component from the Docusaurus layout stays static, if it does. */
export interface AutoIsland {
  /** A Docusaurus module it needs that has no browser version. */
  readonly buildOnly?: string
}

type AnyComponent = ComponentType<Record<string, unknown>>

/**
 * The `docs-site:island` module a page's bundle imports: `island(file, C)` wraps a 'use client'
 * component, `island(file, C, {})` an interactive component of the Docusaurus layout, which
 * hydrates only when its props can be written as JSON. Inside another island a component is part
 * of that island's render and gets no element of its own.
 */
export function islandWrapper(build: IslandsOfBuild) {
  return {
    island: (file: string, Component: AnyComponent, auto?: AutoIsland) =>
      function MdxIsland(props: Record<string, unknown>) {
        if (useContext(IslandLinks)) return createElement(Component, props)
        const reason =
          auto &&
          (auto.buildOnly
            ? `it imports ${auto.buildOnly}, which renders only at build time`
            : staticReason(props))
        if (reason) {
          build.warnStatic(file, reason)
          return createElement(Component, props)
        }
        build.files.add(file)
        const id = path.relative(build.root, file).split(path.sep).join('/')
        return createElement(IslandElement, { id, Component, props })
      },
  }
}

/** Props the browser cannot be given (the island's props travel as JSON). */
function staticReason(props: Record<string, unknown>): string | undefined {
  if (props.children !== undefined && props.children !== null) return 'it is given children'
  for (const [key, value] of Object.entries(props))
    if (!isJson(value)) return `its prop "${key}" is not JSON data (a function or an element)`
  return undefined
}

function isJson(value: unknown): boolean {
  if (value === null || value === undefined) return true
  if (['string', 'number', 'boolean'].includes(typeof value)) return true
  if (Array.isArray(value)) return value.every(isJson)
  if (typeof value !== 'object' || React.isValidElement(value)) return false
  const proto = Object.getPrototypeOf(value) as unknown
  return (proto === Object.prototype || proto === null) && Object.values(value).every(isJson)
}

/**
 * The island's element: the component's markup, its props, its id prefix and what the Docusaurus
 * components in it read in the browser (`data-page`); then the URLs its Links resolve to, written
 * as links the build resolves with the page's (outside the element, which the browser replaces).
 */
function IslandElement({
  id,
  Component,
  props,
}: {
  id: string
  Component: AnyComponent
  props: Record<string, unknown>
}) {
  const { children: _children, ...data } = props
  const { siteConfig, i18n } = useDocusaurusContext()
  const page: Omit<IslandPage, 'links'> = { baseUrl: String(siteConfig.baseUrl), siteConfig, i18n }
  // 'm': the page's markdown is a render of its own, whose ids could repeat the layout's.
  const prefix = idPrefix(`m${useId()}`)
  const [links] = useState(() => new Map<string, string>())
  const island = createElement(
    'div',
    {
      className: 'island mdx-island',
      'data-mdx-island': id,
      'data-src': ISLANDS_SRC,
      'data-props': JSON.stringify(data),
      'data-page': JSON.stringify(page),
      [ISLAND_ID_ATTRIBUTE]: prefix,
    },
    createElement(
      IslandIdScope,
      { prefix },
      createElement(IslandLinks.Provider, { value: links }, createElement(Component, props)),
    ),
  )
  return createElement(Fragment, null, island, createElement(LinkList, { links }))
}

/**
 * Rendered after the island, so its Links have all been rendered. Areas, not anchors: the build
 * resolves any placeholder href, and the link check, which counts anchors, sees each link once.
 */
function LinkList({ links }: { links: Map<string, string> }) {
  if (links.size === 0) return null
  return createElement(
    'template',
    { 'data-island-links': '' },
    [...links].map(([to, href]) => createElement('area', { key: to, href, 'data-to': to })),
  )
}
