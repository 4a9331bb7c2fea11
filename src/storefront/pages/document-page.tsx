import { Fragment } from 'react'
import { Shell } from '../blocks/shell'
import type { DocumentPageProps } from '../props'

/** A legal document of the seller (the cancellation terms), plain text in paragraphs. */
export default function DocumentPage({ username, title, body }: DocumentPageProps) {
  return (
    <Shell username={username}>
      <article className="sf-card sf-document" data-testid="document">
        <h1 className="sf-title">{title}</h1>
        {body.trim().split(/\n\s*\n/).map((p, i) => (
          <p key={i}>{p.split('\n').map((line, j) => <Fragment key={j}>{j > 0 && <br />}{line}</Fragment>)}</p>
        ))}
      </article>
    </Shell>
  )
}
