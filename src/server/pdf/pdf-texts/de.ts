import type { PdfTexts } from './types'

// German: Rechnung, Stornorechnung, Rechnungsdatum, Leistungsdatum; neutral, without «du».

const verification = {
  format_only: 'nur formal geprüft (keine Online-Abfrage bei VIES)',
  vies_valid: 'formal geprüft und in VIES als gültig bestätigt',
  vies_invalid: 'formal geprüft; laut VIES nicht registriert',
} as const

export const de: PdfTexts = {
  invoice: {
    titles: { invoice: 'Rechnung', reversal: 'Stornorechnung', reissue: 'Neu ausgestellte Rechnung' },
    number: 'Rechnungsnummer',
    date: 'Rechnungsdatum',
    order: 'Bestellung',
    paidOn: 'Leistungsdatum',
    vatId: 'USt-IdNr.',
    taxNumber: 'Steuernummer',
    soldOnBehalf: (reseller, seller) => `Verkauft von ${reseller} im Namen von ${seller}`,
    billTo: 'RECHNUNGSEMPFÄNGER',
    exchangeRate: (base, rate, currency, source, date) => `Umrechnungskurs: 1 ${base} = ${rate} ${currency} (${source}, ${date}).`,
    exchangeEquivalent: (total, vat) => `Zu diesem Kurs: Gesamtbetrag ${total}, USt. ${vat}.`,
    exchangeSources: { ecb: 'Referenzkurs der Europäischen Zentralbank', file: 'Kursdatei der Plattform' },
    reversalOf: (number) => `Storno der Rechnung ${number}`,
    reissueOf: (number) => `Neuausstellung der Rechnung ${number}`,
    columns: { description: 'Beschreibung', quantity: 'Menge', net: 'Netto', vat: 'USt.', gross: 'Brutto' },
    net: 'Nettobetrag',
    vatOf: (rate, base) => `USt. ${rate} auf ${base}`,
    total: 'Gesamtbetrag',
    vatNote: {
      rate: (rate, country) => `USt. ${rate}${country ? ` (${country})` : ''}`,
      included: (rates) => `Enthält ${rates}.`,
      exempt: {
        small_business: 'Keine Umsatzsteuer berechnet: Der Verkäufer ist als Kleinunternehmer von der Umsatzsteuer befreit.',
        educational: 'Keine Umsatzsteuer berechnet: Der Verkäufer erbringt umsatzsteuerfreie Bildungsleistungen.',
        regulated_profession: 'Keine Umsatzsteuer berechnet: Der Verkäufer erbringt umsatzsteuerfreie Leistungen eines reglementierten Berufs.',
        other: 'Keine Umsatzsteuer berechnet: Der Verkäufer ist von der Umsatzsteuer befreit.',
      },
      export: 'Keine EU-Umsatzsteuer berechnet: Der Ort der Leistung liegt außerhalb der EU.',
      reverseCharge: (c) => `Steuerschuldnerschaft des Leistungsempfängers (Reverse Charge, Art. 196 MwStSystRL). USt-IdNr. des Empfängers ${c.vat_id || 'fehlt'}`
        + `${c.country ? ` (erteilt von ${c.country})` : ''}, ${verification[c.verification]}.`,
    },
  },
  ticket: {
    labels: { event_name: 'Veranstaltung', ticket_type: 'Ticket', date: 'Datum', location: 'Ort', attendee_name: 'Teilnehmer', price: 'Preis', order_number: 'Bestellung' },
  },
  certificate: {
    validUntil: (date) => `Gültig bis ${date}`,
    number: (serial) => `Nr. ${serial}`,
  },
  creditMemo: {
    title: (number) => `Gutschrift ${number}`,
    issuedTo: (recipient) => `Ausgestellt von Sellfront an ${recipient}`,
    date: 'Datum',
    payout: (id) => `Auszahlung Nr. ${id}`,
    state: 'Status',
    states: { pending: 'ausstehend', issued: 'angewiesen', successful: 'ausgeführt', canceled: 'storniert' },
    paidTo: (holder, last4) => `Ausgezahlt an ${holder}, Konto endend auf ${last4}`,
    amount: 'Betrag',
    statement: {
      commissions: 'Gutschrift im Gutschriftsverfahren über die mit dieser Auszahlung ausgezahlten Provisionen. Die einzelnen Provisionen sind in den Transfers aufgeführt.',
      reseller_fees: 'Gutschrift im Gutschriftsverfahren über die mit dieser Auszahlung ausgezahlten Reseller-Gebühren. Die einzelnen Gebühren sind in den Verkäufen aufgeführt.',
    },
  },
  commissionMemo: {
    title: (number) => `Gutschrift ${number}`,
    issuedBy: (seller, publisher) => `Ausgestellt von ${seller} (Verkäufer) an ${publisher} (Publisher)`,
    colon: ':',
    period: 'Abrechnungszeitraum',
    currency: 'Währung',
    date: 'Gutschriftsdatum',
    columns: { date: 'Datum', order: 'Bestellung', level: 'Stufe', kind: 'Art', commission: 'Provision', reversed: 'Storniert' },
    kinds: { commission: 'Provision', bonus: 'Bonus' },
    total: 'Gesamtbetrag',
    count: 'Anzahl Provisionen',
    statement: 'Gutschrift über Affiliate-Provisionen (Abrechnung durch den Leistungsempfänger). Die Beträge sind die Provisionen abzüglich dessen, was Erstattungen und Rückbuchungen bis zur Ausstellung dieser Gutschrift zurückgenommen haben.',
  },
}
