import { BuiltPage, type BlockErrorHandler } from '../built/built-page'
import type { BuiltPageProps } from '../props'

/**
 * A seller's built shop or product page (docs/decisions/0065-serving-built-pages.md): the blocks only (the
 * seller's header and footer blocks are the frame), and on a shop with categories a filter by link above
 * them. Plain HTML: no block needs JavaScript (decision 0059).
 */
/** `onBlockError`: the server's check (entry-server.tsx renderBuiltPage); the page is never hydrated, so it needs no data form. */
export default function BuiltPageView({ document, data, categories, allUrl, onBlockError }: BuiltPageProps & { onBlockError?: BlockErrorHandler }) {
  return (
    <div className="sf-built-page" data-testid="built-page-view">
      {categories.length > 0 && allUrl && (
        <nav className="sf-built-categories" aria-label="Categories" data-testid="built-categories">
          <a href={allUrl} aria-current={categories.some((c) => c.active) ? undefined : 'page'}>All</a>
          {categories.map((c) => <a key={c.id} href={c.url} aria-current={c.active ? 'page' : undefined} data-testid="built-category">{c.title}</a>)}
        </nav>
      )}
      <BuiltPage document={document} data={data} onBlockError={onBlockError} />
    </div>
  )
}
