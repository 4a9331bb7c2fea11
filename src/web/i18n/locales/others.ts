import type { Locale } from '../../lib/locale'
import type { Translations } from './en'

// The other spec locales (docs/reference/catalogue-and-selling.md §9). Each carries the words of its language switcher and the
// most visible buttons; everything else falls back to English until a translation is contributed.

type DeepPartial<T> = { [K in keyof T]?: T[K] extends string ? string : DeepPartial<T[K]> }
export type PartialTranslations = DeepPartial<Translations>

function basics(words: [language: string, signIn: string, signUp: string, signOut: string, cancel: string, save: string, close: string, back: string, next: string]): PartialTranslations {
  const [language, signIn, signUp, signOut, cancel, save, close, back, next] = words
  return {
    locale: { label: language, choose: language },
    auth: { signIn, signUp, signOut },
    common: { cancel, save, close, back, next },
  }
}

export const otherLocales: Record<Exclude<Locale, 'en' | 'de'>, PartialTranslations> = {
  es: basics(['Idioma', 'Iniciar sesión', 'Registrarse', 'Cerrar sesión', 'Cancelar', 'Guardar', 'Cerrar', 'Atrás', 'Siguiente']),
  ar: basics(['اللغة', 'تسجيل الدخول', 'إنشاء حساب', 'تسجيل الخروج', 'إلغاء', 'حفظ', 'إغلاق', 'رجوع', 'التالي']),
  cs: basics(['Jazyk', 'Přihlásit se', 'Registrovat se', 'Odhlásit se', 'Zrušit', 'Uložit', 'Zavřít', 'Zpět', 'Další']),
  da: basics(['Sprog', 'Log ind', 'Opret konto', 'Log ud', 'Annuller', 'Gem', 'Luk', 'Tilbage', 'Næste']),
  el: basics(['Γλώσσα', 'Σύνδεση', 'Εγγραφή', 'Αποσύνδεση', 'Ακύρωση', 'Αποθήκευση', 'Κλείσιμο', 'Πίσω', 'Επόμενο']),
  fr: basics(['Langue', 'Se connecter', "S'inscrire", 'Se déconnecter', 'Annuler', 'Enregistrer', 'Fermer', 'Retour', 'Suivant']),
  hu: basics(['Nyelv', 'Bejelentkezés', 'Regisztráció', 'Kijelentkezés', 'Mégse', 'Mentés', 'Bezárás', 'Vissza', 'Tovább']),
  it: basics(['Lingua', 'Accedi', 'Registrati', 'Esci', 'Annulla', 'Salva', 'Chiudi', 'Indietro', 'Avanti']),
  pl: basics(['Język', 'Zaloguj się', 'Zarejestruj się', 'Wyloguj się', 'Anuluj', 'Zapisz', 'Zamknij', 'Wstecz', 'Dalej']),
  pt_br: basics(['Idioma', 'Entrar', 'Cadastrar-se', 'Sair', 'Cancelar', 'Salvar', 'Fechar', 'Voltar', 'Próximo']),
  pt_pt: basics(['Idioma', 'Iniciar sessão', 'Registar-se', 'Terminar sessão', 'Cancelar', 'Guardar', 'Fechar', 'Voltar', 'Seguinte']),
  sv: basics(['Språk', 'Logga in', 'Registrera dig', 'Logga ut', 'Avbryt', 'Spara', 'Stäng', 'Tillbaka', 'Nästa']),
  tr: basics(['Dil', 'Giriş yap', 'Kaydol', 'Çıkış yap', 'İptal', 'Kaydet', 'Kapat', 'Geri', 'İleri']),
  ko: basics(['언어', '로그인', '회원가입', '로그아웃', '취소', '저장', '닫기', '뒤로', '다음']),
  no: basics(['Språk', 'Logg inn', 'Registrer deg', 'Logg ut', 'Avbryt', 'Lagre', 'Lukk', 'Tilbake', 'Neste']),
  hr: basics(['Jezik', 'Prijava', 'Registracija', 'Odjava', 'Odustani', 'Spremi', 'Zatvori', 'Natrag', 'Dalje']),
  ro: basics(['Limbă', 'Autentificare', 'Înregistrare', 'Deconectare', 'Anulează', 'Salvează', 'Închide', 'Înapoi', 'Înainte']),
  nl: basics(['Taal', 'Inloggen', 'Registreren', 'Uitloggen', 'Annuleren', 'Opslaan', 'Sluiten', 'Terug', 'Volgende']),
}
