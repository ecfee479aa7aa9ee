import type { PageProps } from '../../src/types.js'
import { Logo } from './Logo.js'
import { ExternalIcon } from './Navbar.js'

type FooterView = NonNullable<PageProps['footer']>

/** Footer: link columns (or one flat row), logo and copyright. */
export function Footer({ footer }: { footer: FooterView }) {
  return (
    <footer className={`footer footer-${footer.style}`}>
      <div className="footer-inner">
        <div className="footer-columns">
          {footer.columns.map((col, i) => (
            <div className="footer-column" key={i}>
              {col.title && <h2 className="footer-title">{col.title}</h2>}
              <ul>
                {col.items.map((item) => (
                  <li key={item.href}>
                    <a
                      href={item.href}
                      data-no-link-check={item.unchecked ? '' : undefined}
                      {...(item.external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
                    >
                      {item.label}
                      {item.external && <ExternalIcon />}
                    </a>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </div>
        {(footer.logo || footer.copyright) && (
          <div className="footer-bottom">
            {footer.logo &&
              (footer.logo.href ? (
                <a className="footer-logo-link" href={footer.logo.href}>
                  <Logo logo={footer.logo} className="footer-logo" />
                </a>
              ) : (
                <Logo logo={footer.logo} className="footer-logo" />
              ))}
            {/* The copyright line is config HTML (it may hold a link). */}
            {footer.copyright && (
              <div className="footer-copyright" dangerouslySetInnerHTML={{ __html: footer.copyright }} />
            )}
          </div>
        )}
      </div>
    </footer>
  )
}
