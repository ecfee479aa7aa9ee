/** Top progress bar with the spec's constants (§9): nprogress behaviour without the library. */
export const PROGRESS = {
  minimum: 0.08,
  speed: 200,
  trickleSpeed: 800,
  trickleRate: 0.02,
  startDelay: 200,
  showSpinner: false,
} as const

export interface Progress {
  start(): void
  done(): void
}

export function createProgress(): Progress {
  let bar: HTMLDivElement | undefined
  let value = 0
  let startTimer: ReturnType<typeof setTimeout> | undefined
  let trickle: ReturnType<typeof setInterval> | undefined
  const set = (n: number) => {
    value = Math.min(Math.max(n, PROGRESS.minimum), 1)
    if (!bar) {
      bar = document.createElement('div')
      bar.id = 'nprogress'
      bar.setAttribute('role', 'progressbar')
      bar.setAttribute('aria-hidden', 'true')
      bar.innerHTML = '<div class="bar"></div>'
      document.body.appendChild(bar)
    }
    const inner = bar.firstElementChild as HTMLElement
    inner.style.transition = `transform ${PROGRESS.speed}ms ease`
    inner.style.transform = `translate3d(${(-1 + value) * 100}%,0,0)`
  }
  return {
    start() {
      clearTimeout(startTimer)
      // Fast navigations never show the bar.
      startTimer = setTimeout(() => {
        set(0)
        trickle = setInterval(() => set(value + PROGRESS.trickleRate * (1 - value)), PROGRESS.trickleSpeed)
      }, PROGRESS.startDelay)
    },
    done() {
      clearTimeout(startTimer)
      clearInterval(trickle)
      if (!bar) return
      set(1)
      const b = bar
      bar = undefined
      setTimeout(() => {
        b.style.transition = `opacity ${PROGRESS.speed}ms linear`
        b.style.opacity = '0'
        setTimeout(() => b.remove(), PROGRESS.speed)
      }, PROGRESS.speed)
    },
  }
}
