// The platform's mails in en and de; other locales fall back to en. Every value put into HTML is escaped.

export type MailKind =
  | 'confirmation' | 'reset_password' | 'magic_link' | 'change_email' | 'email_changed_notice'
  | 'password_changed' | 'account_deactivated' | 'account_deleted' | 'order_confirmation' | 'lesson_available'
  // notifications (0032): a seller's notification by mail, its title and text made by the notifications module
  | 'seller_notification'
  // dunning (0027): a failed rate's reminder with the pay link, and the notice when it goes to collection
  | 'payment_reminder' | 'payment_final_notice'
  // invoices (0029): the payer's invoice or reversal with its PDF attached (productName: the document number)
  | 'invoice_issued' | 'invoice_reversed'
  // orders area (0030): a scheduled CSV export, the file attached
  | 'csv_export'
  // affiliates (0048): a publisher asks to join a seller's program (productName: the program, sellerName: the
  // publisher); a publisher's participation was accepted, rejected or ended (notificationText: the new state)
  | 'affiliate_node_requested' | 'affiliate_node_state'
  // a publisher's commission of a sale (productName, amount: the publisher's own, notificationText: the level),
  // and a monthly credit memo (productName: its number, sellerName, notificationText: the month YYYY-MM, amount)
  | 'affiliate_commission' | 'credit_memo_issued'
  // money out (0049): a manager's answer to an identity check or a bank account (notificationText: the reason
  // of a rejection), a refused document (productName: the document, notificationText: the reason), and a
  // payout's way (amount; notificationText: a cancellation's reason)
  | 'legitimation_accepted' | 'legitimation_rejected' | 'kyc_document_refused'
  | 'bank_account_accepted' | 'bank_account_rejected'
  | 'payout_requested' | 'payout_successful' | 'payout_canceled'
  // resellers (0051): a seller asks a reseller (sellerName: the seller, amount: the fee as shown); the reseller's
  // answer to the seller (productName: the reseller, notificationText: approved or rejected with the reason); an
  // approval ended (sellerName: the side that ended it, notificationText: the reason when given)
  | 'reseller_requested' | 'reseller_decided' | 'reseller_canceled'
  // teams (0053): a seller invites someone to their team (sellerName: the seller)
  | 'team_member_invited'
  // platform plans (0055): a seller's plan was bought, renewed or ended (productName: the plan, amount: the charge as shown)
  | 'platform_plan_bought' | 'platform_plan_renewed' | 'platform_plan_ended'
  // sales team and deals (0054): a seller invites a sales team member (sellerName, amount: the fee as shown); a
  // deal's offer to its payer (sellerName, productName, amount: the price as shown, notificationText: the note)
  | 'sales_team_member_invited' | 'deal_offer'
  // built pages (0065): a payer sent a page's contact form (productName: the page, notificationText: the fields as lines)
  | 'contact_form_submission'
  // signed webhooks (0072): an endpoint paused after a long run of failures (productName: its URL, notificationText: the failed attempts)
  | 'webhook_endpoint_paused'

export type MailParams = {
  firstName: string; link?: string; newEmail?: string; appUrl: string; unsubscribeLink?: string
  /** order_confirmation: what was bought, the amount paid as shown, and who sold it. */
  productName?: string; amount?: string; sellerName?: string
  /** lesson_available: the dripped lesson that opened (productName is the course). */
  lessonTitle?: string
  /** seller_notification: the notification's title (the subject) and text. */
  notificationTitle?: string; notificationText?: string
  /** payment_reminder / payment_final_notice: the rate's due date and the next retry, as shown (amount: what is owed). */
  dueDate?: string; retryDate?: string
}
type Rendered = { subject: string; intro: string; action?: string; outro: string }

const texts: Record<'en' | 'de', Record<MailKind, (p: MailParams) => Rendered>> = {
  en: {
    webhook_endpoint_paused: (p) => ({ subject: `Webhook endpoint paused: ${p.productName ?? ''}`, intro: `Your webhook endpoint ${p.productName ?? ''} failed ${p.notificationText ?? 'many'} times in a row, so Sellfront paused it. Events are not sent to it while it is paused.`, action: 'Open your webhooks', outro: 'Fix the receiver, then resume the endpoint; you can replay any delivery from its log.' }),
    contact_form_submission: (p) => ({ subject: `New message from your page ${p.productName ?? ''}`, intro: `Someone sent the contact form of your page ${p.productName ?? ''}:\n\n${p.notificationText ?? ''}`, action: 'Open your contact requests', outro: 'You find every message in your cabinet under Contact requests.' }),
    confirmation: () => ({ subject: 'Confirm your email address', intro: 'Welcome to Sellfront! Please confirm your email address so you can start selling.', action: 'Confirm email address', outro: 'The link is valid for 3 days. If you did not sign up, you can ignore this mail.' }),
    reset_password: () => ({ subject: 'Reset your password', intro: 'Someone asked to reset the password of your Sellfront account.', action: 'Choose a new password', outro: 'The link is valid for 2 hours. If it was not you, ignore this mail: your password stays as it is.' }),
    magic_link: () => ({ subject: 'Your sign-in link', intro: 'Use this link to sign in to Sellfront without a password.', action: 'Sign in', outro: 'The link is valid for 15 minutes and works once.' }),
    change_email: (p) => ({ subject: 'Confirm your new email address', intro: `Please confirm ${p.newEmail ?? 'this address'} as the new email address of your Sellfront account.`, action: 'Confirm new address', outro: 'Until you confirm, your current address stays in use. The link is valid for 3 days.' }),
    email_changed_notice: (p) => ({ subject: 'Your email address is being changed', intro: `Someone asked to change your Sellfront sign-in address to ${p.newEmail ?? 'a new address'}.`, outro: 'If this was not you, reset your password at once.' }),
    password_changed: () => ({ subject: 'Your password was changed', intro: 'The password of your Sellfront account was changed, and other sessions were signed out.', outro: 'If this was not you, reset your password at once.' }),
    account_deactivated: () => ({ subject: 'Your account is deactivated', intro: 'Your Sellfront account is deactivated. Your data is kept; sign in again to reactivate it.', outro: 'Thank you for the time you spent with us.' }),
    account_deleted: () => ({ subject: 'Your account was deleted', intro: 'Your Sellfront account was deleted and your personal data scrambled.', outro: 'Records the law requires us to keep (such as invoices) are kept without your name.' }),
    order_confirmation: (p) => ({ subject: `Your order: ${p.productName ?? ''}`, intro: `Thank you for your order of ${p.productName ?? ''} from ${p.sellerName ?? ''}. Paid: ${p.amount ?? ''}.`, action: 'View your order', outro: 'To open your purchase, sign in with this email address: we send you a sign-in link, no password needed.' }),
    payment_reminder: (p) => ({ subject: `Payment failed: ${p.productName ?? ''}`, intro: `We could not collect ${p.amount ?? ''} for ${p.productName ?? ''} from ${p.sellerName ?? ''}, due on ${p.dueDate ?? ''}.${p.retryDate ? ` We will try again on ${p.retryDate}.` : ''}`, action: 'Pay now', outro: 'You can pay now or change your payment method on the page behind the link. If you have paid already, ignore this mail.' }),
    payment_final_notice: (p) => ({ subject: `Payment still open: ${p.productName ?? ''}`, intro: `${p.amount ?? ''} for ${p.productName ?? ''} from ${p.sellerName ?? ''}, due on ${p.dueDate ?? ''}, is still unpaid after our last try.`, action: 'Pay now', outro: 'The open amount is now a claim of the seller and may be handed to a collection agency. Pay it on the page behind the link to settle it.' }),
    invoice_issued: (p) => ({ subject: `Your invoice ${p.productName ?? ''} from ${p.sellerName ?? ''}`, intro: `Thank you for your payment of ${p.amount ?? ''}. Your invoice ${p.productName ?? ''} from ${p.sellerName ?? ''} is attached as a PDF.`, outro: 'You also find it in your payer area.' }),
    invoice_reversed: (p) => ({ subject: `Reversal invoice ${p.productName ?? ''} from ${p.sellerName ?? ''}`, intro: `${p.sellerName ?? ''} refunded ${p.amount ?? ''}. The reversal invoice ${p.productName ?? ''} is attached as a PDF.`, outro: 'You also find it in your payer area.' }),
    lesson_available: (p) => ({ subject: `New lesson available: ${p.lessonTitle ?? ''}`, intro: `A new lesson of ${p.productName ?? 'your course'} is available now: ${p.lessonTitle ?? ''}.`, action: 'Open the lesson', outro: 'Sign in with this email address to continue where you left off.' }),
    csv_export: () => ({ subject: 'Your scheduled export: orders', intro: 'Your scheduled CSV export of your orders is attached, with the columns and filters you saved.', action: 'Open your orders', outro: 'You can change or stop this export in your orders list under Scheduled exports.' }),
    affiliate_node_requested: (p) => ({ subject: `New publisher request: ${p.productName ?? ''}`, intro: `${p.sellerName ?? 'A publisher'} asks to join your affiliate program ${p.productName ?? ''}.`, action: 'Review the request', outro: 'Accept or reject it in your affiliate area under Publishers.' }),
    affiliate_node_state: (p) => ({ subject: `Affiliate program ${p.productName ?? ''}: ${p.notificationText ?? ''}`, intro: `Your participation in the affiliate program ${p.productName ?? ''} is now ${p.notificationText ?? ''}.`, action: 'Open your programs', outro: 'Choose which mails reach you in your publisher settings.' }),
    affiliate_commission: (p) => ({ subject: `New sale: ${p.productName ?? ''}`, intro: `You earned ${p.amount ?? ''} (level ${p.notificationText ?? '1'}) on a sale of ${p.productName ?? ''}.`, action: 'Open your sales', outro: 'The commission becomes available after the program\'s hold period. Choose which mails reach you in your publisher settings.' }),
    legitimation_accepted: () => ({ subject: 'Your identity is confirmed', intro: 'A Sellfront manager checked your documents: your identity is confirmed.', action: 'Open your balance', outro: 'With an accepted bank account you can now be paid out.' }),
    legitimation_rejected: (p) => ({ subject: 'Your identity check needs attention', intro: `We could not confirm your identity: ${p.notificationText ?? ''}`, action: 'Correct your documents', outro: 'Upload the documents again and ask for a new check.' }),
    kyc_document_refused: (p) => ({ subject: `Document refused: ${p.productName ?? ''}`, intro: `Your document ${p.productName ?? ''} was refused: ${p.notificationText ?? ''}`, action: 'Upload it again', outro: 'Payouts wait until every required document is accepted.' }),
    bank_account_accepted: () => ({ subject: 'Your bank account is active', intro: 'A Sellfront manager checked your bank account: payouts now go to it.', action: 'Open your payouts', outro: 'You can change your payout schedule at any time.' }),
    bank_account_rejected: (p) => ({ subject: 'Your bank account was not accepted', intro: `We could not accept your bank account: ${p.notificationText ?? ''}`, action: 'Add a bank account', outro: 'Add a corrected bank account to be paid out.' }),
    payout_requested: (p) => ({ subject: `Payout of ${p.amount ?? ''} on its way`, intro: `Your payout of ${p.amount ?? ''} was created and goes to your bank account with the next transfer.`, action: 'Open your payouts', outro: 'It usually arrives within two bank days after it is sent.' }),
    payout_successful: (p) => ({ subject: `Payout of ${p.amount ?? ''} sent`, intro: `Your payout of ${p.amount ?? ''} was sent to your bank account.`, action: 'Open your payouts', outro: 'Its credit memo is in your payouts list.' }),
    payout_canceled: (p) => ({ subject: `Payout of ${p.amount ?? ''} canceled`, intro: `Your payout of ${p.amount ?? ''} was canceled: ${p.notificationText ?? ''}. The amount is back in your balance.`, action: 'Open your payouts', outro: 'Check your bank account details before you ask again.' }),
    reseller_requested: (p) => ({ subject: `${p.sellerName ?? 'A seller'} asks you to sell for them`, intro: `${p.sellerName ?? 'A seller'} asks you to sell their products in your name, for your fee of ${p.amount ?? ''} of the net.`, action: 'Review the request', outro: 'Approve it or reject it with a reason in your reseller area.' }),
    reseller_decided: (p) => ({ subject: `${p.productName ?? 'The reseller'}: ${p.notificationText ?? ''}`, intro: `${p.productName ?? 'The reseller'} answered your request to sell through them: ${p.notificationText ?? ''}.`, action: 'Open your reseller page', outro: 'Your selling mode is shown on the same page.' }),
    reseller_canceled: (p) => ({ subject: 'A reseller agreement ended', intro: `${p.sellerName ?? 'The other side'} ended the agreement to sell through a reseller${p.notificationText ? `: ${p.notificationText}` : ''}.`, action: 'Open Sellfront', outro: 'Orders bought before keep their terms; new orders are sold by the seller itself.' }),
    credit_memo_issued: (p) => ({ subject: `Credit memo ${p.productName ?? ''} from ${p.sellerName ?? ''}`, intro: `${p.sellerName ?? ''} issued your credit memo ${p.productName ?? ''} for ${p.notificationText ?? ''}: ${p.amount ?? ''}.`, action: 'Open your payouts', outro: 'You find the memo as a PDF under Payouts. Choose which mails reach you in your publisher settings.' }),
    team_member_invited: (p) => ({ subject: `${p.sellerName ?? 'A seller'} invites you to their team`, intro: `${p.sellerName ?? 'A seller'} invites you to work in their Sellfront team, with the rights they chose for you.`, action: 'Open the invitation', outro: 'Sign in or sign up with this email address to accept or decline. If you did not expect this, ignore this mail.' }),
    platform_plan_bought: (p) => ({ subject: `Your Sellfront plan: ${p.productName ?? ''}`, intro: `Your Sellfront plan ${p.productName ?? ''} is active${p.amount ? `. Paid: ${p.amount}` : ''}. Its features are on for your account now.`, action: 'Open your plan', outro: 'You can change the billing cycle or cancel on the plans page at any time.' }),
    platform_plan_renewed: (p) => ({ subject: `Your Sellfront plan was renewed: ${p.productName ?? ''}`, intro: `Your Sellfront plan ${p.productName ?? ''} was renewed. Paid: ${p.amount ?? ''}.`, action: 'Open your plan', outro: 'The invoice is in your mail and on the plans page.' }),
    platform_plan_ended: (p) => ({ subject: `Your Sellfront plan ended: ${p.productName ?? ''}`, intro: `Your Sellfront plan ${p.productName ?? ''} ended; the features it gave are off from now on.`, action: 'Choose a plan', outro: 'Your data stays as it is. Choose a plan again whenever you like.' }),
    sales_team_member_invited: (p) => ({ subject: `${p.sellerName ?? 'A seller'} invites you to their sales team`, intro: `${p.sellerName ?? 'A seller'} invites you to prepare individual offers (deals) for their payers on Sellfront, for a fee of ${p.amount ?? ''} of each sale.`, action: 'Open the invitation', outro: 'Sign in or sign up with this email address to accept or decline. If you did not expect this, ignore this mail.' }),
    deal_offer: (p) => ({ subject: `Your offer from ${p.sellerName ?? 'Sellfront'}: ${p.productName ?? ''}`, intro: `${p.sellerName ?? 'A seller'} prepared an individual offer for you: ${p.productName ?? ''} for ${p.amount ?? ''}.${p.notificationText ? ` ${p.notificationText}` : ''}`, action: 'Open your offer', outro: 'The link is yours alone, works once and only until the offer expires.' }),
    seller_notification: (p) => ({ subject: p.notificationTitle ?? 'News from your shop', intro: p.notificationText ?? '', action: 'Open your notifications', outro: 'Choose which notifications reach you by mail in your notification settings.' }),
  },
  de: {
    webhook_endpoint_paused: (p) => ({ subject: `Webhook-Endpunkt pausiert: ${p.productName ?? ''}`, intro: `Dein Webhook-Endpunkt ${p.productName ?? ''} ist ${p.notificationText ?? 'viele'} Mal hintereinander fehlgeschlagen, deshalb hat Sellfront ihn pausiert. Solange er pausiert ist, werden keine Ereignisse an ihn gesendet.`, action: 'Webhooks öffnen', outro: 'Behebe den Fehler beim Empfänger und setze den Endpunkt dann fort; jede Zustellung kannst du aus dem Protokoll erneut senden.' }),
    contact_form_submission: (p) => ({ subject: `Neue Nachricht über deine Seite ${p.productName ?? ''}`, intro: `Jemand hat das Kontaktformular deiner Seite ${p.productName ?? ''} gesendet:\n\n${p.notificationText ?? ''}`, action: 'Kontaktanfragen öffnen', outro: 'Alle Nachrichten findest du in deinem Bereich unter Kontaktanfragen.' }),
    confirmation: () => ({ subject: 'Bestätige deine E-Mail-Adresse', intro: 'Willkommen bei Sellfront! Bitte bestätige deine E-Mail-Adresse, damit du verkaufen kannst.', action: 'E-Mail-Adresse bestätigen', outro: 'Der Link ist 3 Tage gültig. Wenn du dich nicht registriert hast, ignoriere diese E-Mail.' }),
    reset_password: () => ({ subject: 'Passwort zurücksetzen', intro: 'Jemand möchte das Passwort deines Sellfront-Kontos zurücksetzen.', action: 'Neues Passwort wählen', outro: 'Der Link ist 2 Stunden gültig. Warst du es nicht, ignoriere diese E-Mail: dein Passwort bleibt unverändert.' }),
    magic_link: () => ({ subject: 'Dein Anmeldelink', intro: 'Mit diesem Link meldest du dich ohne Passwort bei Sellfront an.', action: 'Anmelden', outro: 'Der Link ist 15 Minuten gültig und funktioniert einmal.' }),
    change_email: (p) => ({ subject: 'Bestätige deine neue E-Mail-Adresse', intro: `Bitte bestätige ${p.newEmail ?? 'diese Adresse'} als neue E-Mail-Adresse deines Sellfront-Kontos.`, action: 'Neue Adresse bestätigen', outro: 'Bis zur Bestätigung bleibt deine bisherige Adresse aktiv. Der Link ist 3 Tage gültig.' }),
    email_changed_notice: (p) => ({ subject: 'Deine E-Mail-Adresse wird geändert', intro: `Jemand möchte deine Anmeldeadresse bei Sellfront in ${p.newEmail ?? 'eine neue Adresse'} ändern.`, outro: 'Warst du das nicht, setze sofort dein Passwort zurück.' }),
    password_changed: () => ({ subject: 'Dein Passwort wurde geändert', intro: 'Das Passwort deines Sellfront-Kontos wurde geändert; andere Sitzungen wurden abgemeldet.', outro: 'Warst du das nicht, setze sofort dein Passwort zurück.' }),
    account_deactivated: () => ({ subject: 'Dein Konto ist deaktiviert', intro: 'Dein Sellfront-Konto ist deaktiviert. Deine Daten bleiben erhalten; melde dich wieder an, um es zu reaktivieren.', outro: 'Danke für die Zeit mit uns.' }),
    account_deleted: () => ({ subject: 'Dein Konto wurde gelöscht', intro: 'Dein Sellfront-Konto wurde gelöscht und deine persönlichen Daten unkenntlich gemacht.', outro: 'Was wir gesetzlich aufbewahren müssen (etwa Rechnungen), bleibt ohne deinen Namen erhalten.' }),
    order_confirmation: (p) => ({ subject: `Deine Bestellung: ${p.productName ?? ''}`, intro: `Danke für deine Bestellung von ${p.productName ?? ''} bei ${p.sellerName ?? ''}. Bezahlt: ${p.amount ?? ''}.`, action: 'Bestellung ansehen', outro: 'Um deinen Kauf zu öffnen, melde dich mit dieser E-Mail-Adresse an: wir schicken dir einen Anmeldelink, kein Passwort nötig.' }),
    payment_reminder: (p) => ({ subject: `Zahlung fehlgeschlagen: ${p.productName ?? ''}`, intro: `Wir konnten ${p.amount ?? ''} für ${p.productName ?? ''} von ${p.sellerName ?? ''}, fällig am ${p.dueDate ?? ''}, nicht einziehen.${p.retryDate ? ` Wir versuchen es am ${p.retryDate} erneut.` : ''}`, action: 'Jetzt bezahlen', outro: 'Auf der Seite hinter dem Link kannst du jetzt bezahlen oder deine Zahlungsart ändern. Hast du schon bezahlt, ignoriere diese E-Mail.' }),
    payment_final_notice: (p) => ({ subject: `Zahlung weiterhin offen: ${p.productName ?? ''}`, intro: `${p.amount ?? ''} für ${p.productName ?? ''} von ${p.sellerName ?? ''}, fällig am ${p.dueDate ?? ''}, ist nach unserem letzten Versuch weiterhin unbezahlt.`, action: 'Jetzt bezahlen', outro: 'Der offene Betrag ist jetzt eine Forderung des Verkäufers und kann an ein Inkassobüro übergeben werden. Bezahle ihn auf der Seite hinter dem Link, um ihn zu begleichen.' }),
    invoice_issued: (p) => ({ subject: `Deine Rechnung ${p.productName ?? ''} von ${p.sellerName ?? ''}`, intro: `Danke für deine Zahlung von ${p.amount ?? ''}. Deine Rechnung ${p.productName ?? ''} von ${p.sellerName ?? ''} ist als PDF angehängt.`, outro: 'Du findest sie auch in deinem Käuferbereich.' }),
    invoice_reversed: (p) => ({ subject: `Stornorechnung ${p.productName ?? ''} von ${p.sellerName ?? ''}`, intro: `${p.sellerName ?? ''} hat ${p.amount ?? ''} erstattet. Die Stornorechnung ${p.productName ?? ''} ist als PDF angehängt.`, outro: 'Du findest sie auch in deinem Käuferbereich.' }),
    lesson_available: (p) => ({ subject: `Neue Lektion verfügbar: ${p.lessonTitle ?? ''}`, intro: `Eine neue Lektion von ${p.productName ?? 'deinem Kurs'} ist jetzt verfügbar: ${p.lessonTitle ?? ''}.`, action: 'Lektion öffnen', outro: 'Melde dich mit dieser E-Mail-Adresse an, um dort weiterzumachen, wo du aufgehört hast.' }),
    csv_export: () => ({ subject: 'Dein geplanter Export: Bestellungen', intro: 'Im Anhang findest du deinen geplanten CSV-Export deiner Bestellungen mit den gespeicherten Spalten und Filtern.', action: 'Bestellungen öffnen', outro: 'Du kannst diesen Export in deiner Bestellliste unter Geplante Exporte ändern oder beenden.' }),
    affiliate_node_requested: (p) => ({ subject: `Neue Publisher-Anfrage: ${p.productName ?? ''}`, intro: `${p.sellerName ?? 'Ein Publisher'} möchte an deinem Partnerprogramm ${p.productName ?? ''} teilnehmen.`, action: 'Anfrage prüfen', outro: 'Nimm sie in deinem Partnerbereich unter Publisher an oder lehne sie ab.' }),
    affiliate_node_state: (p) => ({ subject: `Partnerprogramm ${p.productName ?? ''}: ${p.notificationText ?? ''}`, intro: `Deine Teilnahme am Partnerprogramm ${p.productName ?? ''} ist jetzt: ${p.notificationText ?? ''}.`, action: 'Deine Programme öffnen', outro: 'Welche E-Mails dich erreichen, wählst du in deinen Publisher-Einstellungen.' }),
    affiliate_commission: (p) => ({ subject: `Neuer Verkauf: ${p.productName ?? ''}`, intro: `Du hast ${p.amount ?? ''} (Stufe ${p.notificationText ?? '1'}) an einem Verkauf von ${p.productName ?? ''} verdient.`, action: 'Deine Verkäufe öffnen', outro: 'Die Provision wird nach der Haltefrist des Programms verfügbar. Welche E-Mails dich erreichen, wählst du in deinen Publisher-Einstellungen.' }),
    legitimation_accepted: () => ({ subject: 'Deine Identität ist bestätigt', intro: 'Ein Sellfront-Manager hat deine Dokumente geprüft: deine Identität ist bestätigt.', action: 'Guthaben öffnen', outro: 'Mit einem akzeptierten Bankkonto kannst du dir jetzt Geld auszahlen lassen.' }),
    legitimation_rejected: (p) => ({ subject: 'Deine Identitätsprüfung braucht Aufmerksamkeit', intro: `Wir konnten deine Identität nicht bestätigen: ${p.notificationText ?? ''}`, action: 'Dokumente korrigieren', outro: 'Lade die Dokumente erneut hoch und beantrage eine neue Prüfung.' }),
    kyc_document_refused: (p) => ({ subject: `Dokument abgelehnt: ${p.productName ?? ''}`, intro: `Dein Dokument ${p.productName ?? ''} wurde abgelehnt: ${p.notificationText ?? ''}`, action: 'Erneut hochladen', outro: 'Auszahlungen warten, bis jedes nötige Dokument akzeptiert ist.' }),
    bank_account_accepted: () => ({ subject: 'Dein Bankkonto ist aktiv', intro: 'Ein Sellfront-Manager hat dein Bankkonto geprüft: Auszahlungen gehen jetzt darauf.', action: 'Auszahlungen öffnen', outro: 'Deinen Auszahlungsrhythmus kannst du jederzeit ändern.' }),
    bank_account_rejected: (p) => ({ subject: 'Dein Bankkonto wurde nicht akzeptiert', intro: `Wir konnten dein Bankkonto nicht akzeptieren: ${p.notificationText ?? ''}`, action: 'Bankkonto hinzufügen', outro: 'Füge ein korrigiertes Bankkonto hinzu, um Auszahlungen zu erhalten.' }),
    payout_requested: (p) => ({ subject: `Auszahlung über ${p.amount ?? ''} unterwegs`, intro: `Deine Auszahlung über ${p.amount ?? ''} wurde angelegt und geht mit der nächsten Überweisung auf dein Bankkonto.`, action: 'Auszahlungen öffnen', outro: 'Sie kommt meist innerhalb von zwei Bankarbeitstagen nach dem Versand an.' }),
    payout_successful: (p) => ({ subject: `Auszahlung über ${p.amount ?? ''} überwiesen`, intro: `Deine Auszahlung über ${p.amount ?? ''} wurde auf dein Bankkonto überwiesen.`, action: 'Auszahlungen öffnen', outro: 'Die Gutschrift dazu findest du in deiner Auszahlungsliste.' }),
    payout_canceled: (p) => ({ subject: `Auszahlung über ${p.amount ?? ''} storniert`, intro: `Deine Auszahlung über ${p.amount ?? ''} wurde storniert: ${p.notificationText ?? ''}. Der Betrag ist wieder in deinem Guthaben.`, action: 'Auszahlungen öffnen', outro: 'Prüfe deine Bankdaten, bevor du erneut auszahlst.' }),
    reseller_requested: (p) => ({ subject: `${p.sellerName ?? 'Ein Verkäufer'} möchte über dich verkaufen`, intro: `${p.sellerName ?? 'Ein Verkäufer'} bittet dich, seine Produkte in deinem Namen zu verkaufen, für deine Gebühr von ${p.amount ?? ''} des Nettobetrags.`, action: 'Anfrage prüfen', outro: 'Nimm sie in deinem Reseller-Bereich an oder lehne sie mit einer Begründung ab.' }),
    reseller_decided: (p) => ({ subject: `${p.productName ?? 'Der Reseller'}: ${p.notificationText ?? ''}`, intro: `${p.productName ?? 'Der Reseller'} hat deine Anfrage beantwortet: ${p.notificationText ?? ''}.`, action: 'Reseller-Seite öffnen', outro: 'Deinen Verkaufsmodus siehst du auf derselben Seite.' }),
    reseller_canceled: (p) => ({ subject: 'Eine Reseller-Vereinbarung wurde beendet', intro: `${p.sellerName ?? 'Die andere Seite'} hat die Vereinbarung über den Verkauf durch einen Reseller beendet${p.notificationText ? `: ${p.notificationText}` : ''}.`, action: 'Sellfront öffnen', outro: 'Bestellungen von vorher behalten ihre Bedingungen; neue Bestellungen verkauft der Verkäufer selbst.' }),
    credit_memo_issued: (p) => ({ subject: `Gutschrift ${p.productName ?? ''} von ${p.sellerName ?? ''}`, intro: `${p.sellerName ?? ''} hat deine Gutschrift ${p.productName ?? ''} für ${p.notificationText ?? ''} ausgestellt: ${p.amount ?? ''}.`, action: 'Auszahlungen öffnen', outro: 'Du findest die Gutschrift als PDF unter Auszahlungen. Welche E-Mails dich erreichen, wählst du in deinen Publisher-Einstellungen.' }),
    team_member_invited: (p) => ({ subject: `${p.sellerName ?? 'Ein Verkäufer'} lädt dich in sein Team ein`, intro: `${p.sellerName ?? 'Ein Verkäufer'} lädt dich ein, in seinem Sellfront-Team mitzuarbeiten, mit den Rechten, die er für dich gewählt hat.`, action: 'Einladung öffnen', outro: 'Melde dich mit dieser E-Mail-Adresse an oder registriere dich, um anzunehmen oder abzulehnen. Hast du das nicht erwartet, ignoriere diese E-Mail.' }),
    platform_plan_bought: (p) => ({ subject: `Dein Sellfront-Tarif: ${p.productName ?? ''}`, intro: `Dein Sellfront-Tarif ${p.productName ?? ''} ist aktiv${p.amount ? `. Bezahlt: ${p.amount}` : ''}. Seine Funktionen sind ab jetzt für dein Konto an.`, action: 'Tarif öffnen', outro: 'Abrechnungszeitraum ändern oder kündigen kannst du jederzeit auf der Tarifseite.' }),
    platform_plan_renewed: (p) => ({ subject: `Dein Sellfront-Tarif wurde verlängert: ${p.productName ?? ''}`, intro: `Dein Sellfront-Tarif ${p.productName ?? ''} wurde verlängert. Bezahlt: ${p.amount ?? ''}.`, action: 'Tarif öffnen', outro: 'Die Rechnung findest du in deinen E-Mails und auf der Tarifseite.' }),
    platform_plan_ended: (p) => ({ subject: `Dein Sellfront-Tarif ist beendet: ${p.productName ?? ''}`, intro: `Dein Sellfront-Tarif ${p.productName ?? ''} ist beendet; seine Funktionen sind ab jetzt aus.`, action: 'Tarif wählen', outro: 'Deine Daten bleiben, wie sie sind. Wähle jederzeit wieder einen Tarif.' }),
    sales_team_member_invited: (p) => ({ subject: `${p.sellerName ?? 'Ein Verkäufer'} lädt dich in sein Vertriebsteam ein`, intro: `${p.sellerName ?? 'Ein Verkäufer'} lädt dich ein, auf Sellfront individuelle Angebote (Deals) für seine Kunden zu erstellen, gegen eine Provision von ${p.amount ?? ''} je Verkauf.`, action: 'Einladung öffnen', outro: 'Melde dich mit dieser E-Mail-Adresse an oder registriere dich, um anzunehmen oder abzulehnen. Hast du das nicht erwartet, ignoriere diese E-Mail.' }),
    deal_offer: (p) => ({ subject: `Dein Angebot von ${p.sellerName ?? 'Sellfront'}: ${p.productName ?? ''}`, intro: `${p.sellerName ?? 'Ein Verkäufer'} hat ein individuelles Angebot für dich erstellt: ${p.productName ?? ''} für ${p.amount ?? ''}.${p.notificationText ? ` ${p.notificationText}` : ''}`, action: 'Angebot öffnen', outro: 'Der Link gilt nur für dich, einmal und nur bis das Angebot abläuft.' }),
    seller_notification: (p) => ({ subject: p.notificationTitle ?? 'Neues aus deinem Shop', intro: p.notificationText ?? '', action: 'Benachrichtigungen öffnen', outro: 'Welche Benachrichtigungen dich per E-Mail erreichen, wählst du in deinen Benachrichtigungseinstellungen.' }),
  },
}

const greeting = { en: (n: string) => `Hello ${n},`, de: (n: string) => `Hallo ${n},` }
const unsubscribeText = { en: 'Unsubscribe from news mails', de: 'News-E-Mails abbestellen' }

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)
}

export function renderMail(kind: MailKind, locale: string, params: MailParams): { subject: string; html: string; text: string } {
  const lang = locale === 'de' ? 'de' : 'en'
  const t = texts[lang][kind](params)
  const hello = greeting[lang](params.firstName)
  const text = [hello, '', t.intro, ...(t.action && params.link ? ['', `${t.action}: ${params.link}`] : []), '', t.outro,
    ...(params.unsubscribeLink ? ['', `${unsubscribeText[lang]}: ${params.unsubscribeLink}`] : [])].join('\n')
  const button = t.action && params.link
    ? `<p style="margin:24px 0"><a href="${escapeHtml(params.link)}" style="background:#1c7ed6;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none;display:inline-block">${escapeHtml(t.action)}</a></p><p style="font-size:12px;color:#555">${escapeHtml(params.link)}</p>`
    : ''
  const footer = params.unsubscribeLink
    ? `<p style="font-size:12px;color:#777"><a href="${escapeHtml(params.unsubscribeLink)}">${escapeHtml(unsubscribeText[lang])}</a></p>`
    : ''
  const html = `<!doctype html><html lang="${lang}"><body style="font-family:Montserrat,Arial,sans-serif;color:#222;max-width:560px;margin:0 auto;padding:24px">`
    + `<p>${escapeHtml(hello)}</p><p>${escapeHtml(t.intro)}</p>${button}<p>${escapeHtml(t.outro)}</p>`
    + `<hr style="border:none;border-top:1px solid #eee"><p style="font-size:12px;color:#777">Sellfront · ${escapeHtml(params.appUrl)}</p>${footer}</body></html>`
  return { subject: t.subject, html, text }
}
