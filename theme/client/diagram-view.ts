// A picture drawn smaller than its own size (a sequence diagram on a phone) opens full screen at
// its own size, where it scrolls both ways (pan with a finger, the wheel or the scroll bars).
// Image zoom would fit it to the screen, which makes a tall diagram smaller still.

/** True when the page shows the image narrower than the size it was drawn at. */
export function isShrunk(img: HTMLImageElement): boolean {
  const own = Number(img.getAttribute('width')) || img.naturalWidth
  return own > 0 && img.clientWidth < own - 1
}

export function openDiagram(img: HTMLImageElement, closeLabel: string): void {
  const back = document.activeElement as HTMLElement | null
  const dialog = document.createElement('dialog')
  dialog.className = 'diagram-view'
  dialog.setAttribute('aria-label', img.alt)
  const close = document.createElement('button')
  close.type = 'button'
  close.className = 'diagram-view-close icon-button'
  close.setAttribute('aria-label', closeLabel)
  close.textContent = '×'
  const scroller = document.createElement('div')
  scroller.className = 'diagram-view-scroll'
  const big = document.createElement('img')
  big.src = img.currentSrc || img.src
  big.alt = img.alt
  big.width = Number(img.getAttribute('width')) || img.naturalWidth
  big.height = Number(img.getAttribute('height')) || img.naturalHeight
  scroller.append(big)
  dialog.append(close, scroller)
  document.body.append(dialog)
  const done = () => {
    dialog.remove()
    back?.focus()
  }
  close.addEventListener('click', () => dialog.close())
  dialog.addEventListener('close', done)
  dialog.showModal()
  close.focus()
}
