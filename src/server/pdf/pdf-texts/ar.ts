import type { PdfTexts } from './types'

// Arabic (Modern Standard Arabic), right to left; neutral document style. Digits stay Latin like the amounts.

const verification = {
  format_only: 'تم التحقق من صيغته فقط (دون استعلام عبر الإنترنت في VIES)',
  vies_valid: 'تم التحقق من صيغته وتأكيد صلاحيته في VIES',
  vies_invalid: 'تم التحقق من صيغته؛ وأفاد VIES بأنه غير مسجل',
} as const

export const ar: PdfTexts = {
  invoice: {
    titles: { invoice: 'فاتورة', reversal: 'فاتورة إلغاء', reissue: 'فاتورة معاد إصدارها' },
    number: 'رقم الفاتورة',
    date: 'تاريخ الإصدار',
    order: 'الطلب',
    paidOn: 'تاريخ التوريد',
    vatId: 'رقم التسجيل الضريبي',
    taxNumber: 'الرقم الضريبي',
    soldOnBehalf: (reseller, seller) => `يبيعه ${reseller} نيابةً عن ${seller}`,
    billTo: 'فاتورة إلى',
    exchangeRate: (base, rate, currency, source, date) => `سعر الصرف: 1 ${base} = ${rate} ${currency} (${source}، ${date}).`,
    exchangeEquivalent: (total, vat) => `بهذا السعر: الإجمالي ${total}، ضريبة القيمة المضافة ${vat}.`,
    exchangeSources: { ecb: 'السعر المرجعي للبنك المركزي الأوروبي', file: 'ملف أسعار المنصة' },
    reversalOf: (number) => `إلغاء الفاتورة ${number}`,
    reissueOf: (number) => `إعادة إصدار الفاتورة ${number}`,
    columns: { description: 'الوصف', quantity: 'الكمية', net: 'الصافي', vat: 'الضريبة', gross: 'الإجمالي' },
    net: 'المبلغ الصافي',
    vatOf: (rate, base) => `ضريبة القيمة المضافة ${rate} على ${base}`,
    total: 'الإجمالي',
    vatNote: {
      rate: (rate, country) => `ضريبة القيمة المضافة ${rate}${country ? ` (${country})` : ''}`,
      included: (rates) => `يشمل ${rates}.`,
      exempt: {
        small_business: 'لا تُحتسب ضريبة القيمة المضافة: البائع منشأة صغيرة معفاة من الضريبة.',
        educational: 'لا تُحتسب ضريبة القيمة المضافة: يقدّم البائع خدمات تعليمية معفاة من الضريبة.',
        regulated_profession: 'لا تُحتسب ضريبة القيمة المضافة: يقدّم البائع خدمات مهنة منظّمة معفاة من الضريبة.',
        other: 'لا تُحتسب ضريبة القيمة المضافة: البائع معفى من الضريبة.',
      },
      export: 'لا تُحتسب ضريبة القيمة المضافة الأوروبية: يتم التوريد خارج الاتحاد الأوروبي.',
      reverseCharge: (c) => `التكليف العكسي: يتحمّل المستلم ضريبة القيمة المضافة (المادة 196 من توجيه ضريبة القيمة المضافة الأوروبي). رقم التسجيل الضريبي للمستلم ${c.vat_id || 'غير متوفر'}`
        + `${c.country ? ` (صادر عن ${c.country})` : ''}، ${verification[c.verification]}.`,
    },
  },
  ticket: {
    labels: { event_name: 'الفعالية', ticket_type: 'التذكرة', date: 'التاريخ', location: 'المكان', attendee_name: 'الحاضر', price: 'السعر', order_number: 'الطلب' },
  },
  certificate: {
    validUntil: (date) => `صالحة حتى ${date}`,
    number: (serial) => `رقم ${serial}`,
  },
  creditMemo: {
    title: (number) => `إشعار دائن ${number}`,
    issuedTo: (recipient) => `صادر عن Sellfront إلى ${recipient}`,
    date: 'التاريخ',
    payout: (id) => `الدفعة رقم ${id}`,
    state: 'الحالة',
    states: { pending: 'قيد الانتظار', issued: 'مُرسلة', successful: 'مكتملة', canceled: 'ملغاة' },
    paidTo: (holder, last4) => `مدفوعة إلى ${holder}، الحساب المنتهي بـ ${last4}`,
    amount: 'المبلغ',
    statement: {
      commissions: 'بيان فوترة ذاتية للعمولات المدفوعة بهذه الدفعة. العمولات التي تشملها مدرجة في التحويلات.',
      reseller_fees: 'بيان فوترة ذاتية لرسوم إعادة البيع المدفوعة بهذه الدفعة. الرسوم التي تشملها مدرجة في المبيعات.',
    },
  },
  commissionMemo: {
    title: (number) => `إشعار دائن ${number}`,
    issuedBy: (seller, publisher) => `صادر عن ${seller} (البائع) إلى ${publisher} (المسوّق)`,
    colon: ':',
    period: 'الفترة',
    currency: 'العملة',
    date: 'تاريخ الإصدار',
    columns: { date: 'التاريخ', order: 'الطلب', level: 'المستوى', kind: 'النوع', commission: 'العمولة', reversed: 'المُسترجَع' },
    kinds: { commission: 'عمولة', bonus: 'مكافأة' },
    total: 'الإجمالي',
    count: 'عدد العمولات',
    statement: 'بيان فوترة ذاتية لعمولات التسويق بالعمولة. المبالغ هي العمولات بعد خصم ما استرجعته المبالغ المستردة وعمليات الاسترجاع المصرفي حتى إصدار هذا الإشعار.',
  },
}
