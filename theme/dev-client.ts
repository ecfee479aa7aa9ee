// The live-reload client of `docs-site serve` (never part of a normal build). The server injects
// <script type="module" src=".../__docs-site/dev-client.js" data-docs-site-dev="TOKEN"
// data-revision="N" data-ws="PATH"> into every page it serves. This script reloads the page when
// a rebuild finishes and shows the build's errors in an overlay when one fails.

import type { LiveMessage, OverlayDiagnostic } from './live-messages.js'

const script = document.querySelector<HTMLScriptElement>('script[data-docs-site-dev]')
const OVERLAY_ID = '__docs-site-overlay'

function showOverlay(diagnostics: readonly OverlayDiagnostic[]) {
  hideOverlay()
  const host = document.createElement('div')
  host.id = OVERLAY_ID
  host.setAttribute('style', 'position:fixed;inset:0;z-index:2147483647')
  const root = host.attachShadow({ mode: 'open' })
  const style = document.createElement('style')
  style.textContent = `
    .backdrop{position:fixed;inset:0;background:rgba(0,0,0,.66);display:flex;align-items:flex-start;justify-content:center;overflow:auto;padding:5vh 16px}
    .panel{background:#181818;color:#e8e8e8;max-width:960px;width:100%;border-top:6px solid #e5484d;border-radius:6px;padding:20px 24px;font:14px/1.5 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;box-shadow:0 12px 40px rgba(0,0,0,.5)}
    h2{margin:0 0 4px;font-size:18px;color:#ff6369}
    p{margin:0 0 16px;color:#b4b4b4}
    pre{white-space:pre-wrap;word-break:break-word;margin:0 0 14px;padding:12px;background:#0f0f0f;border-radius:4px;color:#e8e8e8}
    pre.warning{border-left:3px solid #f5a524}
    pre.error{border-left:3px solid #e5484d}
    button{float:right;background:none;border:1px solid #555;color:#e8e8e8;border-radius:4px;padding:4px 10px;font:inherit;cursor:pointer;min-width:24px;min-height:24px}
    button:focus-visible{outline:2px solid #7cb7ff}`
  const backdrop = document.createElement('div')
  backdrop.className = 'backdrop'
  const panel = document.createElement('div')
  panel.className = 'panel'
  panel.setAttribute('role', 'alertdialog')
  panel.setAttribute('aria-labelledby', 'title')
  const close = document.createElement('button')
  close.type = 'button'
  close.textContent = 'Close'
  close.addEventListener('click', hideOverlay)
  const title = document.createElement('h2')
  title.id = 'title'
  const errors = diagnostics.filter((d) => d.severity === 'error').length
  title.textContent = `docs-site: the build failed (${errors} error${errors === 1 ? '' : 's'})`
  const note = document.createElement('p')
  note.textContent = 'The page shows the last good build. Fix the file and save: the page reloads by itself.'
  panel.append(close, title, note)
  for (const d of diagnostics) {
    const pre = document.createElement('pre')
    pre.className = d.severity
    pre.textContent = d.text // text only: a message can never become markup
    panel.append(pre)
  }
  backdrop.append(panel)
  root.append(style, backdrop)
  document.body.append(host)
  close.focus()
}

function hideOverlay() {
  document.getElementById(OVERLAY_ID)?.remove()
}

addEventListener('keydown', (e) => {
  if (e.key === 'Escape') hideOverlay()
})

/** Reloads, unless a reload for a refused connection just happened (no reload loop). */
function reloadOnce(opened: boolean) {
  const key = 'docs-site-dev-reload'
  const last = Number(sessionStorage.getItem(key) ?? 0)
  if (!opened && Date.now() - last < 10_000)
    return console.warn('docs-site: the live-reload connection was refused; reload the page by hand')
  sessionStorage.setItem(key, String(Date.now()))
  location.reload()
}

/** After the connection drops, reload once the server answers again (it may have a new token). */
function waitForServer(opened: boolean, attempt = 0) {
  setTimeout(
    () => {
      fetch(location.href, { method: 'HEAD', cache: 'no-store' })
        .then((r) => (r.ok || r.status === 404 ? reloadOnce(opened) : waitForServer(opened, attempt + 1)))
        .catch(() => waitForServer(opened, attempt + 1))
    },
    Math.min(5000, 500 * 2 ** Math.min(attempt, 4)),
  )
}

function connect(token: string, wsPath: string, pageRevision: number) {
  const proto = location.protocol === 'https:' ? 'wss:' : 'ws:'
  const ws = new WebSocket(`${proto}//${location.host}${wsPath}?token=${encodeURIComponent(token)}`)
  let opened = false
  ws.addEventListener('open', () => (opened = true))
  ws.addEventListener('message', (event) => {
    let msg: LiveMessage
    try {
      msg = JSON.parse(String(event.data)) as LiveMessage
    } catch {
      return
    }
    if (msg.type === 'error') return showOverlay(msg.diagnostics)
    const here = decodeURI(location.pathname).replace(/index\.html$/, '')
    if (msg.type === 'reload' && msg.paths) {
      if (msg.revision <= pageRevision) return
      pageRevision = msg.revision
      // A save that changed other pages only: this one is current as it is.
      if (!msg.paths.includes(here)) return
      // This page's text changed: the page's own client swaps it in place when it can.
      if (!dispatchEvent(new Event('docs-site:refresh', { cancelable: true }))) return
      return location.reload()
    }
    if (msg.revision > pageRevision) return location.reload()
    if (msg.type === 'init' && msg.diagnostics?.length) showOverlay(msg.diagnostics)
  })
  ws.addEventListener('close', () => {
    if (opened)
      console.info('docs-site: lost the connection to the preview server; reloading when it is back')
    waitForServer(opened)
  })
}

if (script?.dataset.docsSiteDev && script.dataset.ws)
  connect(script.dataset.docsSiteDev, script.dataset.ws, Number(script.dataset.revision ?? 0))
