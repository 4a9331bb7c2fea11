import type { PdfTexts } from './types'

// Polish: faktura, faktura korygująca, data sprzedaży; neutral document style.

const verification = {
  format_only: 'sprawdzony wyłącznie pod względem formatu (bez sprawdzenia online w VIES)',
  vies_valid: 'sprawdzony pod względem formatu i potwierdzony jako ważny w VIES',
  vies_invalid: 'sprawdzony pod względem formatu; według VIES niezarejestrowany',
} as const

export const pl: PdfTexts = {
  invoice: {
    titles: { invoice: 'Faktura', reversal: 'Faktura korygująca', reissue: 'Faktura wystawiona ponownie' },
    number: 'Numer faktury',
    date: 'Data wystawienia',
    order: 'Zamówienie',
    paidOn: 'Data sprzedaży',
    vatId: 'NIP UE',
    taxNumber: 'NIP',
    soldOnBehalf: (reseller, seller) => `Sprzedawca ${reseller} w imieniu ${seller}`,
    billTo: 'NABYWCA',
    exchangeRate: (base, rate, currency, source, date) => `Kurs wymiany: 1 ${base} = ${rate} ${currency} (${source}, ${date}).`,
    exchangeEquivalent: (total, vat) => `Po tym kursie: razem ${total}, VAT ${vat}.`,
    exchangeSources: { ecb: 'kurs referencyjny Europejskiego Banku Centralnego', file: 'plik kursów platformy' },
    reversalOf: (number) => `Korekta faktury ${number}`,
    reissueOf: (number) => `Ponowne wystawienie faktury ${number}`,
    columns: { description: 'Nazwa', quantity: 'Ilość', net: 'Netto', vat: 'VAT', gross: 'Brutto' },
    net: 'Wartość netto',
    vatOf: (rate, base) => `VAT ${rate} od ${base}`,
    total: 'Razem do zapłaty',
    vatNote: {
      rate: (rate, country) => `VAT ${rate}${country ? ` (${country})` : ''}`,
      included: (rates) => `Zawiera ${rates}.`,
      exempt: {
        small_business: 'Bez VAT: sprzedawca jest małym przedsiębiorcą zwolnionym z VAT.',
        educational: 'Bez VAT: sprzedawca świadczy usługi edukacyjne zwolnione z VAT.',
        regulated_profession: 'Bez VAT: sprzedawca świadczy usługi zawodu regulowanego zwolnione z VAT.',
        other: 'Bez VAT: sprzedawca jest zwolniony z VAT.',
      },
      export: 'Bez VAT UE: świadczenie ma miejsce poza UE.',
      reverseCharge: (c) => `Odwrotne obciążenie: podatek rozlicza nabywca (art. 196 dyrektywy 2006/112/WE). NIP UE nabywcy ${c.vat_id || 'brak'}`
        + `${c.country ? ` (nadany przez ${c.country})` : ''}, ${verification[c.verification]}.`,
    },
  },
  ticket: {
    labels: { event_name: 'Wydarzenie', ticket_type: 'Bilet', date: 'Data', location: 'Miejsce', attendee_name: 'Uczestnik', price: 'Cena', order_number: 'Zamówienie' },
  },
  certificate: {
    validUntil: (date) => `Ważny do ${date}`,
    number: (serial) => `Nr ${serial}`,
  },
  creditMemo: {
    title: (number) => `Nota uznaniowa ${number}`,
    issuedTo: (recipient) => `Wystawiona przez Sellfront dla ${recipient}`,
    date: 'Data',
    payout: (id) => `Wypłata nr ${id}`,
    state: 'Status',
    states: { pending: 'oczekuje', issued: 'zlecona', successful: 'zrealizowana', canceled: 'anulowana' },
    paidTo: (holder, last4) => `Wypłacono na rzecz ${holder}, konto kończące się na ${last4}`,
    amount: 'Kwota',
    statement: {
      commissions: 'Samofakturowanie prowizji wypłaconych w ramach tej wypłaty. Poszczególne prowizje są wymienione w przelewach.',
      reseller_fees: 'Samofakturowanie opłat odsprzedawcy wypłaconych w ramach tej wypłaty. Poszczególne opłaty są wymienione w sprzedaży.',
    },
  },
  commissionMemo: {
    title: (number) => `Nota uznaniowa ${number}`,
    issuedBy: (seller, publisher) => `Wystawiona przez ${seller} (sprzedawca) dla ${publisher} (wydawca)`,
    colon: ':',
    period: 'Okres rozliczeniowy',
    currency: 'Waluta',
    date: 'Data wystawienia',
    columns: { date: 'Data', order: 'Zamówienie', level: 'Poziom', kind: 'Rodzaj', commission: 'Prowizja', reversed: 'Cofnięto' },
    kinds: { commission: 'Prowizja', bonus: 'Premia' },
    total: 'Razem',
    count: 'Liczba prowizji',
    statement: 'Samofakturowanie: rozliczenie prowizji partnerskich. Kwoty to prowizje pomniejszone o to, co zwroty i chargebacki cofnęły do dnia wystawienia tej noty.',
  },
}
