import type { PdfTexts } from './types'

// Greek: τιμολόγιο, ακυρωτικό τιμολόγιο; formal, neutral document style. Capitals without accents.

const verification = {
  format_only: 'ελέγχθηκε μόνο ως προς τη μορφή (χωρίς επιγραμμικό έλεγχο στο VIES)',
  vies_valid: 'ελέγχθηκε ως προς τη μορφή και επιβεβαιώθηκε ως έγκυρος στο VIES',
  vies_invalid: 'ελέγχθηκε ως προς τη μορφή· κατά το VIES δεν είναι καταχωρισμένος',
} as const

export const el: PdfTexts = {
  invoice: {
    titles: { invoice: 'Τιμολόγιο', reversal: 'Ακυρωτικό τιμολόγιο', reissue: 'Επανέκδοση τιμολογίου' },
    number: 'Αριθμός τιμολογίου',
    date: 'Ημερομηνία έκδοσης',
    order: 'Παραγγελία',
    paidOn: 'Ημερομηνία παράδοσης',
    vatId: 'ΑΦΜ',
    taxNumber: 'Φορολογικός αριθμός',
    soldOnBehalf: (reseller, seller) => `Πωλείται από ${reseller} για λογαριασμό του ${seller}`,
    billTo: 'ΣΤΟΙΧΕΙΑ ΠΕΛΑΤΗ',
    exchangeRate: (base, rate, currency, source, date) => `Συναλλαγματική ισοτιμία: 1 ${base} = ${rate} ${currency} (${source}, ${date}).`,
    exchangeEquivalent: (total, vat) => `Με αυτή την ισοτιμία: σύνολο ${total}, ΦΠΑ ${vat}.`,
    exchangeSources: { ecb: 'ισοτιμία αναφοράς της Ευρωπαϊκής Κεντρικής Τράπεζας', file: 'αρχείο ισοτιμιών της πλατφόρμας' },
    reversalOf: (number) => `Ακύρωση του τιμολογίου ${number}`,
    reissueOf: (number) => `Επανέκδοση του τιμολογίου ${number}`,
    columns: { description: 'Περιγραφή', quantity: 'Ποσ.', net: 'Καθαρή αξία', vat: 'ΦΠΑ', gross: 'Σύνολο' },
    net: 'Καθαρή αξία',
    vatOf: (rate, base) => `ΦΠΑ ${rate} επί ${base}`,
    total: 'Γενικό σύνολο',
    vatNote: {
      rate: (rate, country) => `ΦΠΑ ${rate}${country ? ` (${country})` : ''}`,
      included: (rates) => `Περιλαμβάνει ${rates}.`,
      exempt: {
        small_business: 'Χωρίς ΦΠΑ: ο πωλητής είναι μικρή επιχείρηση απαλλασσόμενη από τον ΦΠΑ.',
        educational: 'Χωρίς ΦΠΑ: ο πωλητής παρέχει εκπαιδευτικές υπηρεσίες απαλλασσόμενες από τον ΦΠΑ.',
        regulated_profession: 'Χωρίς ΦΠΑ: ο πωλητής παρέχει υπηρεσίες νομοθετικά κατοχυρωμένου επαγγέλματος απαλλασσόμενες από τον ΦΠΑ.',
        other: 'Χωρίς ΦΠΑ: ο πωλητής απαλλάσσεται από τον ΦΠΑ.',
      },
      export: 'Χωρίς ΦΠΑ της ΕΕ: η παράδοση πραγματοποιείται εκτός ΕΕ.',
      reverseCharge: (c) => `Αντίστροφη επιβάρυνση: υπόχρεος για τον ΦΠΑ είναι ο λήπτης (άρθρο 196 της Οδηγίας 2006/112/ΕΚ). ΑΦΜ του λήπτη ${c.vat_id || 'δεν δόθηκε'}`
        + `${c.country ? ` (χώρα έκδοσης ${c.country})` : ''}, ${verification[c.verification]}.`,
    },
  },
  ticket: {
    labels: { event_name: 'Εκδήλωση', ticket_type: 'Εισιτήριο', date: 'Ημερομηνία', location: 'Τοποθεσία', attendee_name: 'Συμμετέχων', price: 'Τιμή', order_number: 'Παραγγελία' },
  },
  certificate: {
    validUntil: (date) => `Ισχύει έως ${date}`,
    number: (serial) => `Αρ. ${serial}`,
  },
  creditMemo: {
    title: (number) => `Πιστωτικό σημείωμα ${number}`,
    issuedTo: (recipient) => `Εκδόθηκε από τη Sellfront προς ${recipient}`,
    date: 'Ημερομηνία',
    payout: (id) => `Εκταμίευση αρ. ${id}`,
    state: 'Κατάσταση',
    states: { pending: 'σε αναμονή', issued: 'απεστάλη', successful: 'ολοκληρώθηκε', canceled: 'ακυρώθηκε' },
    paidTo: (holder, last4) => `Καταβλήθηκε σε ${holder}, λογαριασμός που λήγει σε ${last4}`,
    amount: 'Ποσό',
    statement: {
      commissions: 'Αυτοτιμολόγηση των προμηθειών που καταβάλλονται με αυτή την εκταμίευση. Οι επιμέρους προμήθειες εμφανίζονται στις μεταφορές.',
      reseller_fees: 'Αυτοτιμολόγηση των αμοιβών μεταπώλησης που καταβάλλονται με αυτή την εκταμίευση. Οι επιμέρους αμοιβές εμφανίζονται στις πωλήσεις.',
    },
  },
  commissionMemo: {
    title: (number) => `Πιστωτικό σημείωμα ${number}`,
    issuedBy: (seller, publisher) => `Εκδόθηκε από ${seller} (πωλητής) προς ${publisher} (προωθητής)`,
    colon: ':',
    period: 'Περίοδος',
    currency: 'Νόμισμα',
    date: 'Ημερομηνία έκδοσης',
    columns: { date: 'Ημερομηνία', order: 'Παραγγελία', level: 'Επίπεδο', kind: 'Είδος', commission: 'Προμήθεια', reversed: 'Αντιλογισμός' },
    kinds: { commission: 'Προμήθεια', bonus: 'Μπόνους' },
    total: 'Σύνολο',
    count: 'Αριθμός προμηθειών',
    statement: 'Αυτοτιμολόγηση προμηθειών συνεργατών. Τα ποσά είναι οι προμήθειες μείον όσα είχαν ανακτηθεί με επιστροφές χρημάτων και αντιλογισμούς χρέωσης κατά την έκδοση του παρόντος σημειώματος.',
  },
}
