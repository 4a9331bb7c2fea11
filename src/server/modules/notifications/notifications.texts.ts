import { formatMoney, isCurrencyId } from '../../../shared/money'
import type { LocaleCode } from '../../../shared/schemas/accounts'
import type { NotificationPayload, NotificationType } from '../../../shared/schemas/notifications'
import { mailLocale } from '../email/email.service'

// The title and text of a notification in the seller's mail, in the 20 locales of the spec (an unknown locale
// gets English; the locale is picked as for the mail itself, email's `mailLocale`). The web app has its own texts
// per type (i18n namespace `notifications`); both read the payload. English and German are written here; the
// other locales use the web app's words (src/web/i18n/locales/<code>.ts `notifications.texts`, `fallbacks`,
// `quiz`), copied as templates with the same {{placeholders}}, so the bell and the mail say the same.

type Text = { title: string; text: string }

function money(amount: number | undefined, currency: string | undefined): string {
  if (amount === undefined || !currency) return ''
  return isCurrencyId(currency) ? formatMoney({ amount, currency }) : `${amount} ${currency}`
}

function totals(p: NotificationPayload): string {
  return (p.totals ?? []).map((t) => money(t.amount, t.currency)).join(', ')
}

const texts: Record<'en' | 'de', Record<NotificationType, (p: NotificationPayload) => Text>> = {
  en: {
    quiz_attempt: (p) => ({ title: `New quiz attempt: ${p.lesson_title ?? ''}`, text: `${p.payer_name ?? 'A payer'} answered the quiz of "${p.lesson_title ?? ''}" in ${p.product_name ?? 'your course'}${p.passed === undefined ? '' : p.passed ? ' and passed' : ' and did not pass'}.` }),
    comment: (p) => ({ title: `New comment: ${p.lesson_title ?? ''}`, text: `${p.payer_name ?? 'A payer'} commented on "${p.lesson_title ?? ''}" in ${p.product_name ?? 'your course'}.` }),
    free_transaction: (p) => ({ title: `Free order: ${p.product_name ?? ''}`, text: `${p.payer_email ?? 'A payer'} got ${p.product_name ?? 'your product'} for free (order ${p.order_id ?? ''}).` }),
    paid_transaction: (p) => ({ title: `Payment received: ${money(p.amount, p.currency)}`, text: `${p.payer_email ?? 'A payer'} paid ${money(p.amount, p.currency)} for ${p.product_name ?? 'your product'} (order ${p.order_id ?? ''}).` }),
    day_income: (p) => ({ title: `Your income on ${p.period_start ?? ''}`, text: `On ${p.period_start ?? ''} you received ${totals(p)}.` }),
    week_income: (p) => ({ title: `Your income of the week from ${p.period_start ?? ''}`, text: `From ${p.period_start ?? ''} to ${p.period_end ?? ''} you received ${totals(p)}.` }),
    month_income: (p) => ({ title: `Your income in ${(p.period_start ?? '').slice(0, 7)}`, text: `From ${p.period_start ?? ''} to ${p.period_end ?? ''} you received ${totals(p)}.` }),
    order_created: (p) => ({ title: `New order: ${p.product_name ?? ''}`, text: `${p.payer_email ?? 'A payer'} started an order of ${p.product_name ?? 'your product'} over ${money(p.amount, p.currency)} (order ${p.order_id ?? ''}).` }),
    order_canceled: (p) => ({ title: `Order canceled: ${p.product_name ?? ''}`, text: `The plan of order ${p.order_id ?? ''} (${p.product_name ?? 'your product'}, ${p.payer_email ?? 'a payer'}) was canceled: no further charges.` }),
    custom_notification: (p) => ({ title: p.title ?? 'A message from the platform', text: p.text ?? '' }),
    community_new_post_for_review: (p) => ({ title: 'A community post waits for your review', text: `A new post${p.product_name ? ` in ${p.product_name}` : ''} waits for your review.` }),
  },
  de: {
    quiz_attempt: (p) => ({ title: `Neuer Quiz-Versuch: ${p.lesson_title ?? ''}`, text: `${p.payer_name ?? 'Ein Käufer'} hat das Quiz von „${p.lesson_title ?? ''}“ in ${p.product_name ?? 'deinem Kurs'} beantwortet${p.passed === undefined ? '' : p.passed ? ' und bestanden' : ' und nicht bestanden'}.` }),
    comment: (p) => ({ title: `Neuer Kommentar: ${p.lesson_title ?? ''}`, text: `${p.payer_name ?? 'Ein Käufer'} hat „${p.lesson_title ?? ''}“ in ${p.product_name ?? 'deinem Kurs'} kommentiert.` }),
    free_transaction: (p) => ({ title: `Kostenlose Bestellung: ${p.product_name ?? ''}`, text: `${p.payer_email ?? 'Ein Käufer'} hat ${p.product_name ?? 'dein Produkt'} kostenlos erhalten (Bestellung ${p.order_id ?? ''}).` }),
    paid_transaction: (p) => ({ title: `Zahlung erhalten: ${money(p.amount, p.currency)}`, text: `${p.payer_email ?? 'Ein Käufer'} hat ${money(p.amount, p.currency)} für ${p.product_name ?? 'dein Produkt'} bezahlt (Bestellung ${p.order_id ?? ''}).` }),
    day_income: (p) => ({ title: `Deine Einnahmen am ${p.period_start ?? ''}`, text: `Am ${p.period_start ?? ''} hast du ${totals(p)} eingenommen.` }),
    week_income: (p) => ({ title: `Deine Einnahmen der Woche ab ${p.period_start ?? ''}`, text: `Vom ${p.period_start ?? ''} bis ${p.period_end ?? ''} hast du ${totals(p)} eingenommen.` }),
    month_income: (p) => ({ title: `Deine Einnahmen im ${(p.period_start ?? '').slice(0, 7)}`, text: `Vom ${p.period_start ?? ''} bis ${p.period_end ?? ''} hast du ${totals(p)} eingenommen.` }),
    order_created: (p) => ({ title: `Neue Bestellung: ${p.product_name ?? ''}`, text: `${p.payer_email ?? 'Ein Käufer'} hat eine Bestellung von ${p.product_name ?? 'deinem Produkt'} über ${money(p.amount, p.currency)} begonnen (Bestellung ${p.order_id ?? ''}).` }),
    order_canceled: (p) => ({ title: `Bestellung gekündigt: ${p.product_name ?? ''}`, text: `Der Plan der Bestellung ${p.order_id ?? ''} (${p.product_name ?? 'dein Produkt'}, ${p.payer_email ?? 'ein Käufer'}) wurde gekündigt: keine weiteren Abbuchungen.` }),
    custom_notification: (p) => ({ title: p.title ?? 'Eine Nachricht der Plattform', text: p.text ?? '' }),
    community_new_post_for_review: (p) => ({ title: 'Ein Community-Beitrag wartet auf deine Prüfung', text: `Ein neuer Beitrag${p.product_name ? ` in ${p.product_name}` : ''} wartet auf deine Prüfung.` }),
  },
}

/** A locale's templates: the web app's texts of each type, its fallbacks, the quiz result and the platform's name for a message without a title. */
type Templates = {
  payer: string; product: string; passed: string; failed: string; platform: string
  texts: Record<NotificationType, readonly [title: string, text: string]>
}

const templates: Record<Exclude<LocaleCode, 'en' | 'de'>, Templates> = {
  es: {
    payer: 'Un comprador', product: 'tu producto', passed: '(aprobado)', failed: '(no aprobado)', platform: 'Mensajes de la plataforma',
    texts: {
      quiz_attempt: ['Nuevo intento de cuestionario: {{lesson}}', '{{payer}} ha respondido al cuestionario de «{{lesson}}» en {{product}}.'],
      comment: ['Nuevo comentario: {{lesson}}', '{{payer}} ha comentado «{{lesson}}» en {{product}}.'],
      free_transaction: ['Pedido gratuito: {{product}}', '{{payer}} ha obtenido {{product}} gratis (pedido {{orderId}}).'],
      paid_transaction: ['Pago recibido: {{amount}}', '{{payer}} ha pagado {{amount}} por {{product}} (pedido {{orderId}}).'],
      day_income: ['Tus ingresos del {{start}}', 'El {{start}} recibiste {{totals}}.'],
      week_income: ['Tus ingresos de la semana del {{start}}', 'Del {{start}} al {{end}} recibiste {{totals}}.'],
      month_income: ['Tus ingresos de {{month}}', 'Del {{start}} al {{end}} recibiste {{totals}}.'],
      order_created: ['Nuevo pedido: {{product}}', '{{payer}} ha iniciado un pedido de {{product}} por {{amount}} (pedido {{orderId}}).'],
      order_canceled: ['Plan cancelado: {{product}}', 'Se ha cancelado el plan del pedido {{orderId}} ({{payer}}): no habrá más cobros.'],
      custom_notification: ['{{title}}', '{{text}}'],
      community_new_post_for_review: ['Una publicación de la comunidad espera tu revisión', 'Una nueva publicación en {{product}} espera tu revisión.'],
    },
  },
  ar: {
    payer: 'مشترٍ', product: 'منتجك', passed: '(ناجح)', failed: '(غير ناجح)', platform: 'رسائل من المنصة',
    texts: {
      quiz_attempt: ['محاولة اختبار جديدة: {{lesson}}', 'أجاب {{payer}} عن اختبار «{{lesson}}» في {{product}}.'],
      comment: ['تعليق جديد: {{lesson}}', 'علّق {{payer}} على «{{lesson}}» في {{product}}.'],
      free_transaction: ['طلب مجاني: {{product}}', 'حصل {{payer}} على {{product}} مجانًا (الطلب {{orderId}}).'],
      paid_transaction: ['تم استلام دفعة: {{amount}}', 'دفع {{payer}} مبلغ {{amount}} مقابل {{product}} (الطلب {{orderId}}).'],
      day_income: ['دخلك في {{start}}', 'في {{start}} تلقيت {{totals}}.'],
      week_income: ['دخلك في الأسبوع الذي يبدأ في {{start}}', 'من {{start}} إلى {{end}} تلقيت {{totals}}.'],
      month_income: ['دخلك في {{month}}', 'من {{start}} إلى {{end}} تلقيت {{totals}}.'],
      order_created: ['طلب جديد: {{product}}', 'بدأ {{payer}} طلبًا لـ {{product}} بقيمة {{amount}} (الطلب {{orderId}}).'],
      order_canceled: ['تم إلغاء الخطة: {{product}}', 'أُلغيت خطة الطلب {{orderId}} ({{payer}}): لا مزيد من عمليات التحصيل.'],
      custom_notification: ['{{title}}', '{{text}}'],
      community_new_post_for_review: ['منشور في المجتمع بانتظار مراجعتك', 'منشور جديد في {{product}} بانتظار مراجعتك.'],
    },
  },
  cs: {
    payer: 'Kupující', product: 'váš produkt', passed: '(splněno)', failed: '(nesplněno)', platform: 'Zprávy od platformy',
    texts: {
      quiz_attempt: ['Nový pokus v kvízu: {{lesson}}', '{{payer}} odpověděl(a) na kvíz v lekci „{{lesson}}“ v {{product}}.'],
      comment: ['Nový komentář: {{lesson}}', '{{payer}} okomentoval(a) lekci „{{lesson}}“ v {{product}}.'],
      free_transaction: ['Bezplatná objednávka: {{product}}', '{{payer}} získal(a) {{product}} zdarma (objednávka {{orderId}}).'],
      paid_transaction: ['Přijata platba: {{amount}}', '{{payer}} zaplatil(a) {{amount}} za {{product}} (objednávka {{orderId}}).'],
      day_income: ['Váš příjem dne {{start}}', 'Dne {{start}} jste přijali {{totals}}.'],
      week_income: ['Váš příjem za týden od {{start}}', 'Od {{start}} do {{end}} jste přijali {{totals}}.'],
      month_income: ['Váš příjem za období {{month}}', 'Od {{start}} do {{end}} jste přijali {{totals}}.'],
      order_created: ['Nová objednávka: {{product}}', '{{payer}} zahájil(a) objednávku {{product}} v hodnotě {{amount}} (objednávka {{orderId}}).'],
      order_canceled: ['Plán zrušen: {{product}}', 'Plán objednávky {{orderId}} ({{payer}}) byl zrušen: žádná další stržení.'],
      custom_notification: ['{{title}}', '{{text}}'],
      community_new_post_for_review: ['Příspěvek v komunitě čeká na vaši kontrolu', 'Nový příspěvek v {{product}} čeká na vaši kontrolu.'],
    },
  },
  da: {
    payer: 'En betaler', product: 'dit produkt', passed: '(bestået)', failed: '(ikke bestået)', platform: 'Beskeder fra platformen',
    texts: {
      quiz_attempt: ['Nyt quizforsøg: {{lesson}}', '{{payer}} har besvaret quizzen i »{{lesson}}« i {{product}}.'],
      comment: ['Ny kommentar: {{lesson}}', '{{payer}} har kommenteret »{{lesson}}« i {{product}}.'],
      free_transaction: ['Gratis ordre: {{product}}', '{{payer}} har fået {{product}} gratis (ordre {{orderId}}).'],
      paid_transaction: ['Betaling modtaget: {{amount}}', '{{payer}} har betalt {{amount}} for {{product}} (ordre {{orderId}}).'],
      day_income: ['Din indtægt den {{start}}', 'Den {{start}} modtog du {{totals}}.'],
      week_income: ['Din indtægt for ugen fra {{start}}', 'Fra {{start}} til {{end}} modtog du {{totals}}.'],
      month_income: ['Din indtægt i {{month}}', 'Fra {{start}} til {{end}} modtog du {{totals}}.'],
      order_created: ['Ny ordre: {{product}}', '{{payer}} har startet en ordre på {{product}} til {{amount}} (ordre {{orderId}}).'],
      order_canceled: ['Prisplan afsluttet: {{product}}', 'Prisplanen for ordre {{orderId}} ({{payer}}) er afsluttet: der trækkes ikke mere.'],
      custom_notification: ['{{title}}', '{{text}}'],
      community_new_post_for_review: ['Et indlæg i fællesskabet venter på din gennemgang', 'Et nyt indlæg i {{product}} venter på din gennemgang.'],
    },
  },
  el: {
    payer: 'Ένας αγοραστής', product: 'το προϊόν σας', passed: '(επιτυχία)', failed: '(αποτυχία)', platform: 'Μηνύματα από την πλατφόρμα',
    texts: {
      quiz_attempt: ['Νέα προσπάθεια κουίζ: {{lesson}}', 'Ο/Η {{payer}} απάντησε στο κουίζ του «{{lesson}}» στο {{product}}.'],
      comment: ['Νέο σχόλιο: {{lesson}}', 'Ο/Η {{payer}} σχολίασε το «{{lesson}}» στο {{product}}.'],
      free_transaction: ['Δωρεάν παραγγελία: {{product}}', 'Ο/Η {{payer}} απέκτησε δωρεάν το {{product}} (παραγγελία {{orderId}}).'],
      paid_transaction: ['Ελήφθη πληρωμή: {{amount}}', 'Ο/Η {{payer}} πλήρωσε {{amount}} για το {{product}} (παραγγελία {{orderId}}).'],
      day_income: ['Τα έσοδά σας στις {{start}}', 'Στις {{start}} λάβατε {{totals}}.'],
      week_income: ['Τα έσοδά σας την εβδομάδα από {{start}}', 'Από {{start}} έως {{end}} λάβατε {{totals}}.'],
      month_income: ['Τα έσοδά σας τον μήνα {{month}}', 'Από {{start}} έως {{end}} λάβατε {{totals}}.'],
      order_created: ['Νέα παραγγελία: {{product}}', 'Ο/Η {{payer}} ξεκίνησε παραγγελία για το {{product}} ύψους {{amount}} (παραγγελία {{orderId}}).'],
      order_canceled: ['Ακυρώθηκε πλάνο: {{product}}', 'Το πλάνο της παραγγελίας {{orderId}} ({{payer}}) ακυρώθηκε: καμία περαιτέρω χρέωση.'],
      custom_notification: ['{{title}}', '{{text}}'],
      community_new_post_for_review: ['Μια ανάρτηση κοινότητας περιμένει τον έλεγχό σας', 'Μια νέα ανάρτηση στο {{product}} περιμένει τον έλεγχό σας.'],
    },
  },
  fr: {
    payer: 'Un acheteur', product: 'votre produit', passed: '(réussi)', failed: '(échoué)', platform: 'Messages de la plateforme',
    texts: {
      quiz_attempt: ['Nouvelle tentative de quiz : {{lesson}}', '{{payer}} a répondu au quiz de « {{lesson}} » dans {{product}}.'],
      comment: ['Nouveau commentaire : {{lesson}}', '{{payer}} a commenté « {{lesson}} » dans {{product}}.'],
      free_transaction: ['Commande gratuite : {{product}}', '{{payer}} a obtenu {{product}} gratuitement (commande {{orderId}}).'],
      paid_transaction: ['Paiement reçu : {{amount}}', '{{payer}} a payé {{amount}} pour {{product}} (commande {{orderId}}).'],
      day_income: ['Vos revenus du {{start}}', 'Le {{start}}, vous avez reçu {{totals}}.'],
      week_income: ['Vos revenus de la semaine du {{start}}', 'Du {{start}} au {{end}}, vous avez reçu {{totals}}.'],
      month_income: ['Vos revenus de {{month}}', 'Du {{start}} au {{end}}, vous avez reçu {{totals}}.'],
      order_created: ['Nouvelle commande : {{product}}', '{{payer}} a passé une commande de {{product}} d’un montant de {{amount}} (commande {{orderId}}).'],
      order_canceled: ['Formule résiliée : {{product}}', 'La formule de la commande {{orderId}} ({{payer}}) a été résiliée : plus aucun prélèvement.'],
      custom_notification: ['{{title}}', '{{text}}'],
      community_new_post_for_review: ['Une publication de la communauté attend votre examen', 'Une nouvelle publication dans {{product}} attend votre examen.'],
    },
  },
  hu: {
    payer: 'Egy vásárló', product: 'az Ön terméke', passed: '(sikeres)', failed: '(sikertelen)', platform: 'Üzenetek a platformtól',
    texts: {
      quiz_attempt: ['Új kvízpróbálkozás: {{lesson}}', '{{payer}} kitöltötte a(z) „{{lesson}}” lecke kvízét ebben: {{product}}.'],
      comment: ['Új hozzászólás: {{lesson}}', '{{payer}} hozzászólt a(z) „{{lesson}}” leckéhez ebben: {{product}}.'],
      free_transaction: ['Ingyenes rendelés: {{product}}', '{{payer}} ingyen kapta meg ezt: {{product}} ({{orderId}}. rendelés).'],
      paid_transaction: ['Fizetés érkezett: {{amount}}', '{{payer}} {{amount}} összeget fizetett ezért: {{product}} ({{orderId}}. rendelés).'],
      day_income: ['Bevétele ezen a napon: {{start}}', 'Ezen a napon: {{start}} ennyit kapott: {{totals}}.'],
      week_income: ['Heti bevétele ettől: {{start}}', '{{start}} és {{end}} között ennyit kapott: {{totals}}.'],
      month_income: ['Bevétele ebben a hónapban: {{month}}', '{{start}} és {{end}} között ennyit kapott: {{totals}}.'],
      order_created: ['Új rendelés: {{product}}', '{{payer}} rendelést indított ({{product}}) {{amount}} összegben ({{orderId}}. rendelés).'],
      order_canceled: ['Díjcsomag lemondva: {{product}}', 'A(z) {{orderId}}. rendelés díjcsomagját ({{payer}}) lemondták: nem lesz több terhelés.'],
      custom_notification: ['{{title}}', '{{text}}'],
      community_new_post_for_review: ['Egy közösségi bejegyzés az Ön ellenőrzésére vár', 'Egy új bejegyzés itt: {{product}} az Ön ellenőrzésére vár.'],
    },
  },
  it: {
    payer: 'Un acquirente', product: 'il tuo prodotto', passed: '(superato)', failed: '(non superato)', platform: 'Messaggi dalla piattaforma',
    texts: {
      quiz_attempt: ['Nuovo tentativo di quiz: {{lesson}}', '{{payer}} ha risposto al quiz di “{{lesson}}” in {{product}}.'],
      comment: ['Nuovo commento: {{lesson}}', '{{payer}} ha commentato “{{lesson}}” in {{product}}.'],
      free_transaction: ['Ordine gratuito: {{product}}', '{{payer}} ha ottenuto {{product}} gratuitamente (ordine {{orderId}}).'],
      paid_transaction: ['Pagamento ricevuto: {{amount}}', '{{payer}} ha pagato {{amount}} per {{product}} (ordine {{orderId}}).'],
      day_income: ['Le tue entrate del {{start}}', 'Il {{start}} hai ricevuto {{totals}}.'],
      week_income: ['Le tue entrate della settimana dal {{start}}', 'Dal {{start}} al {{end}} hai ricevuto {{totals}}.'],
      month_income: ['Le tue entrate di {{month}}', 'Dal {{start}} al {{end}} hai ricevuto {{totals}}.'],
      order_created: ['Nuovo ordine: {{product}}', '{{payer}} ha avviato un ordine di {{product}} per {{amount}} (ordine {{orderId}}).'],
      order_canceled: ['Piano disdetto: {{product}}', 'Il piano dell’ordine {{orderId}} ({{payer}}) è stato disdetto: nessun ulteriore addebito.'],
      custom_notification: ['{{title}}', '{{text}}'],
      community_new_post_for_review: ['Un post della community attende la tua revisione', 'Un nuovo post in {{product}} attende la tua revisione.'],
    },
  },
  pl: {
    payer: 'Kupujący', product: 'produkt', passed: '(zaliczony)', failed: '(niezaliczony)', platform: 'Wiadomości od platformy',
    texts: {
      quiz_attempt: ['Nowe podejście do quizu: {{lesson}}', '{{payer}} rozwiązał(a) quiz w lekcji „{{lesson}}” w {{product}}.'],
      comment: ['Nowy komentarz: {{lesson}}', '{{payer}} skomentował(a) lekcję „{{lesson}}” w {{product}}.'],
      free_transaction: ['Bezpłatne zamówienie: {{product}}', '{{payer}} otrzymał(a) {{product}} bezpłatnie (zamówienie {{orderId}}).'],
      paid_transaction: ['Otrzymano płatność: {{amount}}', '{{payer}} zapłacił(a) {{amount}} za {{product}} (zamówienie {{orderId}}).'],
      day_income: ['Przychód z dnia {{start}}', 'Dnia {{start}} wpłynęło {{totals}}.'],
      week_income: ['Przychód z tygodnia od {{start}}', 'Od {{start}} do {{end}} wpłynęło {{totals}}.'],
      month_income: ['Przychód w okresie: {{month}}', 'Od {{start}} do {{end}} wpłynęło {{totals}}.'],
      order_created: ['Nowe zamówienie: {{product}}', '{{payer}} rozpoczął(-ęła) zamówienie {{product}} na kwotę {{amount}} (zamówienie {{orderId}}).'],
      order_canceled: ['Plan anulowany: {{product}}', 'Plan zamówienia {{orderId}} ({{payer}}) został anulowany: nie będzie kolejnych pobrań.'],
      custom_notification: ['{{title}}', '{{text}}'],
      community_new_post_for_review: ['Post w społeczności czeka na weryfikację', 'Nowy post w {{product}} czeka na weryfikację.'],
    },
  },
  pt_br: {
    payer: 'Um comprador', product: 'seu produto', passed: '(aprovado)', failed: '(não aprovado)', platform: 'Mensagens da plataforma',
    texts: {
      quiz_attempt: ['Nova tentativa de questionário: {{lesson}}', '{{payer}} respondeu ao questionário de “{{lesson}}” em {{product}}.'],
      comment: ['Novo comentário: {{lesson}}', '{{payer}} comentou em “{{lesson}}” em {{product}}.'],
      free_transaction: ['Pedido gratuito: {{product}}', '{{payer}} recebeu {{product}} de graça (pedido {{orderId}}).'],
      paid_transaction: ['Pagamento recebido: {{amount}}', '{{payer}} pagou {{amount}} por {{product}} (pedido {{orderId}}).'],
      day_income: ['Sua receita em {{start}}', 'Em {{start}} você recebeu {{totals}}.'],
      week_income: ['Sua receita da semana a partir de {{start}}', 'De {{start}} a {{end}} você recebeu {{totals}}.'],
      month_income: ['Sua receita em {{month}}', 'De {{start}} a {{end}} você recebeu {{totals}}.'],
      order_created: ['Novo pedido: {{product}}', '{{payer}} iniciou um pedido de {{product}} no valor de {{amount}} (pedido {{orderId}}).'],
      order_canceled: ['Plano cancelado: {{product}}', 'O plano do pedido {{orderId}} ({{payer}}) foi cancelado: nenhuma outra cobrança.'],
      custom_notification: ['{{title}}', '{{text}}'],
      community_new_post_for_review: ['Uma publicação da comunidade aguarda sua revisão', 'Uma nova publicação em {{product}} aguarda sua revisão.'],
    },
  },
  pt_pt: {
    payer: 'Um comprador', product: 'o seu produto', passed: '(aprovado)', failed: '(não aprovado)', platform: 'Mensagens da plataforma',
    texts: {
      quiz_attempt: ['Nova tentativa de questionário: {{lesson}}', '{{payer}} respondeu ao questionário de «{{lesson}}» em {{product}}.'],
      comment: ['Novo comentário: {{lesson}}', '{{payer}} comentou «{{lesson}}» em {{product}}.'],
      free_transaction: ['Encomenda gratuita: {{product}}', '{{payer}} recebeu {{product}} gratuitamente (encomenda {{orderId}}).'],
      paid_transaction: ['Pagamento recebido: {{amount}}', '{{payer}} pagou {{amount}} por {{product}} (encomenda {{orderId}}).'],
      day_income: ['As suas receitas em {{start}}', 'Em {{start}} recebeu {{totals}}.'],
      week_income: ['As suas receitas da semana de {{start}}', 'De {{start}} a {{end}} recebeu {{totals}}.'],
      month_income: ['As suas receitas em {{month}}', 'De {{start}} a {{end}} recebeu {{totals}}.'],
      order_created: ['Nova encomenda: {{product}}', '{{payer}} iniciou uma encomenda de {{product}} no valor de {{amount}} (encomenda {{orderId}}).'],
      order_canceled: ['Plano cancelado: {{product}}', 'O plano da encomenda {{orderId}} ({{payer}}) foi cancelado: não há mais cobranças.'],
      custom_notification: ['{{title}}', '{{text}}'],
      community_new_post_for_review: ['Uma publicação da comunidade aguarda a sua revisão', 'Uma nova publicação em {{product}} aguarda a sua revisão.'],
    },
  },
  sv: {
    payer: 'En köpare', product: 'din produkt', passed: '(godkänt)', failed: '(inte godkänt)', platform: 'Meddelanden från plattformen',
    texts: {
      quiz_attempt: ['Nytt quizförsök: {{lesson}}', '{{payer}} svarade på quizet i ”{{lesson}}” i {{product}}.'],
      comment: ['Ny kommentar: {{lesson}}', '{{payer}} kommenterade ”{{lesson}}” i {{product}}.'],
      free_transaction: ['Gratis beställning: {{product}}', '{{payer}} fick {{product}} gratis (beställning {{orderId}}).'],
      paid_transaction: ['Betalning mottagen: {{amount}}', '{{payer}} betalade {{amount}} för {{product}} (beställning {{orderId}}).'],
      day_income: ['Din inkomst den {{start}}', 'Den {{start}} fick du in {{totals}}.'],
      week_income: ['Din inkomst för veckan från {{start}}', 'Från {{start}} till {{end}} fick du in {{totals}}.'],
      month_income: ['Din inkomst i {{month}}', 'Från {{start}} till {{end}} fick du in {{totals}}.'],
      order_created: ['Ny beställning: {{product}}', '{{payer}} påbörjade en beställning av {{product}} på {{amount}} (beställning {{orderId}}).'],
      order_canceled: ['Plan avslutad: {{product}}', 'Planen för beställning {{orderId}} ({{payer}}) har avslutats: inga fler debiteringar.'],
      custom_notification: ['{{title}}', '{{text}}'],
      community_new_post_for_review: ['Ett communityinlägg väntar på din granskning', 'Ett nytt inlägg i {{product}} väntar på din granskning.'],
    },
  },
  tr: {
    payer: 'Bir alıcı', product: 'ürününüz', passed: '(geçti)', failed: '(geçemedi)', platform: 'Platformdan mesajlar',
    texts: {
      quiz_attempt: ['Yeni sınav denemesi: {{lesson}}', '{{payer}}, {{product}} içindeki "{{lesson}}" dersinin sınavını cevapladı.'],
      comment: ['Yeni yorum: {{lesson}}', '{{payer}}, {{product}} içindeki "{{lesson}}" dersine yorum yaptı.'],
      free_transaction: ['Ücretsiz sipariş: {{product}}', '{{payer}}, {{product}} ürününü ücretsiz aldı (sipariş {{orderId}}).'],
      paid_transaction: ['Ödeme alındı: {{amount}}', '{{payer}}, {{product}} için {{amount}} ödedi (sipariş {{orderId}}).'],
      day_income: ['{{start}} tarihli geliriniz', '{{start}} tarihinde {{totals}} aldınız.'],
      week_income: ['{{start}} tarihinden itibaren haftalık geliriniz', '{{start}} ile {{end}} arasında {{totals}} aldınız.'],
      month_income: ['{{month}} gelirleriniz', '{{start}} ile {{end}} arasında {{totals}} aldınız.'],
      order_created: ['Yeni sipariş: {{product}}', '{{payer}}, {{product}} için {{amount}} tutarında bir sipariş başlattı (sipariş {{orderId}}).'],
      order_canceled: ['Plan iptal edildi: {{product}}', '{{orderId}} siparişinin ({{payer}}) planı iptal edildi: başka tahsilat yapılmayacak.'],
      custom_notification: ['{{title}}', '{{text}}'],
      community_new_post_for_review: ['Bir topluluk gönderisi incelemenizi bekliyor', '{{product}} içinde yeni bir gönderi incelemenizi bekliyor.'],
    },
  },
  ko: {
    payer: '구매자', product: '내 상품', passed: '(합격)', failed: '(불합격)', platform: '플랫폼 메시지',
    texts: {
      quiz_attempt: ['새 퀴즈 응시: {{lesson}}', '{{payer}}님이 {{product}}의 "{{lesson}}" 퀴즈에 응시했습니다.'],
      comment: ['새 댓글: {{lesson}}', '{{payer}}님이 {{product}}의 "{{lesson}}"에 댓글을 남겼습니다.'],
      free_transaction: ['무료 주문: {{product}}', '{{payer}}님이 {{product}}을(를) 무료로 받았습니다(주문 {{orderId}}).'],
      paid_transaction: ['결제 수신: {{amount}}', '{{payer}}님이 {{product}}에 대해 {{amount}}을(를) 결제했습니다(주문 {{orderId}}).'],
      day_income: ['{{start}} 수입', '{{start}}에 {{totals}}을(를) 받았습니다.'],
      week_income: ['{{start}}부터 한 주간의 수입', '{{start}}부터 {{end}}까지 {{totals}}을(를) 받았습니다.'],
      month_income: ['{{month}} 수입', '{{start}}부터 {{end}}까지 {{totals}}을(를) 받았습니다.'],
      order_created: ['새 주문: {{product}}', '{{payer}}님이 {{product}}을(를) {{amount}}에 주문했습니다(주문 {{orderId}}).'],
      order_canceled: ['플랜 해지: {{product}}', '주문 {{orderId}}({{payer}})의 플랜이 해지되어 더 이상 청구되지 않습니다.'],
      custom_notification: ['{{title}}', '{{text}}'],
      community_new_post_for_review: ['커뮤니티 게시물이 검토를 기다리고 있습니다', '{{product}}의 새 게시물이 검토를 기다리고 있습니다.'],
    },
  },
  no: {
    payer: 'En betaler', product: 'produktet ditt', passed: '(bestått)', failed: '(ikke bestått)', platform: 'Meldinger fra plattformen',
    texts: {
      quiz_attempt: ['Nytt quizforsøk: {{lesson}}', '{{payer}} har svart på quizen i «{{lesson}}» i {{product}}.'],
      comment: ['Ny kommentar: {{lesson}}', '{{payer}} har kommentert «{{lesson}}» i {{product}}.'],
      free_transaction: ['Gratis ordre: {{product}}', '{{payer}} har fått {{product}} gratis (ordre {{orderId}}).'],
      paid_transaction: ['Betaling mottatt: {{amount}}', '{{payer}} har betalt {{amount}} for {{product}} (ordre {{orderId}}).'],
      day_income: ['Inntekten din {{start}}', '{{start}} mottok du {{totals}}.'],
      week_income: ['Inntekten din for uken fra {{start}}', 'Fra {{start}} til {{end}} mottok du {{totals}}.'],
      month_income: ['Inntekten din i {{month}}', 'Fra {{start}} til {{end}} mottok du {{totals}}.'],
      order_created: ['Ny ordre: {{product}}', '{{payer}} har startet en ordre på {{product}} for {{amount}} (ordre {{orderId}}).'],
      order_canceled: ['Prisplan avsluttet: {{product}}', 'Prisplanen for ordre {{orderId}} ({{payer}}) er avsluttet: ingen flere belastninger.'],
      custom_notification: ['{{title}}', '{{text}}'],
      community_new_post_for_review: ['Et innlegg i fellesskapet venter på gjennomgangen din', 'Et nytt innlegg i {{product}} venter på gjennomgangen din.'],
    },
  },
  hr: {
    payer: 'Kupac', product: 'Vaš proizvod', passed: '(položeno)', failed: '(nije položeno)', platform: 'Poruke platforme',
    texts: {
      quiz_attempt: ['Novi pokušaj kviza: {{lesson}}', '{{payer}} je odgovorio/la na kviz lekcije „{{lesson}}“ u proizvodu {{product}}.'],
      comment: ['Novi komentar: {{lesson}}', '{{payer}} je komentirao/la „{{lesson}}“ u proizvodu {{product}}.'],
      free_transaction: ['Besplatna narudžba: {{product}}', '{{payer}} je besplatno dobio/la {{product}} (narudžba {{orderId}}).'],
      paid_transaction: ['Primljeno plaćanje: {{amount}}', '{{payer}} je platio/la {{amount}} za {{product}} (narudžba {{orderId}}).'],
      day_income: ['Vaš prihod {{start}}', 'Dana {{start}} primili ste {{totals}}.'],
      week_income: ['Vaš prihod u tjednu od {{start}}', 'Od {{start}} do {{end}} primili ste {{totals}}.'],
      month_income: ['Vaš prihod za {{month}}', 'Od {{start}} do {{end}} primili ste {{totals}}.'],
      order_created: ['Nova narudžba: {{product}}', '{{payer}} je započeo/la narudžbu proizvoda {{product}} u iznosu od {{amount}} (narudžba {{orderId}}).'],
      order_canceled: ['Plan otkazan: {{product}}', 'Plan narudžbe {{orderId}} ({{payer}}) je otkazan: nema daljnjih naplata.'],
      custom_notification: ['{{title}}', '{{text}}'],
      community_new_post_for_review: ['Objava zajednice čeka Vaš pregled', 'Nova objava u proizvodu {{product}} čeka Vaš pregled.'],
    },
  },
  ro: {
    payer: 'Un cumpărător', product: 'produsul dumneavoastră', passed: '(promovat)', failed: '(nepromovat)', platform: 'Mesaje de la platformă',
    texts: {
      quiz_attempt: ['Încercare nouă la chestionar: {{lesson}}', '{{payer}} a răspuns la chestionarul din „{{lesson}}” în {{product}}.'],
      comment: ['Comentariu nou: {{lesson}}', '{{payer}} a comentat „{{lesson}}” în {{product}}.'],
      free_transaction: ['Comandă gratuită: {{product}}', '{{payer}} a obținut gratuit {{product}} (comanda {{orderId}}).'],
      paid_transaction: ['Plată primită: {{amount}}', '{{payer}} a plătit {{amount}} pentru {{product}} (comanda {{orderId}}).'],
      day_income: ['Veniturile dumneavoastră din {{start}}', 'Pe {{start}} ați primit {{totals}}.'],
      week_income: ['Veniturile dumneavoastră din săptămâna începând cu {{start}}', 'Între {{start}} și {{end}} ați primit {{totals}}.'],
      month_income: ['Veniturile dumneavoastră în {{month}}', 'Între {{start}} și {{end}} ați primit {{totals}}.'],
      order_created: ['Comandă nouă: {{product}}', '{{payer}} a inițiat o comandă pentru {{product}} în valoare de {{amount}} (comanda {{orderId}}).'],
      order_canceled: ['Plan anulat: {{product}}', 'Planul comenzii {{orderId}} ({{payer}}) a fost anulat: nu mai urmează încasări.'],
      custom_notification: ['{{title}}', '{{text}}'],
      community_new_post_for_review: ['O postare din comunitate așteaptă verificarea dumneavoastră', 'O postare nouă în {{product}} așteaptă verificarea dumneavoastră.'],
    },
  },
  nl: {
    payer: 'Een betaler', product: 'je product', passed: '(geslaagd)', failed: '(niet geslaagd)', platform: 'Berichten van het platform',
    texts: {
      quiz_attempt: ['Nieuwe quizpoging: {{lesson}}', '{{payer}} heeft de quiz van ‘{{lesson}}’ in {{product}} beantwoord.'],
      comment: ['Nieuwe reactie: {{lesson}}', '{{payer}} heeft gereageerd op ‘{{lesson}}’ in {{product}}.'],
      free_transaction: ['Gratis bestelling: {{product}}', '{{payer}} heeft {{product}} gratis gekregen (bestelling {{orderId}}).'],
      paid_transaction: ['Betaling ontvangen: {{amount}}', '{{payer}} heeft {{amount}} betaald voor {{product}} (bestelling {{orderId}}).'],
      day_income: ['Je inkomsten op {{start}}', 'Op {{start}} heb je {{totals}} ontvangen.'],
      week_income: ['Je inkomsten van de week vanaf {{start}}', 'Van {{start}} tot {{end}} heb je {{totals}} ontvangen.'],
      month_income: ['Je inkomsten in {{month}}', 'Van {{start}} tot {{end}} heb je {{totals}} ontvangen.'],
      order_created: ['Nieuwe bestelling: {{product}}', '{{payer}} heeft een bestelling van {{product}} gestart voor {{amount}} (bestelling {{orderId}}).'],
      order_canceled: ['Prijsplan beëindigd: {{product}}', 'Het prijsplan van bestelling {{orderId}} ({{payer}}) is beëindigd: er volgen geen afschrijvingen meer.'],
      custom_notification: ['{{title}}', '{{text}}'],
      community_new_post_for_review: ['Een communitybericht wacht op je controle', 'Een nieuw bericht in {{product}} wacht op je controle.'],
    },
  },
}

function fromTemplates(l: Templates, type: NotificationType, p: NotificationPayload): Text {
  const values: Record<string, string> = {
    payer: p.payer_name ?? p.payer_email ?? l.payer, product: p.product_name ?? l.product, lesson: p.lesson_title ?? '',
    orderId: p.order_id === undefined ? '' : String(p.order_id), amount: money(p.amount, p.currency), totals: totals(p),
    start: p.period_start ?? '', end: p.period_end ?? '', month: (p.period_start ?? '').slice(0, 7),
    title: p.title ?? l.platform, text: p.text ?? '',
  }
  const fill = (template: string) => template.replace(/\{\{(\w+)\}\}/g, (_, key: string) => values[key] ?? '')
  const [title, text] = l.texts[type]
  const result = type === 'quiz_attempt' && p.passed !== undefined ? ` ${p.passed ? l.passed : l.failed}` : ''
  return { title: fill(title), text: fill(text) + result }
}

export function notificationText(type: NotificationType, payload: NotificationPayload, locale: string): Text {
  const code = mailLocale(locale)
  return code === 'en' || code === 'de' ? texts[code][type](payload) : fromTemplates(templates[code], type, payload)
}
