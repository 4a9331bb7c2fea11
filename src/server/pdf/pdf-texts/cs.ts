import type { PdfTexts } from './types'

// Czech: faktura, opravný daňový doklad, DUZP; neutral document style.

const verification = {
  format_only: 'ověřeno pouze formálně (bez online ověření v systému VIES)',
  vies_valid: 'ověřeno formálně a potvrzeno jako platné v systému VIES',
  vies_invalid: 'ověřeno formálně; podle systému VIES není registrováno',
} as const

export const cs: PdfTexts = {
  invoice: {
    titles: { invoice: 'Faktura', reversal: 'Opravný daňový doklad', reissue: 'Znovu vystavená faktura' },
    number: 'Číslo faktury',
    date: 'Datum vystavení',
    order: 'Objednávka',
    paidOn: 'Datum uskutečnění plnění',
    vatId: 'DIČ',
    taxNumber: 'Daňové číslo',
    soldOnBehalf: (reseller, seller) => `Prodává ${reseller} jménem ${seller}`,
    billTo: 'ODBĚRATEL',
    exchangeRate: (base, rate, currency, source, date) => `Směnný kurz: 1 ${base} = ${rate} ${currency} (${source}, ${date}).`,
    exchangeEquivalent: (total, vat) => `V tomto kurzu: celkem ${total}, DPH ${vat}.`,
    exchangeSources: { ecb: 'referenční kurz Evropské centrální banky', file: 'soubor kurzů platformy' },
    reversalOf: (number) => `Oprava faktury ${number}`,
    reissueOf: (number) => `Nové vystavení faktury ${number}`,
    columns: { description: 'Popis', quantity: 'Množ.', net: 'Bez DPH', vat: 'DPH', gross: 'Celkem' },
    net: 'Základ daně',
    vatOf: (rate, base) => `DPH ${rate} ze základu ${base}`,
    total: 'Celkem k úhradě',
    vatNote: {
      rate: (rate, country) => `DPH ${rate}${country ? ` (${country})` : ''}`,
      included: (rates) => `Včetně ${rates}.`,
      exempt: {
        small_business: 'DPH není účtována: prodávající je malý podnik osvobozený od DPH.',
        educational: 'DPH není účtována: prodávající poskytuje vzdělávací služby osvobozené od DPH.',
        regulated_profession: 'DPH není účtována: prodávající poskytuje služby regulované profese osvobozené od DPH.',
        other: 'DPH není účtována: prodávající je osvobozen od DPH.',
      },
      export: 'DPH EU není účtována: plnění se uskutečňuje mimo EU.',
      reverseCharge: (c) => `Přenesení daňové povinnosti: daň odvede zákazník (čl. 196 směrnice 2006/112/ES). DIČ odběratele ${c.vat_id || 'chybí'}`
        + `${c.country ? ` (vydal stát ${c.country})` : ''}, ${verification[c.verification]}.`,
    },
  },
  ticket: {
    labels: { event_name: 'Akce', ticket_type: 'Vstupenka', date: 'Datum', location: 'Místo', attendee_name: 'Účastník', price: 'Cena', order_number: 'Objednávka' },
  },
  certificate: {
    validUntil: (date) => `Platné do ${date}`,
    number: (serial) => `Č. ${serial}`,
  },
  creditMemo: {
    title: (number) => `Dobropis ${number}`,
    issuedTo: (recipient) => `Vystavila společnost Sellfront pro ${recipient}`,
    date: 'Datum',
    payout: (id) => `Výplata č. ${id}`,
    state: 'Stav',
    states: { pending: 'čeká', issued: 'odesláno', successful: 'provedeno', canceled: 'zrušeno' },
    paidTo: (holder, last4) => `Vyplaceno příjemci ${holder}, účet končící ${last4}`,
    amount: 'Částka',
    statement: {
      commissions: 'Doklad vystavený odběratelem (self-billing) o provizích vyplacených touto výplatou. Jednotlivé provize jsou uvedeny v převodech.',
      reseller_fees: 'Doklad vystavený odběratelem (self-billing) o poplatcích přeprodejce vyplacených touto výplatou. Jednotlivé poplatky jsou uvedeny v prodejích.',
    },
  },
  commissionMemo: {
    title: (number) => `Dobropis ${number}`,
    issuedBy: (seller, publisher) => `Vystavil prodejce ${seller} pro vydavatele ${publisher}`,
    colon: ':',
    period: 'Období',
    currency: 'Měna',
    date: 'Datum vystavení',
    columns: { date: 'Datum', order: 'Objednávka', level: 'Úroveň', kind: 'Druh', commission: 'Provize', reversed: 'Vráceno' },
    kinds: { commission: 'Provize', bonus: 'Bonus' },
    total: 'Celkem',
    count: 'Počet provizí',
    statement: 'Vystaveno zákazníkem (self-billing): vyúčtování affiliate provizí. Částky jsou provize snížené o to, co do vystavení tohoto dokladu vzala zpět vrácení peněz a chargebacky.',
  },
}
