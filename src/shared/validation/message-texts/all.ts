import type { LocaleCode } from '../../schemas/accounts'
import { registerMessageTexts, type MessageTexts } from '../messages'
import ar from './ar'
import cs from './cs'
import da from './da'
import de from './de'
import el from './el'
import es from './es'
import fr from './fr'
import hr from './hr'
import hu from './hu'
import it from './it'
import ko from './ko'
import nl from './nl'
import no from './no'
import pl from './pl'
import pt_br from './pt_br'
import pt_pt from './pt_pt'
import ro from './ro'
import sv from './sv'
import tr from './tr'

// Every locale's validation messages, registered on import: the server imports this once (src/server/app.ts), so
// an API error or a storefront form's message reads in any of the 20 locales. The back office does not: it loads only the
// locale it shows (src/web/i18n/complete-locales.ts).

export const allMessageTexts = { de, es, ar, cs, da, el, fr, hu, it, pl, pt_br, pt_pt, sv, tr, ko, no, hr, ro, nl } as const satisfies Record<Exclude<LocaleCode, 'en'>, MessageTexts>

for (const [locale, texts] of Object.entries(allMessageTexts)) {
  registerMessageTexts(locale as keyof typeof allMessageTexts, texts)
}
