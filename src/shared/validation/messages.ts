import { passwordMaxLength, passwordMinLength } from './password'
import { usernameMaxLength, usernameMinLength } from './username'

// Every validation message the server and the browser show. Rules and zod schemas return only the key;
// whoever shows the message translates it here, so both sides say the same words.
// German uses the informal "du", like the rest of the product's German copy.

type Texts = { readonly en: string; readonly de: string }
/** `withParams` is used when every `{placeholder}` in it is given; the plain text otherwise. */
type Message = Texts & { readonly withParams?: Texts }

export const messages = {
  required: { en: 'This field is required.', de: 'Dieses Feld ist ein Pflichtfeld.' },
  invalid_value: { en: 'This value is not valid.', de: 'Dieser Wert ist ungültig.' },
  unstorable_text: {
    en: 'This text contains a character that cannot be stored (U+0000 or an unpaired surrogate).',
    de: 'Dieser Text enthält ein Zeichen, das nicht gespeichert werden kann (U+0000 oder ein einzelnes Surrogat).',
  },
  invalid_interval: { en: 'Choose an interval the platform offers (1 to 27 days, 1 to 4 weeks, 1 to 11 months, 1 or 2 years).', de: 'Wähle ein angebotenes Intervall (1 bis 27 Tage, 1 bis 4 Wochen, 1 bis 11 Monate, 1 oder 2 Jahre).' },
  invalid_email: {
    en: 'Please enter a valid email address.',
    de: 'Bitte gib eine gültige E-Mail-Adresse ein.',
  },
  invalid_phone: {
    en: 'Please enter a valid phone number, e.g. +49 30 1234567.',
    de: 'Bitte gib eine gültige Telefonnummer ein, z. B. +49 30 1234567.',
  },
  invalid_bic: {
    en: 'Please enter a valid BIC (8 or 11 letters and digits).',
    de: 'Bitte gib eine gültige BIC ein (8 oder 11 Buchstaben und Ziffern).',
  },
  invalid_iban: { en: 'Please enter a valid IBAN.', de: 'Bitte gib eine gültige IBAN ein.' },
  invalid_time: {
    en: 'Please enter a time as HH:MM, e.g. 09:30.',
    de: 'Bitte gib eine Uhrzeit im Format HH:MM ein, z. B. 09:30.',
  },
  invalid_date: { en: 'Please enter a valid date.', de: 'Bitte gib ein gültiges Datum ein.' },
  invalid_birthday: {
    en: 'Please enter a valid date of birth. You must be at least 18 years old.',
    de: 'Bitte gib ein gültiges Geburtsdatum ein. Du musst mindestens 18 Jahre alt sein.',
  },
  invalid_url: {
    en: 'Please enter a valid web address starting with http:// or https://.',
    de: 'Bitte gib eine gültige Webadresse ein, die mit http:// oder https:// beginnt.',
  },
  invalid_domain: {
    en: 'Please enter a valid domain, e.g. shop.example.com.',
    de: 'Bitte gib eine gültige Domain ein, z. B. shop.example.com.',
  },
  invalid_slug: {
    en: 'Use 2 to 102 letters, digits and hyphens only.',
    de: 'Verwende 2 bis 102 Zeichen: nur Buchstaben, Ziffern und Bindestriche.',
  },
  reserved_slug: {
    en: 'This address is reserved. Please choose another one.',
    de: 'Diese Adresse ist reserviert. Bitte wähle eine andere.',
  },
  invalid_username: {
    en: 'Your username must start with a letter and may contain letters, digits, underscores, hyphens and spaces.',
    de: 'Dein Benutzername muss mit einem Buchstaben beginnen und darf Buchstaben, Ziffern, Unterstriche, Bindestriche und Leerzeichen enthalten.',
  },
  username_too_short: {
    en: `Your username must be at least ${usernameMinLength} characters long.`,
    de: `Dein Benutzername muss mindestens ${usernameMinLength} Zeichen lang sein.`,
  },
  username_too_long: {
    en: `Your username may be at most ${usernameMaxLength} characters long.`,
    de: `Dein Benutzername darf höchstens ${usernameMaxLength} Zeichen lang sein.`,
  },
  username_taken: {
    en: 'This username is already taken.',
    de: 'Dieser Benutzername ist bereits vergeben.',
  },
  email_taken: {
    en: 'An account with this email address already exists.',
    de: 'Mit dieser E-Mail-Adresse gibt es bereits ein Konto.',
  },
  password_too_short: {
    en: `Your password must be at least ${passwordMinLength} characters long.`,
    de: `Dein Passwort muss mindestens ${passwordMinLength} Zeichen lang sein.`,
  },
  password_too_long: {
    en: `Your password may be at most ${passwordMaxLength} characters long.`,
    de: `Dein Passwort darf höchstens ${passwordMaxLength} Zeichen lang sein.`,
  },
  password_needs_special: {
    en: 'Your password must contain at least one special character, e.g. ! ? # or %.',
    de: 'Dein Passwort muss mindestens ein Sonderzeichen enthalten, z. B. ! ? # oder %.',
  },
  name_too_long: {
    en: 'This name is too long.',
    de: 'Dieser Name ist zu lang.',
    withParams: {
      en: 'This name may be at most {max} characters long.',
      de: 'Dieser Name darf höchstens {max} Zeichen lang sein.',
    },
  },
  script_tag: {
    en: 'Script tags are not allowed here.',
    de: 'Script-Tags sind hier nicht erlaubt.',
  },
  cyrillic: {
    en: 'Cyrillic letters are not allowed here.',
    de: 'Kyrillische Buchstaben sind hier nicht erlaubt.',
  },
  wrong_vat: {
    en: 'This VAT ID does not match the format of its country.',
    de: 'Diese USt-IdNr. entspricht nicht dem Format ihres Landes.',
  },
  invalid_vat: {
    en: 'A VAT ID may contain only letters, digits, underscores and hyphens.',
    de: 'Eine USt-IdNr. darf nur Buchstaben, Ziffern, Unterstriche und Bindestriche enthalten.',
  },
  invalid_hex_color: {
    en: 'Please enter a colour as # followed by 3 or 6 hex digits, e.g. #ffc107.',
    de: 'Bitte gib eine Farbe als # mit 3 oder 6 Hex-Ziffern ein, z. B. #ffc107.',
  },
  commission_total_exceeded: {
    en: 'The levels together may take at most 100 %.',
    de: 'Die Stufen zusammen dürfen höchstens 100 % betragen.',
  },
  out_of_range: {
    en: 'This value is out of range.',
    de: 'Dieser Wert liegt außerhalb des erlaubten Bereichs.',
    withParams: {
      en: 'Please enter a value from {min} to {max}.',
      de: 'Bitte gib einen Wert von {min} bis {max} ein.',
    },
  },
  too_short: {
    en: 'This is too short.',
    de: 'Das ist zu kurz.',
    withParams: {
      en: 'Please enter at least {min} characters.',
      de: 'Bitte gib mindestens {min} Zeichen ein.',
    },
  },
  too_long: {
    en: 'This is too long.',
    de: 'Das ist zu lang.',
    withParams: {
      en: 'Please enter at most {max} characters.',
      de: 'Bitte gib höchstens {max} Zeichen ein.',
    },
  },
  plan_one_time_terms: {
    en: 'A one-time plan takes a price only (no first_amount, next_amount, payments_count, interval, custom_intervals or trial_days).',
    de: 'Ein Einmalzahlungsplan nimmt nur einen Preis (price), keine weiteren Zahlungsbedingungen.',
  },
  plan_installment_terms: {
    en: 'An installment plan takes first_amount, next_amount, payments_count and interval (or custom_intervals), not a price or trial_days.',
    de: 'Ein Ratenplan nimmt first_amount, next_amount, payments_count und interval (oder custom_intervals), keinen Preis (price) und keine trial_days.',
  },
  plan_limited_subscription_terms: {
    en: 'A limited subscription takes a price or first_amount and next_amount, with payments_count and interval; not custom_intervals.',
    de: 'Ein begrenztes Abo nimmt einen Preis (price) oder first_amount und next_amount, dazu payments_count und interval; keine custom_intervals.',
  },
  plan_subscription_terms: {
    en: 'A subscription takes a price or first_amount and next_amount, with an interval; not payments_count or custom_intervals.',
    de: 'Ein Abo nimmt einen Preis (price) oder first_amount und next_amount, dazu ein interval; kein payments_count und keine custom_intervals.',
  },
  plan_price_or_first_next: {
    en: 'Send either a price or first_amount and next_amount, not both.',
    de: 'Bitte sende entweder einen Preis (price) oder first_amount und next_amount, nicht beides.',
  },
  plan_custom_intervals_replace: {
    en: 'custom_intervals replace first_amount, next_amount and interval: send one or the other.',
    de: 'custom_intervals ersetzen first_amount, next_amount und interval: bitte sende nur eines davon.',
  },
  invalid_country: { en: 'Please choose a valid country.', de: 'Bitte wähle ein gültiges Land.' },
  country_not_served: { en: 'Purchases from this country are not possible.', de: 'Käufe aus diesem Land sind nicht möglich.' },
  invalid_tracking_id: {
    en: 'This tracking ID does not have the expected format.',
    de: 'Diese Tracking-ID hat nicht das erwartete Format.',
  },
  license_key_format_invalid: {
    en: 'Use a format with placeholders such as {alphanumeric:5}-{numeric:4} (types alphabetic, alphanumeric, numeric).',
    de: 'Verwende ein Format mit Platzhaltern wie {alphanumeric:5}-{numeric:4} (Typen alphabetic, alphanumeric, numeric).',
  },
  license_key_format_size: {
    en: 'At least one placeholder needs a size of 3 or more, and every size must be 1 to 64.',
    de: 'Mindestens ein Platzhalter braucht eine Größe von 3 oder mehr, und jede Größe muss zwischen 1 und 64 liegen.',
  },
  license_key_format_type: {
    en: 'A placeholder type must be alphabetic, alphanumeric or numeric.',
    de: 'Ein Platzhaltertyp muss alphabetic, alphanumeric oder numeric sein.',
  },
  slug_taken: {
    en: 'You already use this address for another product.',
    de: 'Du verwendest diese Adresse bereits für ein anderes Produkt.',
  },
  unsafe_css: {
    en: 'Custom CSS cannot contain "<". Write only style rules.',
    de: 'Eigenes CSS darf kein „<“ enthalten. Schreibe nur Stilregeln.',
  },
  share_slug_taken: {
    en: 'You already use this address for another shared link.',
    de: 'Du verwendest diese Adresse bereits für einen anderen geteilten Link.',
  },
  duplicate_product: {
    en: 'Each product can be in the list only once.',
    de: 'Jedes Produkt kann nur einmal in der Liste stehen.',
  },
  product_not_shareable: {
    en: 'This product cannot be shared: it is not published, archived, protected by a password or not yours.',
    de: 'Dieses Produkt kann nicht geteilt werden: Es ist nicht veröffentlicht, archiviert, durch ein Passwort geschützt oder nicht deins.',
  },
  // live shopping and mobile app (docs/decisions/0086-live-shopping-and-mobile-app.md)
  https_url_required: {
    en: 'Enter a full https address, e.g. https://www.youtube.com/live/abc123.',
    de: 'Gib eine vollständige https-Adresse ein, z. B. https://www.youtube.com/live/abc123.',
  },
  end_before_start: {
    en: 'The end must come after the start.',
    de: 'Das Ende muss nach dem Beginn liegen.',
  },
  live_product_not_available: {
    en: 'This product cannot be shown in a live event: it is not published, archived, protected by a password or not yours.',
    de: 'Dieses Produkt kann nicht in einem Live-Event gezeigt werden: Es ist nicht veröffentlicht, archiviert, durch ein Passwort geschützt oder nicht deins.',
  },
  duplicate_type: {
    en: 'Each type can be in the list only once.',
    de: 'Jeder Typ kann nur einmal in der Liste stehen.',
  },
  coupon_code_taken: {
    en: 'You already have a coupon with this code.',
    de: 'Du hast bereits einen Gutschein mit diesem Code.',
  },
  not_an_image: {
    en: 'This file is not an image. Upload a JPEG, PNG, WebP, GIF or AVIF picture.',
    de: 'Diese Datei ist kein Bild. Lade ein JPEG-, PNG-, WebP-, GIF- oder AVIF-Bild hoch.',
  },
  not_a_font: {
    en: 'This file is not a font Sellfront can serve. Upload a WOFF2, WOFF or TrueType (TTF) file.',
    de: 'Diese Datei ist keine Schrift, die Sellfront ausliefern kann. Lade eine WOFF2-, WOFF- oder TrueType-Datei (TTF) hoch.',
  },
  corrupt_image: {
    en: 'This image is damaged: its pixels cannot be read. Save it again and upload the new file.',
    de: 'Dieses Bild ist beschädigt: Seine Pixel lassen sich nicht lesen. Speichere es neu und lade die neue Datei hoch.',
  },
  file_too_large: {
    en: 'This file is too large.',
    de: 'Diese Datei ist zu groß.',
  },
  crop_outside_image: {
    en: 'The crop area must lie inside the image.',
    de: 'Der Zuschnitt muss innerhalb des Bildes liegen.',
  },
  crop_ratio_mismatch: {
    en: 'The crop area does not have the chosen aspect ratio.',
    de: 'Der Zuschnitt hat nicht das gewählte Seitenverhältnis.',
  },
  ids_mismatch: {
    en: 'List every item exactly once.',
    de: 'Führe jedes Element genau einmal auf.',
  },
  video_host_not_allowed: {
    en: 'Use a video address of YouTube, Vimeo, Wistia or Loom, or upload the video.',
    de: 'Verwende eine Videoadresse von YouTube, Vimeo, Wistia oder Loom oder lade das Video hoch.',
  },
  unknown_upload: {
    en: 'This upload does not exist or does not fit here.',
    de: 'Dieser Upload existiert nicht oder passt hier nicht.',
  },
  // customization (docs/decisions/0085-customization.md)
  low_contrast: {
    en: 'This colour is too light to read on white: text needs a contrast of at least 4.5:1. Choose a darker colour.',
    de: 'Diese Farbe ist auf Weiß zu hell zum Lesen: Text braucht einen Kontrast von mindestens 4,5:1. Wähle eine dunklere Farbe.',
  },
  too_many_lines: {
    en: 'This text has too many lines (at most 8).',
    de: 'Dieser Text hat zu viele Zeilen (höchstens 8).',
  },
  quiz_one_correct: {
    en: 'A single-choice question needs exactly one correct option.',
    de: 'Eine Single-Choice-Frage braucht genau eine richtige Antwort.',
  },
  quiz_some_correct: {
    en: 'A multiple-choice question needs at least one correct option.',
    de: 'Eine Multiple-Choice-Frage braucht mindestens eine richtige Antwort.',
  },
  quiz_options_needed: {
    en: 'A choice question needs at least two options.',
    de: 'Eine Auswahlfrage braucht mindestens zwei Antwortmöglichkeiten.',
  },
  quiz_no_options: {
    en: 'An open-answer question has no options.',
    de: 'Eine Frage mit offener Antwort hat keine Antwortmöglichkeiten.',
  },
  unknown_placeholder: {
    en: 'Use only the placeholders {{payer_name}}, {{product_name}}, {{date}}, {{valid_until}}, {{seller_name}} and {{certificate_number}}.',
    de: 'Verwende nur die Platzhalter {{payer_name}}, {{product_name}}, {{date}}, {{valid_until}}, {{seller_name}} und {{certificate_number}}.',
  },
  unsafe_link: {
    en: 'Use a web address starting with http:// or https://, or a path of this site starting with /. Other kinds of links (javascript:, data:) are not allowed.',
    de: 'Verwende eine Webadresse, die mit http:// oder https:// beginnt, oder einen Pfad dieser Seite, der mit / beginnt. Andere Links (javascript:, data:) sind nicht erlaubt.',
  },
  block_not_allowed: {
    en: 'This block cannot be placed on this kind of page.',
    de: 'Dieser Block kann auf dieser Art von Seite nicht verwendet werden.',
  },
  duplicate_block_id: {
    en: 'Every block of a page needs its own id.',
    de: 'Jeder Block einer Seite braucht eine eigene ID.',
  },
} as const satisfies Record<string, Message>

export type MessageKey = keyof typeof messages
export const messageKeys = Object.keys(messages) as MessageKey[]
export type MessageLocale = 'en' | 'de'
export type MessageParams = Readonly<Record<string, string | number | bigint>>

export function isMessageKey(key: string): key is MessageKey {
  return Object.hasOwn(messages, key)
}

/** 'de', 'de-AT' and 'de_CH' read German; every other locale reads English until it is translated. */
export function messageLocale(locale: string): MessageLocale {
  return locale.toLowerCase().split(/[-_]/)[0] === 'de' ? 'de' : 'en'
}

/**
 * The text for a message key. A string that is not a key is returned as it is, so a message that is
 * already text (or a key from a newer server) still shows something.
 */
export function translateMessage(key: string, locale: string, params?: MessageParams): string {
  if (!isMessageKey(key)) return key
  const lang = messageLocale(locale)
  const message: Message = messages[key]
  const withParams = message.withParams?.[lang]
  if (withParams !== undefined && params !== undefined) {
    const filled = fill(withParams, params, lang)
    if (filled !== undefined) return filled
  }
  return message[lang]
}

/** What a zod issue carries: its message key, and the bounds of a too_small / too_big issue. */
export type IssueLike = {
  readonly message: string
  readonly params?: Record<string, unknown> | undefined
  readonly minimum?: number | bigint | undefined
  readonly maximum?: number | bigint | undefined
}

/** Translates a zod issue, taking `{min}` / `{max}` from the issue's bounds. */
export function translateIssue(issue: IssueLike, locale: string): string {
  const params: Record<string, string | number | bigint> = {}
  if (issue.minimum !== undefined) params.min = issue.minimum
  if (issue.maximum !== undefined) params.max = issue.maximum
  for (const [name, value] of Object.entries(issue.params ?? {})) {
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'bigint') params[name] = value
  }
  return translateMessage(issue.message, locale, params)
}

/** Replaces every `{name}`; undefined when a placeholder has no value. */
function fill(text: string, params: MessageParams, lang: MessageLocale): string | undefined {
  let missing = false
  const filled = text.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name]
    if (value === undefined) {
      missing = true
      return ''
    }
    return typeof value === 'string' ? value : new Intl.NumberFormat(lang).format(value)
  })
  return missing ? undefined : filled
}
