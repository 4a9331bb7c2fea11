// The legal pages of a self-hosted Sellfront installation, in English and German. Sellfront is software:
// whoever installs and runs it is the operator, the party these texts name, and adds their own details
// where the imprint asks for them.

export type LegalName = 'terms' | 'privacy' | 'imprint'
type LegalSection = { heading: string; paragraphs: string[] }
type LegalDoc = { title: string; updated: string; intro: string; sections: LegalSection[] }

const en: Record<LegalName, LegalDoc> = {
  terms: {
    title: 'Terms of use',
    updated: 'Version 1.0',
    intro:
      'These terms apply to everyone who uses this Sellfront installation: sellers who sell through it, payers who buy from sellers, publishers who promote products for commissions, and team members who work for a seller. The platform is run by its operator, named in the imprint.',
    sections: [
      {
        heading: '1. The service',
        paragraphs: [
          'Sellfront lets sellers offer digital products and event tickets (courses, downloads, memberships, services, certificates, license keys and bundles), take payments through connected payment providers, and deliver what was bought.',
          'The operator provides the platform. A purchase is a contract between the payer and the seller; the operator is not a party to it unless stated otherwise at checkout.',
        ],
      },
      {
        heading: '2. Accounts',
        paragraphs: [
          'You need an account to sell, to promote products or to manage your purchases. Your details must be true and kept up to date. Keep your password secret; you are responsible for what happens with your account.',
          'One account can hold several profiles (seller, payer, publisher, team member). You choose the profile you work with in the header of each area.',
        ],
      },
      {
        heading: '3. Duties of sellers',
        paragraphs: [
          'Sellers are responsible for their products, their product pages, their prices and taxes, their cancellation terms and for delivering what they sell. They must comply with the law that applies to their business, in particular consumer protection, copyright and data protection law.',
          'Sellers must not sell anything illegal, misleading or infringing the rights of others. The operator may unpublish products and block accounts that break these terms or the law.',
        ],
      },
      {
        heading: '4. Payments, fees and payouts',
        paragraphs: [
          'Payments are processed by the payment providers the seller connects. Their own terms apply in addition. Card details are entered with the provider and are not stored by the platform.',
          'The self-hosted plan has no platform fee. Fees of payment providers and banks are charged by them. Any fees of other plans are shown on the plans page before you choose them.',
        ],
      },
      {
        heading: '5. Publishers and commissions',
        paragraphs: [
          'Publishers promote products of sellers who run an affiliate program. Commissions are earned only for orders that are paid and not refunded or charged back, under the conditions the seller sets for the program.',
        ],
      },
      {
        heading: '6. Availability and changes',
        paragraphs: [
          'The operator aims to keep the platform available but cannot promise uninterrupted service; maintenance and updates may interrupt it briefly. The operator may change these terms with notice of at least four weeks; continued use after the change counts as acceptance where the law allows it.',
        ],
      },
      {
        heading: '7. Liability',
        paragraphs: [
          'The operator is liable without limitation for intent and gross negligence and for injury to life, body or health. For slight negligence the operator is liable only for breaches of essential contractual duties and limited to the foreseeable damage typical for this kind of contract.',
        ],
      },
      {
        heading: '8. Ending the use',
        paragraphs: [
          'You can deactivate or delete your account at any time in your account settings, unless open orders, payouts or legal retention duties require a delay; the settings tell you what still has to be done. The operator may end the use for good cause.',
        ],
      },
      {
        heading: '9. Applicable law',
        paragraphs: [
          'The law of the country where the operator has its seat applies, without prejudice to mandatory consumer protection rules of the country where a consumer lives.',
        ],
      },
    ],
  },
  privacy: {
    title: 'Privacy policy',
    updated: 'Version 1.0',
    intro:
      'This policy explains which personal data this Sellfront installation processes, why, and what rights you have. The controller is the operator named in the imprint.',
    sections: [
      {
        heading: '1. Data we process',
        paragraphs: [
          'Account data: name, email address, username, language, a secure hash of your password, and the profiles of your account.',
          'Business data of sellers and publishers: business details, address, phone number, tax details and, for payouts, bank accounts and identity documents.',
          'Order data: what was bought, amounts, invoices, payer details and the state of payments. Card and wallet details are entered with the payment provider and are not stored here.',
          'Technical data: IP address and time of requests in server logs, and a random device identifier kept in your browser to protect your session.',
          'Emails: the platform keeps a copy of the emails it sends (for example confirmations and receipts) so that they can be shown again through their link.',
        ],
      },
      {
        heading: '2. Purposes and legal bases',
        paragraphs: [
          'We process data to provide your account and the contracts made on the platform (Art. 6(1)(b) GDPR), to meet legal duties such as tax and accounting rules (Art. 6(1)(c) GDPR), and to keep the platform secure and prevent abuse (Art. 6(1)(f) GDPR). Optional cookies are used only with your consent (Art. 6(1)(a) GDPR), which you can withdraw at any time under "Cookie settings".',
        ],
      },
      {
        heading: '3. Cookies and browser storage',
        paragraphs: [
          'Necessary: your session tokens and the language you chose are kept in your browser\'s local storage; your cookie choice is kept in the cookie "sf_cookie_consent". Other categories are only used if you accept them in the cookie banner.',
          'Fonts are served from this installation. No page loads fonts, scripts or trackers from other hosts unless a seller adds tracking to their own pages and you consented to it.',
        ],
      },
      {
        heading: '4. Recipients',
        paragraphs: [
          'Sellers receive the data of their payers that they need to fulfil an order. Payment providers receive the data needed for a payment. Email delivery services receive the address and content of the emails sent. Data is passed to authorities only where the law requires it.',
        ],
      },
      {
        heading: '5. How long we keep data',
        paragraphs: [
          'Account data is kept while your account exists. When you delete your account, your data is deleted or made anonymous, except what tax and commercial law require us to keep (invoices and accounting records for up to ten years). Server logs are deleted after a short period.',
        ],
      },
      {
        heading: '6. Your rights',
        paragraphs: [
          'You have the right to access, rectification, erasure, restriction of processing, data portability and objection, and the right to withdraw consent. You can also complain to a data protection supervisory authority. To use your rights, contact the operator at the address in the imprint.',
        ],
      },
    ],
  },
  imprint: {
    title: 'Imprint',
    updated: 'Information under § 5 DDG',
    intro:
      'This website runs on Sellfront, open-source software for selling digital products. The operator of this installation is responsible for its content and publishes their details below.',
    sections: [
      {
        heading: 'Operator',
        paragraphs: [
          'The operator of this installation states here their name or company name, postal address, legal representatives, email address and phone number, and, where they exist, the commercial register and registration number and the VAT identification number.',
        ],
      },
      {
        heading: 'Content of sellers',
        paragraphs: [
          'Sellers are responsible for their own shops, product pages and products. Their details appear on their pages and on their invoices.',
        ],
      },
      {
        heading: 'Online dispute resolution',
        paragraphs: [
          'The operator is neither obliged nor willing to take part in dispute resolution proceedings before a consumer arbitration board, unless stated otherwise above.',
        ],
      },
      {
        heading: 'The software',
        paragraphs: [
          'Sellfront is free software under the GNU Affero General Public License, version 3. Users of this installation can obtain its source code from the operator.',
        ],
      },
    ],
  },
}

const de: Record<LegalName, LegalDoc> = {
  terms: {
    title: 'Nutzungsbedingungen',
    updated: 'Fassung 1.0',
    intro:
      'Diese Bedingungen gelten für alle, die diese Sellfront-Installation nutzen: Verkäufer, die darüber verkaufen, Käufer, die bei Verkäufern kaufen, Publisher, die Produkte gegen Provision bewerben, und Teammitglieder, die für einen Verkäufer arbeiten. Betrieben wird die Plattform von ihrem Betreiber, der im Impressum genannt ist.',
    sections: [
      {
        heading: '1. Die Leistung',
        paragraphs: [
          'Mit Sellfront bieten Verkäufer digitale Produkte und Veranstaltungstickets an (Kurse, Downloads, Mitgliedschaften, Dienstleistungen, Zertifikate, Lizenzschlüssel und Bundles), nehmen Zahlungen über angebundene Zahlungsanbieter an und liefern das Gekaufte aus.',
          'Der Betreiber stellt die Plattform bereit. Ein Kauf ist ein Vertrag zwischen Käufer und Verkäufer; der Betreiber ist nicht Vertragspartei, sofern im Checkout nichts anderes angegeben ist.',
        ],
      },
      {
        heading: '2. Konten',
        paragraphs: [
          'Zum Verkaufen, zum Bewerben von Produkten und zum Verwalten deiner Käufe brauchst du ein Konto. Deine Angaben müssen wahr sein und aktuell gehalten werden. Halte dein Passwort geheim; du bist für alles verantwortlich, was mit deinem Konto geschieht.',
          'Ein Konto kann mehrere Profile haben (Verkäufer, Käufer, Publisher, Teammitglied). Mit welchem Profil du arbeitest, wählst du in der Kopfzeile jedes Bereichs.',
        ],
      },
      {
        heading: '3. Pflichten der Verkäufer',
        paragraphs: [
          'Verkäufer sind verantwortlich für ihre Produkte, Produktseiten, Preise und Steuern, ihre Widerrufsbelehrung und die Lieferung des Verkauften. Sie halten das für ihr Geschäft geltende Recht ein, insbesondere Verbraucherschutz-, Urheber- und Datenschutzrecht.',
          'Verkäufer dürfen nichts Rechtswidriges, Irreführendes oder Rechte Dritter Verletzendes verkaufen. Der Betreiber darf Produkte depublizieren und Konten sperren, die gegen diese Bedingungen oder das Gesetz verstoßen.',
        ],
      },
      {
        heading: '4. Zahlungen, Gebühren und Auszahlungen',
        paragraphs: [
          'Zahlungen wickeln die Zahlungsanbieter ab, die der Verkäufer anbindet. Zusätzlich gelten deren eigene Bedingungen. Kartendaten werden beim Anbieter eingegeben und nicht auf der Plattform gespeichert.',
          'Der selbst gehostete Tarif hat keine Plattformgebühr. Gebühren von Zahlungsanbietern und Banken berechnen diese selbst. Gebühren anderer Tarife stehen auf der Tarifseite, bevor du sie wählst.',
        ],
      },
      {
        heading: '5. Publisher und Provisionen',
        paragraphs: [
          'Publisher bewerben Produkte von Verkäufern, die ein Partnerprogramm betreiben. Provisionen entstehen nur für bezahlte Bestellungen, die nicht erstattet oder zurückgebucht wurden, zu den Bedingungen, die der Verkäufer für das Programm festlegt.',
        ],
      },
      {
        heading: '6. Verfügbarkeit und Änderungen',
        paragraphs: [
          'Der Betreiber bemüht sich um eine hohe Verfügbarkeit, kann aber keinen unterbrechungsfreien Betrieb zusagen; Wartung und Updates können die Plattform kurz unterbrechen. Der Betreiber kann diese Bedingungen mit einer Frist von mindestens vier Wochen ändern; die weitere Nutzung nach der Änderung gilt als Zustimmung, soweit das Gesetz es erlaubt.',
        ],
      },
      {
        heading: '7. Haftung',
        paragraphs: [
          'Der Betreiber haftet unbeschränkt für Vorsatz und grobe Fahrlässigkeit sowie für Schäden an Leben, Körper oder Gesundheit. Bei leichter Fahrlässigkeit haftet er nur für die Verletzung wesentlicher Vertragspflichten und begrenzt auf den vorhersehbaren, vertragstypischen Schaden.',
        ],
      },
      {
        heading: '8. Ende der Nutzung',
        paragraphs: [
          'Du kannst dein Konto jederzeit in deinen Kontoeinstellungen deaktivieren oder löschen, sofern nicht offene Bestellungen, Auszahlungen oder gesetzliche Aufbewahrungspflichten einen Aufschub verlangen; die Einstellungen zeigen dir, was noch zu erledigen ist. Der Betreiber kann die Nutzung aus wichtigem Grund beenden.',
        ],
      },
      {
        heading: '9. Anwendbares Recht',
        paragraphs: [
          'Es gilt das Recht des Landes, in dem der Betreiber seinen Sitz hat, unbeschadet zwingender Verbraucherschutzvorschriften des Landes, in dem ein Verbraucher lebt.',
        ],
      },
    ],
  },
  privacy: {
    title: 'Datenschutzerklärung',
    updated: 'Fassung 1.0',
    intro:
      'Diese Erklärung beschreibt, welche personenbezogenen Daten diese Sellfront-Installation verarbeitet, wozu, und welche Rechte du hast. Verantwortlich ist der im Impressum genannte Betreiber.',
    sections: [
      {
        heading: '1. Welche Daten wir verarbeiten',
        paragraphs: [
          'Kontodaten: Name, E-Mail-Adresse, Benutzername, Sprache, ein sicherer Hash deines Passworts und die Profile deines Kontos.',
          'Geschäftsdaten von Verkäufern und Publishern: Angaben zum Unternehmen, Anschrift, Telefonnummer, Steuerangaben und für Auszahlungen Bankkonten und Ausweisdokumente.',
          'Bestelldaten: was gekauft wurde, Beträge, Rechnungen, Käuferangaben und der Stand der Zahlungen. Karten- und Wallet-Daten werden beim Zahlungsanbieter eingegeben und hier nicht gespeichert.',
          'Technische Daten: IP-Adresse und Zeitpunkt von Anfragen in Server-Logs sowie eine zufällige Gerätekennung in deinem Browser, die deine Sitzung schützt.',
          'E-Mails: Die Plattform bewahrt eine Kopie der E-Mails auf, die sie versendet (etwa Bestätigungen und Belege), damit sie über ihren Link erneut angezeigt werden können.',
        ],
      },
      {
        heading: '2. Zwecke und Rechtsgrundlagen',
        paragraphs: [
          'Wir verarbeiten Daten, um dein Konto und die auf der Plattform geschlossenen Verträge bereitzustellen (Art. 6 Abs. 1 lit. b DSGVO), um gesetzliche Pflichten wie Steuer- und Buchführungsvorschriften zu erfüllen (Art. 6 Abs. 1 lit. c DSGVO) und um die Plattform sicher zu halten und Missbrauch zu verhindern (Art. 6 Abs. 1 lit. f DSGVO). Optionale Cookies nutzen wir nur mit deiner Einwilligung (Art. 6 Abs. 1 lit. a DSGVO), die du jederzeit unter „Cookie-Einstellungen" widerrufen kannst.',
        ],
      },
      {
        heading: '3. Cookies und Speicher im Browser',
        paragraphs: [
          'Notwendig: Deine Sitzungs-Tokens und die gewählte Sprache liegen im lokalen Speicher deines Browsers; deine Cookie-Auswahl liegt im Cookie „sf_cookie_consent". Weitere Kategorien werden nur genutzt, wenn du sie im Cookie-Banner annimmst.',
          'Schriften werden von dieser Installation ausgeliefert. Keine Seite lädt Schriften, Skripte oder Tracker von anderen Servern, es sei denn, ein Verkäufer bindet Tracking auf seinen eigenen Seiten ein und du hast eingewilligt.',
        ],
      },
      {
        heading: '4. Empfänger',
        paragraphs: [
          'Verkäufer erhalten die Daten ihrer Käufer, die sie zur Erfüllung einer Bestellung brauchen. Zahlungsanbieter erhalten die für eine Zahlung nötigen Daten. E-Mail-Versanddienste erhalten Adresse und Inhalt der versendeten E-Mails. An Behörden geben wir Daten nur weiter, wenn das Gesetz es verlangt.',
        ],
      },
      {
        heading: '5. Speicherdauer',
        paragraphs: [
          'Kontodaten speichern wir, solange dein Konto besteht. Löschst du dein Konto, werden deine Daten gelöscht oder anonymisiert, außer dem, was Steuer- und Handelsrecht uns aufzubewahren verpflichten (Rechnungen und Buchungsbelege bis zu zehn Jahre). Server-Logs werden nach kurzer Zeit gelöscht.',
        ],
      },
      {
        heading: '6. Deine Rechte',
        paragraphs: [
          'Du hast das Recht auf Auskunft, Berichtigung, Löschung, Einschränkung der Verarbeitung, Datenübertragbarkeit und Widerspruch sowie das Recht, eine Einwilligung zu widerrufen. Außerdem kannst du dich bei einer Datenschutz-Aufsichtsbehörde beschweren. Um deine Rechte auszuüben, wende dich an den Betreiber unter der Anschrift im Impressum.',
        ],
      },
    ],
  },
  imprint: {
    title: 'Impressum',
    updated: 'Angaben gemäß § 5 DDG',
    intro:
      'Diese Website läuft mit Sellfront, quelloffener Software für den Verkauf digitaler Produkte. Für die Inhalte dieser Installation ist ihr Betreiber verantwortlich, der seine Angaben unten veröffentlicht.',
    sections: [
      {
        heading: 'Betreiber',
        paragraphs: [
          'Der Betreiber dieser Installation nennt hier seinen Namen oder seine Firma, die Postanschrift, die Vertretungsberechtigten, E-Mail-Adresse und Telefonnummer sowie, soweit vorhanden, Handelsregister und Registernummer und die Umsatzsteuer-Identifikationsnummer.',
        ],
      },
      {
        heading: 'Inhalte der Verkäufer',
        paragraphs: [
          'Verkäufer sind für ihre eigenen Shops, Produktseiten und Produkte verantwortlich. Ihre Angaben stehen auf ihren Seiten und auf ihren Rechnungen.',
        ],
      },
      {
        heading: 'Streitbeilegung',
        paragraphs: [
          'Der Betreiber ist nicht verpflichtet und nicht bereit, an Streitbeilegungsverfahren vor einer Verbraucherschlichtungsstelle teilzunehmen, sofern oben nichts anderes angegeben ist.',
        ],
      },
      {
        heading: 'Die Software',
        paragraphs: [
          'Sellfront ist freie Software unter der GNU Affero General Public License, Version 3. Nutzer dieser Installation können ihren Quellcode beim Betreiber erhalten.',
        ],
      },
    ],
  },
}

export const legalDocuments = { en, de }
