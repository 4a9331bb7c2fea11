import type { ProductForm } from '../catalog/product-forms'

// The default legal texts a seller starts with (docs/decisions/0042-minimal-checkout-and-legal-texts.md): terms
// of sale, privacy policy and cancellation terms per product form, in German for sellers in Germany, Austria,
// Switzerland and Liechtenstein and in English for everyone else, filled with the seller's name and address
// from the profile. They are starting points the seller reviews and edits, not legal advice; until the seller
// saves their own, the shop shows these so no checkout links an empty page. Pure: the server fills them in
// on every read, so a changed profile shows at once.

export const legalTextKinds = ['terms', 'privacy'] as const
export type LegalTextKind = (typeof legalTextKinds)[number]

export type LegalSeller = {
  /** The shop's username (the last fallback for the name). */
  username: string
  firstName?: string | null | undefined
  lastName?: string | null | undefined
  company?: string | null | undefined
  street?: string | null | undefined
  streetNumber?: string | null | undefined
  zip?: string | null | undefined
  city?: string | null | undefined
  countryCode?: string | null | undefined
  email?: string | null | undefined
}

export type LegalText = { title: string; body: string }

/** Countries whose sellers get the German texts. */
const germanCountries = ['DE', 'AT', 'CH', 'LI']

export type LegalJurisdiction = 'DE' | 'AT' | 'CH' | 'EU'

export function legalJurisdiction(countryCode: string | null | undefined): LegalJurisdiction {
  const code = (countryCode ?? '').toUpperCase()
  if (code === 'DE' || code === 'AT' || code === 'CH') return code
  if (code === 'LI') return 'AT' // Liechtenstein's consumer law follows the Austrian model closely
  return 'EU'
}

export function legalLanguage(countryCode: string | null | undefined): 'de' | 'en' {
  return germanCountries.includes((countryCode ?? '').toUpperCase()) ? 'de' : 'en'
}

/** How the right of withdrawal applies to a product form: digital content, a service, or a leisure event. */
export type WithdrawalKind = 'digital_content' | 'service' | 'event'

export function withdrawalKindOf(form: ProductForm): WithdrawalKind {
  if (form === 'eventTickets') return 'event'
  if (form === 'digital') return 'service'
  return 'digital_content'
}

/** The seller's name: the company, else first and last name, else the username. */
export function sellerName(seller: LegalSeller): string {
  const company = seller.company?.trim()
  if (company) return company
  const person = [seller.firstName, seller.lastName].map((p) => p?.trim() ?? '').filter(Boolean).join(' ')
  return person || seller.username
}

/** Name, address and email as lines; parts the profile lacks are left out. */
export function sellerAddressLines(seller: LegalSeller): string[] {
  const street = [seller.street, seller.streetNumber].map((p) => p?.trim() ?? '').filter(Boolean).join(' ')
  const place = [seller.zip, seller.city].map((p) => p?.trim() ?? '').filter(Boolean).join(' ')
  const lines = [sellerName(seller)]
  const company = seller.company?.trim()
  const person = [seller.firstName, seller.lastName].map((p) => p?.trim() ?? '').filter(Boolean).join(' ')
  if (company && person) lines.push(person)
  if (street) lines.push(street)
  if (place || seller.countryCode) lines.push([place, seller.countryCode?.toUpperCase()].filter(Boolean).join(', '))
  if (seller.email) lines.push(seller.email)
  return lines
}

const block = (lines: string[]) => lines.join('\n')

// ------------------------------------------------------------------ terms of sale

export function termsTemplate(seller: LegalSeller): LegalText {
  const name = sellerName(seller)
  const address = block(sellerAddressLines(seller))
  const jurisdiction = legalJurisdiction(seller.countryCode)
  if (legalLanguage(seller.countryCode) === 'de') {
    const law = jurisdiction === 'CH' ? 'schweizerisches Recht' : jurisdiction === 'AT' ? 'österreichisches Recht' : 'deutsches Recht'
    return {
      title: 'Allgemeine Geschäftsbedingungen',
      body: [
        `§ 1 Geltungsbereich\nDiese Allgemeinen Geschäftsbedingungen gelten für alle Verträge, die über diesen Shop zwischen dem Anbieter und den Käuferinnen und Käufern geschlossen werden. Anbieter ist:\n${address}`,
        '§ 2 Vertragsschluss\nDie Darstellung der Produkte im Shop ist kein bindendes Angebot. Mit dem Klick auf den Kaufen-Button geben Sie ein verbindliches Angebot ab. Der Vertrag kommt zustande, wenn wir die Bestellung per E-Mail bestätigen oder die Leistung bereitstellen.',
        '§ 3 Preise und Zahlung\nEs gelten die im Checkout angezeigten Preise einschließlich der gesetzlichen Umsatzsteuer, sofern diese ausgewiesen wird. Raten und Abonnements werden zu den im Checkout genannten Terminen fällig. Die Zahlung erfolgt über die im Checkout angebotenen Zahlungsarten.',
        '§ 4 Leistung\nDigitale Inhalte und Kurse werden nach Zahlungseingang im Kundenbereich bereitgestellt oder per E-Mail zugesandt. Dienstleistungen und Veranstaltungen werden zu den in der Produktbeschreibung genannten Bedingungen erbracht.',
        '§ 5 Widerrufsrecht\nVerbraucherinnen und Verbraucher haben ein Widerrufsrecht nach Maßgabe der Widerrufsbelehrung, die im Checkout verlinkt ist.',
        '§ 6 Nutzungsrechte\nDigitale Inhalte dürfen nur für den eigenen, nicht kommerziellen Gebrauch genutzt werden. Eine Weitergabe an Dritte ist ohne unsere Zustimmung nicht gestattet.',
        '§ 7 Haftung\nWir haften unbeschränkt bei Vorsatz und grober Fahrlässigkeit sowie bei Verletzung von Leben, Körper und Gesundheit. Im Übrigen haften wir nur bei Verletzung wesentlicher Vertragspflichten und begrenzt auf den vertragstypischen, vorhersehbaren Schaden.',
        `§ 8 Schlussbestimmungen\nEs gilt ${law}; zwingende Verbraucherschutzvorschriften des Staates, in dem Sie Ihren gewöhnlichen Aufenthalt haben, bleiben unberührt. Die Plattform der EU-Kommission zur Online-Streitbeilegung finden Sie unter https://ec.europa.eu/consumers/odr. Wir sind nicht verpflichtet und nicht bereit, an Streitbeilegungsverfahren vor einer Verbraucherschlichtungsstelle teilzunehmen.`,
      ].join('\n\n'),
    }
  }
  return {
    title: 'Terms of sale',
    body: [
      `1. Scope\nThese terms apply to every purchase made in this shop. The seller is:\n${address}`,
      '2. Contract\nThe products shown in the shop are not a binding offer. By pressing the buy button you place a binding order; the contract is made when we confirm it by email or deliver the product.',
      '3. Prices and payment\nThe prices shown at checkout apply, including VAT where it is shown. Rates and subscriptions are charged on the dates named at checkout, with the payment methods offered there.',
      '4. Delivery\nDigital content and courses are made available in your payer area or sent by email once payment is received. Services and events are provided as described on the product page.',
      '5. Right of withdrawal\nConsumers have a right of withdrawal as set out in the cancellation terms linked at checkout.',
      '6. Licence\nDigital content is licensed for your own, non-commercial use and may not be shared with others without our consent.',
      '7. Liability\nWe are liable without limit for intent and gross negligence and for injury to life, body or health. Otherwise our liability is limited to foreseeable damage typical for the contract.',
      `8. Final provisions\nThe law of the seller's country applies; mandatory consumer protection rules of the country where you live remain unaffected. The European Commission's online dispute resolution platform is at https://ec.europa.eu/consumers/odr. ${name} does not take part in dispute resolution before a consumer arbitration board.`,
    ].join('\n\n'),
  }
}

// ------------------------------------------------------------------ privacy policy

export function privacyTemplate(seller: LegalSeller): LegalText {
  const address = block(sellerAddressLines(seller))
  const jurisdiction = legalJurisdiction(seller.countryCode)
  if (legalLanguage(seller.countryCode) === 'de') {
    const law = jurisdiction === 'CH' ? 'dem schweizerischen Datenschutzgesetz (DSG) und, soweit anwendbar, der DSGVO' : 'der Datenschutz-Grundverordnung (DSGVO)'
    return {
      title: 'Datenschutzerklärung',
      body: [
        `1. Verantwortlicher\nVerantwortlich für die Verarbeitung Ihrer Daten nach ${law} ist:\n${address}`,
        '2. Welche Daten wir verarbeiten\nBei einer Bestellung verarbeiten wir Ihren Namen, Ihre E-Mail-Adresse, Ihr Land und, soweit Sie sie angeben, Firma, USt-IdNr., Anschrift und Telefonnummer, dazu die Bestell- und Zahlungsdaten.',
        '3. Zwecke und Rechtsgrundlagen\nWir verarbeiten diese Daten, um den Vertrag zu erfüllen (Art. 6 Abs. 1 lit. b DSGVO), um gesetzliche Aufbewahrungspflichten zu erfüllen (Art. 6 Abs. 1 lit. c DSGVO) und um Missbrauch zu verhindern (Art. 6 Abs. 1 lit. f DSGVO).',
        '4. Empfänger\nZahlungsdaten erhalten die von Ihnen gewählten Zahlungsdienstleister. Der Shop wird mit der Verkaufsplattform Sellfront betrieben, die Daten in unserem Auftrag verarbeitet.',
        '5. Speicherdauer\nWir speichern Bestelldaten, solange es für den Vertrag nötig ist, und Rechnungsdaten für die gesetzlichen Aufbewahrungsfristen (in der Regel zehn Jahre).',
        '6. Ihre Rechte\nSie haben das Recht auf Auskunft, Berichtigung, Löschung, Einschränkung der Verarbeitung, Datenübertragbarkeit und Widerspruch sowie das Recht, sich bei einer Datenschutzaufsichtsbehörde zu beschweren. Schreiben Sie uns dazu an die oben genannte Adresse.',
      ].join('\n\n'),
    }
  }
  return {
    title: 'Privacy policy',
    body: [
      `1. Controller\nThe controller of your personal data under the General Data Protection Regulation (GDPR) and other applicable data protection laws is:\n${address}`,
      '2. Data we process\nWhen you order we process your name, email address and country and, where you give them, your company, VAT ID, address and phone number, together with the order and payment details.',
      '3. Purposes and legal bases\nWe process these data to perform the contract (Art. 6(1)(b) GDPR), to meet legal retention duties (Art. 6(1)(c) GDPR) and to prevent fraud (Art. 6(1)(f) GDPR).',
      '4. Recipients\nPayment details go to the payment provider you choose. The shop runs on the Sellfront selling platform, which processes data on our behalf.',
      '5. Retention\nWe keep order data as long as the contract needs them and invoice data for the statutory retention periods.',
      '6. Your rights\nYou have the right of access, rectification, erasure, restriction, data portability and objection, and the right to complain to a data protection authority. Write to us at the address above.',
    ].join('\n\n'),
  }
}

// ------------------------------------------------------------------ cancellation terms

function withdrawalFormDe(address: string): string {
  return `Muster-Widerrufsformular\n(Wenn Sie den Vertrag widerrufen wollen, füllen Sie bitte dieses Formular aus und senden Sie es zurück.)\nAn:\n${address}\nHiermit widerrufe(n) ich/wir (*) den von mir/uns (*) abgeschlossenen Vertrag über den Kauf der folgenden Waren (*)/die Erbringung der folgenden Dienstleistung (*)\n– Bestellt am (*)/erhalten am (*)\n– Name des/der Verbraucher(s)\n– Anschrift des/der Verbraucher(s)\n– Unterschrift des/der Verbraucher(s) (nur bei Mitteilung auf Papier)\n– Datum\n(*) Unzutreffendes streichen.`
}

function withdrawalFormEn(address: string): string {
  return `Model withdrawal form\n(Complete and return this form only if you wish to withdraw from the contract.)\nTo:\n${address}\nI/We (*) hereby give notice that I/We (*) withdraw from my/our (*) contract for the supply of the following digital content (*)/the provision of the following service (*)\n– Ordered on (*)\n– Name of consumer(s)\n– Address of consumer(s)\n– Signature of consumer(s) (only if this form is sent on paper)\n– Date\n(*) Delete as appropriate.`
}

function cancellationDe(kind: WithdrawalKind, jurisdiction: LegalJurisdiction, name: string, address: string): LegalText {
  if (jurisdiction === 'CH') {
    const body = [
      `Anbieter:\n${address}`,
      'Das schweizerische Recht sieht für Käufe im Internet kein gesetzliches Widerrufsrecht vor. Ein Widerruf ist daher nur möglich, soweit wir ihn in der Produktbeschreibung ausdrücklich einräumen.',
      kind === 'event'
        ? 'Tickets für Veranstaltungen zu einem bestimmten Termin sind von Umtausch und Rückgabe ausgeschlossen. Fällt die Veranstaltung aus, erstatten wir den Ticketpreis.'
        : kind === 'service'
          ? 'Bereits erbrachte Dienstleistungen werden nicht erstattet. Termine können bis 24 Stunden vorher verschoben werden.'
          : 'Digitale Inhalte werden nach der Bereitstellung nicht zurückgenommen.',
      `Bei Fragen wenden Sie sich bitte an ${name} unter der oben genannten Adresse.`,
    ]
    return { title: kind === 'event' ? 'Rückgabebedingungen für Tickets' : 'Widerrufs- und Rückgabebedingungen', body: body.join('\n\n') }
  }
  const at = jurisdiction === 'AT'
  if (kind === 'event') {
    const rule = at ? '§ 18 Abs. 1 Z 10 FAGG' : '§ 312g Abs. 2 Nr. 9 BGB'
    return {
      title: 'Hinweis zum Widerrufsrecht bei Veranstaltungstickets',
      body: [
        `Anbieter:\n${address}`,
        `Ein Widerrufsrecht besteht nicht bei Verträgen über Dienstleistungen im Zusammenhang mit Freizeitbetätigungen, wenn der Vertrag für die Erbringung einen spezifischen Termin oder Zeitraum vorsieht (${rule}). Tickets für Veranstaltungen zu einem festen Termin können daher nicht widerrufen werden.`,
        'Fällt die Veranstaltung aus oder wird sie verschoben, informieren wir Sie und erstatten auf Wunsch den Ticketpreis.',
      ].join('\n\n'),
    }
  }
  const deadline = 'Die Widerrufsfrist beträgt vierzehn Tage ab dem Tag des Vertragsabschlusses.'
  const how = `Um Ihr Widerrufsrecht auszuüben, müssen Sie uns\n${address}\nmittels einer eindeutigen Erklärung (z. B. eine E-Mail) über Ihren Entschluss, diesen Vertrag zu widerrufen, informieren. Sie können dafür das beigefügte Muster-Widerrufsformular verwenden, das jedoch nicht vorgeschrieben ist. Zur Wahrung der Widerrufsfrist reicht es aus, dass Sie die Mitteilung vor Ablauf der Widerrufsfrist absenden.`
  const effects = 'Folgen des Widerrufs\nWenn Sie diesen Vertrag widerrufen, haben wir Ihnen alle Zahlungen, die wir von Ihnen erhalten haben, unverzüglich und spätestens binnen vierzehn Tagen ab dem Tag zurückzuzahlen, an dem die Mitteilung über Ihren Widerruf bei uns eingegangen ist. Für diese Rückzahlung verwenden wir dasselbe Zahlungsmittel, das Sie bei der ursprünglichen Transaktion eingesetzt haben, es sei denn, mit Ihnen wurde ausdrücklich etwas anderes vereinbart; in keinem Fall werden Ihnen wegen dieser Rückzahlung Entgelte berechnet.'
  if (kind === 'service') {
    const lapse = at ? '§ 18 Abs. 1 Z 1 FAGG' : '§ 356 Abs. 4 BGB'
    return {
      title: 'Widerrufsbelehrung für Dienstleistungen',
      body: [
        'Widerrufsrecht\nSie haben das Recht, binnen vierzehn Tagen ohne Angabe von Gründen diesen Vertrag zu widerrufen. ' + deadline,
        how,
        effects + '\nHaben Sie verlangt, dass die Dienstleistung während der Widerrufsfrist beginnen soll, so haben Sie uns einen angemessenen Betrag zu zahlen, der dem Anteil der bis zu dem Zeitpunkt, zu dem Sie uns von der Ausübung des Widerrufsrechts unterrichten, bereits erbrachten Dienstleistungen im Vergleich zum Gesamtumfang der im Vertrag vorgesehenen Dienstleistungen entspricht.',
        `Erlöschen des Widerrufsrechts\nDas Widerrufsrecht erlischt, wenn wir die Dienstleistung vollständig erbracht haben und mit der Ausführung erst begonnen haben, nachdem Sie dazu Ihre ausdrückliche Zustimmung gegeben und gleichzeitig Ihre Kenntnis davon bestätigt haben, dass Sie Ihr Widerrufsrecht bei vollständiger Vertragserfüllung verlieren (${lapse}).`,
        withdrawalFormDe(address),
      ].join('\n\n'),
    }
  }
  const lapse = at ? '§ 18 Abs. 1 Z 11 FAGG' : '§ 356 Abs. 5 BGB'
  return {
    title: 'Widerrufsbelehrung für digitale Inhalte',
    body: [
      'Widerrufsrecht\nSie haben das Recht, binnen vierzehn Tagen ohne Angabe von Gründen diesen Vertrag zu widerrufen. ' + deadline,
      how,
      effects,
      `Vorzeitiges Erlöschen des Widerrufsrechts\nBei einem Vertrag über die Bereitstellung digitaler Inhalte, die sich nicht auf einem körperlichen Datenträger befinden, erlischt das Widerrufsrecht, wenn wir mit der Vertragserfüllung begonnen haben, nachdem Sie ausdrücklich zugestimmt haben, dass wir vor Ablauf der Widerrufsfrist mit der Vertragserfüllung beginnen, Sie Ihre Kenntnis davon bestätigt haben, dass Sie durch Ihre Zustimmung mit Beginn der Vertragserfüllung Ihr Widerrufsrecht verlieren, und wir Ihnen eine Bestätigung des Vertrags zur Verfügung gestellt haben (${lapse}).`,
      withdrawalFormDe(address),
    ].join('\n\n'),
  }
}

function cancellationEn(kind: WithdrawalKind, name: string, address: string): LegalText {
  if (kind === 'event') {
    return {
      title: 'Right of withdrawal: event tickets',
      body: [
        `Seller:\n${address}`,
        'Consumers in the EU have no right of withdrawal from contracts for services related to leisure activities when the contract provides for a specific date or period of performance (Article 16(l) of Directive 2011/83/EU). Tickets for an event on a set date therefore cannot be withdrawn from.',
        `If the event is cancelled or moved, ${name} will tell you and refund the ticket price on request.`,
      ].join('\n\n'),
    }
  }
  const right = 'Right of withdrawal\nYou have the right to withdraw from this contract within 14 days without giving any reason. The withdrawal period expires after 14 days from the day the contract was concluded.'
  const how = `To exercise the right of withdrawal, you must inform us\n${address}\nof your decision to withdraw from this contract by an unequivocal statement (for example an email). You may use the model withdrawal form below, but it is not obligatory. To meet the withdrawal deadline, it is sufficient for you to send your communication before the withdrawal period has expired.`
  const effects = 'Effects of withdrawal\nIf you withdraw from this contract, we shall reimburse to you all payments received from you without undue delay and in any event not later than 14 days from the day on which we are informed about your decision to withdraw. We will carry out the reimbursement using the same means of payment as you used for the initial transaction, unless you have expressly agreed otherwise; in any event, you will not incur any fees as a result of the reimbursement.'
  if (kind === 'service') {
    return {
      title: 'Right of withdrawal: services',
      body: [
        right, how,
        effects + '\nIf you requested to begin the performance of services during the withdrawal period, you shall pay us an amount which is in proportion to what has been provided until you have communicated your withdrawal, in comparison with the full coverage of the contract.',
        'Loss of the right of withdrawal\nThe right of withdrawal ends once the service has been fully performed, if performance began with your express prior consent and your acknowledgement that you lose the right of withdrawal once we have fully performed the contract (Article 16(a) of Directive 2011/83/EU).',
        withdrawalFormEn(address),
      ].join('\n\n'),
    }
  }
  return {
    title: 'Right of withdrawal: digital content',
    body: [
      right, how, effects,
      'Early loss of the right of withdrawal\nFor digital content not supplied on a tangible medium, the right of withdrawal ends once we begin supplying it, if you have expressly consented to the supply beginning within the withdrawal period and acknowledged that you thereby lose your right of withdrawal, and we have confirmed the contract to you (Article 16(m) of Directive 2011/83/EU).',
      withdrawalFormEn(address),
    ].join('\n\n'),
  }
}

/** The default cancellation terms of a product form for this seller's country. */
export function cancellationTemplate(form: ProductForm, seller: LegalSeller): LegalText {
  const kind = withdrawalKindOf(form)
  const address = block(sellerAddressLines(seller))
  const name = sellerName(seller)
  return legalLanguage(seller.countryCode) === 'de'
    ? cancellationDe(kind, legalJurisdiction(seller.countryCode), name, address)
    : cancellationEn(kind, name, address)
}

export function legalTemplate(kind: LegalTextKind, seller: LegalSeller): LegalText {
  return kind === 'terms' ? termsTemplate(seller) : privacyTemplate(seller)
}
