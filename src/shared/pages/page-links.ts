// Links, uploads and videos of page blocks (docs/decisions/0059-page-blocks.md). The schema refuses what these
// refuse on save; the storefront checks again when it renders, so a document that skipped the schema still
// cannot put a script into a link.

/** An http(s) address with a host, or a path of this site (`/s/demo/x`); never another scheme or `//host`. */
export function isPageLink(value: string): boolean {
  // Browsers drop control characters and spaces inside a scheme ("java\tscript:"): any is refused.
  if (value === '' || value.length > 2048 || /[\u0000-\u0020\u007f-\u009f]/.test(value)) return false
  if (value.startsWith('/')) return !value.startsWith('//') && !value.startsWith('/\\')
  if (!/^https?:\/\//i.test(value)) return false
  try {
    const url = new URL(value)
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '' && url.username === '' && url.password === ''
  } catch {
    return false
  }
}

/** The link when it is one isPageLink accepts, else null. */
export function pageLink(value: string | null | undefined): string | null {
  return typeof value === 'string' && isPageLink(value) ? value : null
}

/** A seller's upload, named by its storage key (the media uploads' keys). */
export const uploadKeyPattern = /^[a-z0-9-]{1,80}(\.[a-z0-9]{1,8})?$/

/** Hosts an external video may come from: the same services as course lessons. */
export const pageVideoHosts = [
  'youtube.com', 'www.youtube.com', 'm.youtube.com', 'youtu.be', 'www.youtube-nocookie.com',
  'vimeo.com', 'player.vimeo.com', 'fast.wistia.net', 'fast.wistia.com', 'www.loom.com', 'loom.com',
] as const

function parse(value: string): URL | null {
  try {
    return new URL(value)
  } catch {
    return null
  }
}

export function isAllowedVideoLink(value: string): boolean {
  const url = parse(value)
  return url !== null && !/\s/.test(value) && url.protocol === 'https:' && url.username === '' && url.password === '' && url.port === ''
    && (pageVideoHosts as readonly string[]).includes(url.hostname.toLowerCase())
}

/** The player address of an allowed video link (privacy-enhanced YouTube, Vimeo's player); null for any other link. */
export function videoEmbedUrl(value: string): string | null {
  if (!isAllowedVideoLink(value)) return null
  const url = parse(value)!
  const host = url.hostname.toLowerCase()
  const youtube = (id: string | null | undefined) => (id && /^[A-Za-z0-9_-]{1,64}$/.test(id) ? `https://www.youtube-nocookie.com/embed/${id}` : null)
  if (host === 'youtu.be') return youtube(url.pathname.slice(1))
  if (host.endsWith('youtube.com') || host === 'www.youtube-nocookie.com') {
    return youtube(url.searchParams.get('v') ?? url.pathname.match(/^\/(?:embed|shorts|live)\/([^/]+)/)?.[1])
  }
  if (host === 'vimeo.com' || host === 'player.vimeo.com') {
    const id = url.pathname.match(/^\/(?:video\/)?(\d{1,20})/)?.[1]
    return id ? `https://player.vimeo.com/video/${id}` : null
  }
  if (host.endsWith('loom.com')) {
    const id = url.pathname.match(/^\/(?:share|embed)\/([A-Za-z0-9]{1,64})/)?.[1]
    return id ? `https://www.loom.com/embed/${id}` : null
  }
  // Wistia: its own player address as given.
  return url.pathname.startsWith('/embed/') ? url.href : null
}
