import { Shell, shopPath } from '../blocks/shell'
import type { MessagePageProps } from '../props'
import { useTexts } from '../i18n/texts-context'

/** Not found, unavailable or an error: a title, a sentence and the way back. */
export default function MessagePage({ title, message, username }: MessagePageProps) {
  const { t } = useTexts()
  return (
    <Shell username={username}>
      <div className="sf-card sf-narrow" data-testid="message-page">
        <h1 className="sf-title">{title}</h1>
        <p>{message}</p>
        {username && <p><a href={shopPath(username)}>{t.pages.message.back}</a></p>}
      </div>
    </Shell>
  )
}
