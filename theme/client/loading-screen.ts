import { interpolate } from '../../shared/strings.js'

export interface LoadingLabels {
  readonly loading: string
  /** With `{error}`: 'This page could not be loaded: {error}'. */
  readonly loadFailed: string
  readonly retry: string
}

export interface LoadingScreen {
  /** Shows the error text and a Retry button over the current page; `retry` runs on click. */
  showError(error: string, retry: () => void): void
  /** The Retry button was pressed: the screen says it is loading until the next show/hide. */
  showLoading(): void
  hide(): void
}

/**
 * The screen client navigation shows when the next page cannot be fetched (network error, 5xx):
 * the reader stays on the page they were reading, sees why, and can try again.
 */
export function createLoadingScreen(labels: () => LoadingLabels): LoadingScreen {
  let el: HTMLDivElement | undefined
  const ensure = () => {
    if (el?.isConnected) return el
    el = document.createElement('div')
    el.className = 'loading-screen'
    el.setAttribute('role', 'alert')
    el.innerHTML = '<p class="loading-screen-text"></p><button type="button" class="button"></button>'
    document.body.appendChild(el)
    return el
  }
  return {
    showError(error, retry) {
      const box = ensure()
      const l = labels()
      box.dataset.state = 'error'
      box.querySelector('p')!.textContent = interpolate(l.loadFailed, { error })
      const button = box.querySelector('button')!
      button.textContent = l.retry
      button.disabled = false
      button.onclick = retry
      button.focus({ preventScroll: true })
    },
    showLoading() {
      const box = ensure()
      box.dataset.state = 'loading'
      box.querySelector('p')!.textContent = labels().loading
      box.querySelector('button')!.disabled = true
    },
    hide() {
      el?.remove()
      el = undefined
    },
  }
}
