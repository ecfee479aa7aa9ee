import { chromium, type Browser } from 'playwright-core'

/** Debian's Chromium, headless, with nothing that reaches the network by itself. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  })
}
