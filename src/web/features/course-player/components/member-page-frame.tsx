import { useEffect, useRef, useState } from 'react'

// A member page (docs/decisions/0069-member-pages.md) inside the player: the storefront's HTML document in a
// frame of this site without scripts, as tall as its content (same origin, so its height can be read), its
// links opening in the whole window (the document's <base target="_top">).

export function MemberPageFrame({ html, title }: { html: string; title: string }) {
  const frame = useRef<HTMLIFrameElement>(null)
  const [height, setHeight] = useState(480)
  const [loaded, setLoaded] = useState(0)
  useEffect(() => {
    const doc = frame.current?.contentDocument
    if (!loaded || !doc?.documentElement) return
    const fit = () => setHeight(Math.max(200, doc.documentElement.scrollHeight))
    fit()
    // Pictures arriving later make the page taller.
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(fit)
    if (doc.body) observer?.observe(doc.body)
    return () => observer?.disconnect()
  }, [loaded])
  return (
    <iframe
      ref={frame} srcDoc={html} title={title} onLoad={() => setLoaded((n) => n + 1)}
      sandbox="allow-same-origin allow-popups allow-popups-to-escape-sandbox allow-top-navigation-by-user-activation allow-downloads"
      style={{ width: '100%', height, border: 0, display: 'block' }} data-testid="member-page"
    />
  )
}
