import type { PdfTexts } from './types'

// French: facture, facture d'avoir, date de la vente; formal, neutral document style.

const verification = {
  format_only: 'vérifié quant à son format uniquement (aucune consultation en ligne de VIES)',
  vies_valid: 'vérifié quant à son format et confirmé comme valide dans VIES',
  vies_invalid: 'vérifié quant à son format ; VIES le signale comme non enregistré',
} as const

export const fr: PdfTexts = {
  invoice: {
    titles: { invoice: 'Facture', reversal: "Facture d'avoir", reissue: 'Facture réémise' },
    number: 'Numéro de facture',
    date: "Date d'émission",
    order: 'Commande',
    paidOn: 'Date de la vente',
    vatId: 'N° de TVA',
    taxNumber: "N° d'identification fiscale",
    soldOnBehalf: (reseller, seller) => `Vendu par ${reseller} pour le compte de ${seller}`,
    billTo: 'FACTURÉ À',
    exchangeRate: (base, rate, currency, source, date) => `Taux de change : 1 ${base} = ${rate} ${currency} (${source}, ${date}).`,
    exchangeEquivalent: (total, vat) => `À ce taux : total ${total}, TVA ${vat}.`,
    exchangeSources: { ecb: 'taux de référence de la Banque centrale européenne', file: 'fichier de taux de la plateforme' },
    reversalOf: (number) => `Annulation de la facture ${number}`,
    reissueOf: (number) => `Réémission de la facture ${number}`,
    columns: { description: 'Désignation', quantity: 'Qté', net: 'HT', vat: 'TVA', gross: 'TTC' },
    net: 'Total HT',
    vatOf: (rate, base) => `TVA ${rate} sur ${base}`,
    total: 'Total TTC',
    vatNote: {
      rate: (rate, country) => `TVA ${rate}${country ? ` (${country})` : ''}`,
      included: (rates) => `Dont ${rates}.`,
      exempt: {
        small_business: 'TVA non applicable : le vendeur bénéficie de la franchise en base de TVA.',
        educational: "TVA non applicable : le vendeur fournit des prestations d'enseignement exonérées de TVA.",
        regulated_profession: "TVA non applicable : le vendeur exerce une profession réglementée dont les prestations sont exonérées de TVA.",
        other: 'TVA non applicable : le vendeur est exonéré de TVA.',
      },
      export: "Pas de TVA de l'UE : la prestation a lieu hors de l'UE.",
      reverseCharge: (c) => `Autoliquidation : la TVA est due par le preneur (article 196 de la directive 2006/112/CE). N° de TVA du preneur ${c.vat_id || 'absent'}`
        + `${c.country ? ` (délivré par ${c.country})` : ''}, ${verification[c.verification]}.`,
    },
  },
  ticket: {
    labels: { event_name: 'Événement', ticket_type: 'Billet', date: 'Date', location: 'Lieu', attendee_name: 'Participant', price: 'Prix', order_number: 'Commande' },
  },
  certificate: {
    validUntil: (date) => `Valable jusqu'au ${date}`,
    number: (serial) => `N° ${serial}`,
  },
  creditMemo: {
    title: (number) => `Avoir ${number}`,
    issuedTo: (recipient) => `Émis par Sellfront à l'intention de ${recipient}`,
    date: 'Date',
    payout: (id) => `Versement n° ${id}`,
    state: 'Statut',
    states: { pending: 'en attente', issued: 'émis', successful: 'effectué', canceled: 'annulé' },
    paidTo: (holder, last4) => `Versé à ${holder}, compte se terminant par ${last4}`,
    amount: 'Montant',
    statement: {
      commissions: 'Autofacturation des commissions versées avec ce versement. Le détail des commissions figure dans les transferts.',
      reseller_fees: 'Autofacturation des frais de revendeur versés avec ce versement. Le détail des frais figure dans les ventes.',
    },
  },
  commissionMemo: {
    title: (number) => `Autofacture ${number}`,
    issuedBy: (seller, publisher) => `Émise par ${seller} (vendeur) au nom et pour le compte de ${publisher} (éditeur)`,
    colon: ' :',
    period: 'Période',
    currency: 'Devise',
    date: "Date d'émission",
    columns: { date: 'Date', order: 'Commande', level: 'Niveau', kind: 'Type', commission: 'Commission', reversed: 'Annulé' },
    kinds: { commission: 'Commission', bonus: 'Prime' },
    total: 'Total',
    count: 'Nombre de commissions',
    statement: "Autofacturation des commissions d'affiliation. Les montants sont les commissions, déduction faite de ce que les remboursements et rétrofacturations avaient repris à la date d'émission de cette autofacture.",
  },
}
