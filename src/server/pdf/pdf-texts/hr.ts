import type { PdfTexts } from './types'

// Croatian: račun, storno račun, datum isporuke; formal, neutral document style.

const verification = {
  format_only: 'provjeren samo po formatu (bez mrežne provjere u sustavu VIES)',
  vies_valid: 'provjeren po formatu i potvrđen kao valjan u sustavu VIES',
  vies_invalid: 'provjeren po formatu; prema sustavu VIES nije registriran',
} as const

export const hr: PdfTexts = {
  invoice: {
    titles: { invoice: 'Račun', reversal: 'Storno račun', reissue: 'Ponovno izdani račun' },
    number: 'Broj računa',
    date: 'Datum izdavanja',
    order: 'Narudžba',
    paidOn: 'Datum isporuke',
    vatId: 'PDV ID broj',
    taxNumber: 'Porezni broj',
    soldOnBehalf: (reseller, seller) => `Prodaje ${reseller} u ime ${seller}`,
    billTo: 'KUPAC',
    exchangeRate: (base, rate, currency, source, date) => `Tečaj: 1 ${base} = ${rate} ${currency} (${source}, ${date}).`,
    exchangeEquivalent: (total, vat) => `Po tom tečaju: ukupno ${total}, PDV ${vat}.`,
    exchangeSources: { ecb: 'referentni tečaj Europske središnje banke', file: 'datoteka tečajeva platforme' },
    reversalOf: (number) => `Storno računa ${number}`,
    reissueOf: (number) => `Ponovno izdavanje računa ${number}`,
    columns: { description: 'Opis', quantity: 'Kol.', net: 'Neto', vat: 'PDV', gross: 'Ukupno' },
    net: 'Osnovica',
    vatOf: (rate, base) => `PDV ${rate} na ${base}`,
    total: 'Ukupno za platiti',
    vatNote: {
      rate: (rate, country) => `PDV ${rate}${country ? ` (${country})` : ''}`,
      included: (rates) => `Uključuje ${rates}.`,
      exempt: {
        small_business: 'PDV nije obračunat: prodavatelj je mali poduzetnik oslobođen PDV-a.',
        educational: 'PDV nije obračunat: prodavatelj pruža obrazovne usluge oslobođene PDV-a.',
        regulated_profession: 'PDV nije obračunat: prodavatelj pruža usluge reguliranog zanimanja oslobođene PDV-a.',
        other: 'PDV nije obračunat: prodavatelj je oslobođen PDV-a.',
      },
      export: 'PDV EU-a nije obračunat: isporuka se obavlja izvan EU-a.',
      reverseCharge: (c) => `Prijenos porezne obveze: PDV obračunava primatelj (čl. 196. Direktive 2006/112/EZ). PDV ID broj primatelja ${c.vat_id || 'nije naveden'}`
        + `${c.country ? ` (izdala država ${c.country})` : ''}, ${verification[c.verification]}.`,
    },
  },
  ticket: {
    labels: { event_name: 'Događaj', ticket_type: 'Ulaznica', date: 'Datum', location: 'Mjesto', attendee_name: 'Sudionik', price: 'Cijena', order_number: 'Narudžba' },
  },
  certificate: {
    validUntil: (date) => `Vrijedi do ${date}`,
    number: (serial) => `Br. ${serial}`,
  },
  creditMemo: {
    title: (number) => `Odobrenje ${number}`,
    issuedTo: (recipient) => `Izdaje Sellfront za ${recipient}`,
    date: 'Datum',
    payout: (id) => `Isplata br. ${id}`,
    state: 'Status',
    states: { pending: 'na čekanju', issued: 'poslana', successful: 'izvršena', canceled: 'otkazana' },
    paidTo: (holder, last4) => `Isplaćeno primatelju ${holder}, račun koji završava s ${last4}`,
    amount: 'Iznos',
    statement: {
      commissions: 'Samoizdavanje računa za provizije isplaćene ovom isplatom. Pojedinačne provizije navedene su u prijenosima.',
      reseller_fees: 'Samoizdavanje računa za naknade preprodavatelja isplaćene ovom isplatom. Pojedinačne naknade navedene su u prodajama.',
    },
  },
  commissionMemo: {
    title: (number) => `Odobrenje ${number}`,
    issuedBy: (seller, publisher) => `Izdaje ${seller} (prodavatelj) za ${publisher} (partner)`,
    colon: ':',
    period: 'Obračunsko razdoblje',
    currency: 'Valuta',
    date: 'Datum izdavanja',
    columns: { date: 'Datum', order: 'Narudžba', level: 'Razina', kind: 'Vrsta', commission: 'Provizija', reversed: 'Stornirano' },
    kinds: { commission: 'Provizija', bonus: 'Bonus' },
    total: 'Ukupno',
    count: 'Broj provizija',
    statement: 'Samoizdavanje računa za partnerske provizije. Iznosi su provizije umanjene za ono što su povrati novca i povrati terećenja oduzeli do izdavanja ovog odobrenja.',
  },
}
