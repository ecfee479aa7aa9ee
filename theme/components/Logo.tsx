import type { LogoConfig } from '../../src/types.js'

/** A logo with its dark-mode variant; CSS shows the one matching the colour mode. */
export function Logo({ logo, className }: { logo: LogoConfig; className: string }) {
  const common = { alt: logo.alt ?? '', width: logo.width, height: logo.height }
  return (
    <>
      <img className={`${className}${logo.srcDark ? ' only-light' : ''}`} src={logo.src} {...common} />
      {logo.srcDark && <img className={`${className} only-dark`} src={logo.srcDark} {...common} />}
    </>
  )
}
