import type { PdfTexts } from './types'

// Turkish: fatura, iptal faturası; formal, neutral document style.

const verification = {
  format_only: 'yalnızca biçim açısından kontrol edildi (VIES üzerinden çevrim içi kontrol yapılmadı)',
  vies_valid: 'biçim açısından kontrol edildi ve VIES tarafından geçerli olduğu onaylandı',
  vies_invalid: 'biçim açısından kontrol edildi; VIES kayıtlı olmadığını bildirdi',
} as const

export const tr: PdfTexts = {
  invoice: {
    titles: { invoice: 'Fatura', reversal: 'İptal faturası', reissue: 'Yeniden düzenlenen fatura' },
    number: 'Fatura numarası',
    date: 'Düzenleme tarihi',
    order: 'Sipariş',
    paidOn: 'Teslim tarihi',
    vatId: 'KDV numarası',
    taxNumber: 'Vergi numarası',
    soldOnBehalf: (reseller, seller) => `${seller} adına ${reseller} tarafından satılmıştır`,
    billTo: 'ALICI',
    exchangeRate: (base, rate, currency, source, date) => `Döviz kuru: 1 ${base} = ${rate} ${currency} (${source}, ${date}).`,
    exchangeEquivalent: (total, vat) => `Bu kurla: toplam ${total}, KDV ${vat}.`,
    exchangeSources: { ecb: 'Avrupa Merkez Bankası referans kuru', file: 'platformun kur dosyası' },
    reversalOf: (number) => `${number} numaralı faturanın iptali`,
    reissueOf: (number) => `${number} numaralı faturanın yeniden düzenlenmesi`,
    columns: { description: 'Açıklama', quantity: 'Adet', net: 'Net', vat: 'KDV', gross: 'Brüt' },
    net: 'Net tutar',
    vatOf: (rate, base) => `${base} üzerinden KDV ${rate}`,
    total: 'Genel toplam',
    vatNote: {
      rate: (rate, country) => `KDV ${rate}${country ? ` (${country})` : ''}`,
      included: (rates) => `${rates} dahildir.`,
      exempt: {
        small_business: 'KDV uygulanmamıştır: satıcı KDV\'den muaf küçük işletmedir.',
        educational: 'KDV uygulanmamıştır: satıcı KDV\'den muaf eğitim hizmeti sunmaktadır.',
        regulated_profession: 'KDV uygulanmamıştır: satıcı KDV\'den muaf düzenlenmiş meslek hizmeti sunmaktadır.',
        other: 'KDV uygulanmamıştır: satıcı KDV\'den muaftır.',
      },
      export: 'AB KDV\'si uygulanmamıştır: teslim AB dışında gerçekleşmektedir.',
      reverseCharge: (c) => `Tersine vergilendirme (reverse charge): KDV alıcı tarafından beyan edilir (2006/112/AT sayılı Direktif, madde 196). Alıcının KDV numarası ${c.vat_id || 'yok'}`
        + `${c.country ? ` (veren ülke: ${c.country})` : ''}, ${verification[c.verification]}.`,
    },
  },
  ticket: {
    labels: { event_name: 'Etkinlik', ticket_type: 'Bilet', date: 'Tarih', location: 'Yer', attendee_name: 'Katılımcı', price: 'Fiyat', order_number: 'Sipariş' },
  },
  certificate: {
    validUntil: (date) => `Geçerlilik sonu: ${date}`,
    number: (serial) => `No. ${serial}`,
  },
  creditMemo: {
    title: (number) => `Alacak dekontu ${number}`,
    issuedTo: (recipient) => `Sellfront tarafından ${recipient} adına düzenlenmiştir`,
    date: 'Tarih',
    payout: (id) => `Ödeme no. ${id}`,
    state: 'Durum',
    states: { pending: 'beklemede', issued: 'gönderildi', successful: 'tamamlandı', canceled: 'iptal edildi' },
    paidTo: (holder, last4) => `Alıcı: ${holder}, sonu ${last4} ile biten hesap`,
    amount: 'Tutar',
    statement: {
      commissions: 'Bu ödemeyle ödenen komisyonlara ilişkin kendi adına faturalama belgesi. Komisyonların ayrıntısı transferlerde yer alır.',
      reseller_fees: 'Bu ödemeyle ödenen bayi ücretlerine ilişkin kendi adına faturalama belgesi. Ücretlerin ayrıntısı satışlarda yer alır.',
    },
  },
  commissionMemo: {
    title: (number) => `Alacak dekontu ${number}`,
    issuedBy: (seller, publisher) => `Düzenleyen: ${seller} (satıcı) · Adına düzenlenen: ${publisher} (yayıncı)`,
    colon: ':',
    period: 'Dönem',
    currency: 'Para birimi',
    date: 'Düzenleme tarihi',
    columns: { date: 'Tarih', order: 'Sipariş', level: 'Seviye', kind: 'Tür', commission: 'Komisyon', reversed: 'Geri alınan' },
    kinds: { commission: 'Komisyon', bonus: 'Bonus' },
    total: 'Toplam',
    count: 'Komisyon sayısı',
    statement: 'Satış ortaklığı komisyonlarına ilişkin kendi adına faturalama belgesi. Tutarlar, bu dekontun düzenlendiği tarihe kadar iadeler ve ters ibrazlarla geri alınanlar düşüldükten sonraki komisyonlardır.',
  },
}
