import { Component, type ReactNode } from 'react'

interface Props {
  children: ReactNode
  labels: { title: string; tryAgain: string; cause: string; pageTitle: string }
}

/**
 * The crash screen for an island that throws: title, message, causes, 'Try again'. Its visible
 * title is the one place 'This page crashed.' is written with its full stop.
 */
export class ErrorBoundary extends Component<Props, { error: Error | undefined }> {
  state: { error: Error | undefined } = { error: undefined }
  static getDerivedStateFromError(error: Error) {
    return { error }
  }
  /** A crashed page is an error page: its tab says 'Page Error' (the site title kept after it). */
  componentDidCatch() {
    const site = document.title.split(' | ').pop()
    document.title =
      site && site !== document.title
        ? `${this.props.labels.pageTitle} | ${site}`
        : this.props.labels.pageTitle
  }
  render() {
    const { error } = this.state
    if (!error) return this.props.children
    const causes: unknown[] = []
    for (let c = (error as { cause?: unknown }).cause; c; c = (c as { cause?: unknown }).cause) causes.push(c)
    return (
      <div className="crash" role="alert">
        <p className="crash-title">{this.props.labels.title}</p>
        <p className="crash-message">{error.message}</p>
        {causes.map((c, i) => (
          <p key={i} className="crash-cause">
            {this.props.labels.cause}: {c instanceof Error ? c.message : String(c)}
          </p>
        ))}
        <button type="button" className="button" onClick={() => this.setState({ error: undefined })}>
          {this.props.labels.tryAgain}
        </button>
      </div>
    )
  }
}
