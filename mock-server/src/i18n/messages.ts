import type { Language } from '@bourse/protocol';

/**
 * The mock server's reply messages (the envelope's `msg`) and e-mail texts, in every app
 * language: PROTOCOL.md §2 has `msg` written in the language of `Accept-Language`.
 * `{name}` marks a placeholder that `message()` fills in.
 */
export const MESSAGE_KEYS = [
  'bad_request',
  'field_invalid',
  'body_too_large',
  'request_expired',
  'bad_signature',
  'unauthorized',
  'not_found',
  'too_many_requests',
  'internal_error',
  'login_failed',
  'login_failed_tries_left',
  'login_failed_try_left',
  'login_locked',
  'login_locked_minute',
  'email_taken',
  'code_invalid',
  'code_too_soon',
  'passwords_mismatch',
  'password_wrong',
  'password_same',
  'invite_invalid',
  'account_deleted',
  'notice_not_found',
  'config_not_found',
  'symbol_not_found',
  'identity_pending',
  'identity_verified',
  'bank_virtual',
  'email_code_subject',
  'email_code_body',
  // reasons the engine and the wire give for one field (shown as "{field}: {reason}")
  'time_invalid',
  'wallet_network_mismatch',
] as const;
export type MessageKey = (typeof MESSAGE_KEYS)[number];

export const MESSAGES: Readonly<Record<MessageKey, Readonly<Record<Language, string>>>> = {
  bad_request: {
    en: 'Invalid request',
    zh: '請求無效',
    es: 'Solicitud no válida',
    pt: 'Solicitação inválida',
    de: 'Ungültige Anfrage',
    fr: 'Requête invalide',
    jp: '無効なリクエストです',
    it: 'Richiesta non valida',
  },
  // The field's name and the schema's reason are passed through as they are: the client maps
  // the field to its form input.
  field_invalid: {
    en: '{field}: {reason}',
    zh: '{field}：{reason}',
    es: '{field}: {reason}',
    pt: '{field}: {reason}',
    de: '{field}: {reason}',
    fr: '{field} : {reason}',
    jp: '{field}：{reason}',
    it: '{field}: {reason}',
  },
  body_too_large: {
    en: 'The request is too large',
    zh: '請求內容過大',
    es: 'La solicitud es demasiado grande',
    pt: 'A solicitação é grande demais',
    de: 'Die Anfrage ist zu groß',
    fr: 'La requête est trop volumineuse',
    jp: 'リクエストのサイズが大きすぎます',
    it: 'La richiesta è troppo grande',
  },
  request_expired: {
    en: 'Request expired, check your device clock',
    zh: '請求已過期，請檢查裝置時間',
    es: 'La solicitud ha caducado; compruebe la hora de su dispositivo',
    pt: 'A solicitação expirou; verifique o relógio do seu dispositivo',
    de: 'Anfrage abgelaufen, bitte prüfen Sie die Uhrzeit Ihres Geräts',
    fr: "Requête expirée, vérifiez l'heure de votre appareil",
    jp: 'リクエストの有効期限が切れました。端末の時刻をご確認ください',
    it: "Richiesta scaduta, controlla l'orologio del dispositivo",
  },
  bad_signature: {
    en: 'Invalid request signature',
    zh: '請求簽章無效',
    es: 'Firma de la solicitud no válida',
    pt: 'Assinatura da solicitação inválida',
    de: 'Ungültige Anfragesignatur',
    fr: 'Signature de la requête invalide',
    jp: 'リクエストの署名が無効です',
    it: 'Firma della richiesta non valida',
  },
  unauthorized: {
    en: 'Please log in again',
    zh: '請重新登入',
    es: 'Vuelva a iniciar sesión',
    pt: 'Faça login novamente',
    de: 'Bitte melden Sie sich erneut an',
    fr: 'Veuillez vous reconnecter',
    jp: '再度ログインしてください',
    it: "Effettua di nuovo l'accesso",
  },
  not_found: {
    en: 'Not found',
    zh: '找不到內容',
    es: 'No encontrado',
    pt: 'Não encontrado',
    de: 'Nicht gefunden',
    fr: 'Introuvable',
    jp: '見つかりません',
    it: 'Non trovato',
  },
  too_many_requests: {
    en: 'Too many requests, please try again later',
    zh: '請求過於頻繁，請稍後再試',
    es: 'Demasiadas solicitudes; inténtelo de nuevo más tarde',
    pt: 'Muitas solicitações; tente novamente mais tarde',
    de: 'Zu viele Anfragen, bitte versuchen Sie es später erneut',
    fr: 'Trop de requêtes, veuillez réessayer plus tard',
    jp: 'リクエストが多すぎます。しばらくしてから再度お試しください',
    it: 'Troppe richieste, riprova più tardi',
  },
  internal_error: {
    en: 'Server error, please try again later',
    zh: '伺服器錯誤，請稍後再試',
    es: 'Error del servidor; inténtelo de nuevo más tarde',
    pt: 'Erro no servidor; tente novamente mais tarde',
    de: 'Serverfehler, bitte versuchen Sie es später erneut',
    fr: 'Erreur du serveur, veuillez réessayer plus tard',
    jp: 'サーバーエラーが発生しました。しばらくしてから再度お試しください',
    it: 'Errore del server, riprova più tardi',
  },
  // Deliberately the same for an unknown account and a wrong password.
  login_failed: {
    en: 'Incorrect account or password',
    zh: '帳號或密碼錯誤',
    es: 'Cuenta o contraseña incorrecta',
    pt: 'Conta ou senha incorreta',
    de: 'Konto oder Passwort falsch',
    fr: 'Compte ou mot de passe incorrect',
    jp: 'アカウントまたはパスワードが正しくありません',
    it: 'Account o password errati',
  },
  // A refusal with few tries left before the lock warns how many (as many for an unknown account).
  login_failed_tries_left: {
    en: 'Incorrect account or password: {tries} tries left',
    zh: '帳號或密碼錯誤：還剩 {tries} 次機會',
    es: 'Cuenta o contraseña incorrecta: quedan {tries} intentos',
    pt: 'Conta ou senha incorreta: restam {tries} tentativas',
    de: 'Konto oder Passwort falsch: noch {tries} Versuche',
    fr: 'Compte ou mot de passe incorrect : encore {tries} essais',
    jp: 'アカウントまたはパスワードが正しくありません：残り {tries} 回',
    it: 'Account o password errati: restano {tries} tentativi',
  },
  login_failed_try_left: {
    en: 'Incorrect account or password: {tries} try left',
    zh: '帳號或密碼錯誤：僅剩 {tries} 次機會',
    es: 'Cuenta o contraseña incorrecta: queda {tries} intento',
    pt: 'Conta ou senha incorreta: resta {tries} tentativa',
    de: 'Konto oder Passwort falsch: noch {tries} Versuch',
    fr: 'Compte ou mot de passe incorrect : encore {tries} essai',
    jp: 'アカウントまたはパスワードが正しくありません：残り {tries} 回のみ',
    it: 'Account o password errati: resta {tries} tentativo',
  },
  // Sign-in is locked for a while: how long is left, in whole minutes rounded up.
  login_locked: {
    en: 'Too many failed sign-ins. Try again in {minutes} minutes',
    zh: '登入失敗次數過多，請於 {minutes} 分鐘後再試',
    es: 'Demasiados inicios de sesión fallidos. Inténtelo de nuevo en {minutes} minutos',
    pt: 'Muitas tentativas de login sem sucesso. Tente novamente em {minutes} minutos',
    de: 'Zu viele fehlgeschlagene Anmeldungen. Versuchen Sie es in {minutes} Minuten erneut',
    fr: 'Trop de connexions échouées. Réessayez dans {minutes} minutes',
    jp: 'ログインの失敗が多すぎます。{minutes} 分後に再度お試しください',
    it: 'Troppi accessi non riusciti. Riprova tra {minutes} minuti',
  },
  login_locked_minute: {
    en: 'Too many failed sign-ins. Try again in {minutes} minute',
    zh: '登入失敗次數過多，請於 {minutes} 分鐘後再試',
    es: 'Demasiados inicios de sesión fallidos. Inténtelo de nuevo en {minutes} minuto',
    pt: 'Muitas tentativas de login sem sucesso. Tente novamente em {minutes} minuto',
    de: 'Zu viele fehlgeschlagene Anmeldungen. Versuchen Sie es in {minutes} Minute erneut',
    fr: 'Trop de connexions échouées. Réessayez dans {minutes} minute',
    jp: 'ログインの失敗が多すぎます。{minutes} 分後に再度お試しください',
    it: 'Troppi accessi non riusciti. Riprova tra {minutes} minuto',
  },
  email_taken: {
    en: 'This e-mail is already registered',
    zh: '此電子郵件已被註冊',
    es: 'Este correo electrónico ya está registrado',
    pt: 'Este e-mail já está cadastrado',
    de: 'Diese E-Mail-Adresse ist bereits registriert',
    fr: 'Cette adresse e-mail est déjà enregistrée',
    jp: 'このメールアドレスは既に登録されています',
    it: 'Questo indirizzo e-mail è già registrato',
  },
  code_invalid: {
    en: 'The verification code is incorrect or has expired',
    zh: '驗證碼錯誤或已過期',
    es: 'El código de verificación es incorrecto o ha caducado',
    pt: 'O código de verificação está incorreto ou expirou',
    de: 'Der Bestätigungscode ist falsch oder abgelaufen',
    fr: 'Le code de vérification est incorrect ou a expiré',
    jp: '認証コードが正しくないか、有効期限が切れています',
    it: 'Il codice di verifica è errato o scaduto',
  },
  code_too_soon: {
    en: 'Please wait {seconds} s before requesting another code',
    zh: '請等待 {seconds} 秒後再重新取得驗證碼',
    es: 'Espere {seconds} s antes de solicitar otro código',
    pt: 'Aguarde {seconds} s antes de solicitar outro código',
    de: 'Bitte warten Sie {seconds} s, bevor Sie einen neuen Code anfordern',
    fr: 'Veuillez patienter {seconds} s avant de demander un nouveau code',
    jp: '{seconds} 秒後に再度コードをリクエストしてください',
    it: 'Attendi {seconds} s prima di richiedere un altro codice',
  },
  passwords_mismatch: {
    en: 'The passwords do not match',
    zh: '兩次輸入的密碼不一致',
    es: 'Las contraseñas no coinciden',
    pt: 'As senhas não coincidem',
    de: 'Die Passwörter stimmen nicht überein',
    fr: 'Les mots de passe ne correspondent pas',
    jp: 'パスワードが一致しません',
    it: 'Le password non corrispondono',
  },
  password_wrong: {
    en: 'The current password is incorrect',
    zh: '目前的密碼不正確',
    es: 'La contraseña actual es incorrecta',
    pt: 'A senha atual está incorreta',
    de: 'Das aktuelle Passwort ist falsch',
    fr: 'Le mot de passe actuel est incorrect',
    jp: '現在のパスワードが正しくありません',
    it: 'La password attuale non è corretta',
  },
  password_same: {
    en: 'The new password must differ from the current one',
    zh: '新密碼不得與目前的密碼相同',
    es: 'La nueva contraseña debe ser distinta de la actual',
    pt: 'A nova senha deve ser diferente da atual',
    de: 'Das neue Passwort muss sich vom aktuellen unterscheiden',
    fr: "Le nouveau mot de passe doit être différent de l'actuel",
    jp: '新しいパスワードは現在のパスワードと異なるものにしてください',
    it: 'La nuova password deve essere diversa da quella attuale',
  },
  invite_invalid: {
    en: 'This invitation code does not exist',
    zh: '此邀請碼不存在',
    es: 'Este código de invitación no existe',
    pt: 'Este código de convite não existe',
    de: 'Dieser Einladungscode existiert nicht',
    fr: "Ce code d'invitation n'existe pas",
    jp: 'この招待コードは存在しません',
    it: 'Questo codice di invito non esiste',
  },
  account_deleted: {
    en: 'This account has been deleted',
    zh: '此帳戶已被刪除',
    es: 'Esta cuenta ha sido eliminada',
    pt: 'Esta conta foi excluída',
    de: 'Dieses Konto wurde gelöscht',
    fr: 'Ce compte a été supprimé',
    jp: 'このアカウントは削除されています',
    it: 'Questo account è stato eliminato',
  },
  notice_not_found: {
    en: 'This announcement does not exist or has been removed',
    zh: '此公告不存在或已被移除',
    es: 'Este anuncio no existe o ha sido retirado',
    pt: 'Este aviso não existe ou foi removido',
    de: 'Diese Mitteilung existiert nicht oder wurde entfernt',
    fr: "Cette annonce n'existe pas ou a été retirée",
    jp: 'このお知らせは存在しないか、削除されました',
    it: 'Questo annuncio non esiste o è stato rimosso',
  },
  config_not_found: {
    en: 'This page does not exist',
    zh: '此頁面不存在',
    es: 'Esta página no existe',
    pt: 'Esta página não existe',
    de: 'Diese Seite existiert nicht',
    fr: "Cette page n'existe pas",
    jp: 'このページは存在しません',
    it: 'Questa pagina non esiste',
  },
  symbol_not_found: {
    en: 'This symbol does not exist',
    zh: '此交易品種不存在',
    es: 'Este símbolo no existe',
    pt: 'Este ativo não existe',
    de: 'Dieses Symbol existiert nicht',
    fr: "Ce symbole n'existe pas",
    jp: 'この銘柄は存在しません',
    it: 'Questo simbolo non esiste',
  },
  identity_pending: {
    en: 'Your identity is already under review',
    zh: '您的身分驗證正在審核中',
    es: 'Su identidad ya está en revisión',
    pt: 'Sua identidade já está em análise',
    de: 'Ihre Identität wird bereits geprüft',
    fr: 'Votre identité est déjà en cours de vérification',
    jp: '本人確認は既に審査中です',
    it: 'La tua identità è già in fase di verifica',
  },
  identity_verified: {
    en: 'Your identity is already verified',
    zh: '您的身分已完成驗證',
    es: 'Su identidad ya está verificada',
    pt: 'Sua identidade já foi verificada',
    de: 'Ihre Identität ist bereits verifiziert',
    fr: 'Votre identité est déjà vérifiée',
    jp: '本人確認は既に完了しています',
    it: 'La tua identità è già verificata',
  },
  bank_virtual: {
    en: 'Virtual bank accounts cannot receive withdrawals',
    zh: '虛擬銀行帳戶無法接收提現',
    es: 'Las cuentas bancarias virtuales no pueden recibir retiros',
    pt: 'Contas bancárias virtuais não podem receber saques',
    de: 'Virtuelle Bankkonten können keine Auszahlungen empfangen',
    fr: 'Les comptes bancaires virtuels ne peuvent pas recevoir de retraits',
    jp: 'バーチャル銀行口座では出金を受け取れません',
    it: 'I conti bancari virtuali non possono ricevere prelievi',
  },
  email_code_subject: {
    en: 'Your Bourse verification code',
    zh: '您的 Bourse 驗證碼',
    es: 'Su código de verificación de Bourse',
    pt: 'Seu código de verificação da Bourse',
    de: 'Ihr Bourse-Bestätigungscode',
    fr: 'Votre code de vérification Bourse',
    jp: 'Bourse の認証コード',
    it: 'Il tuo codice di verifica Bourse',
  },
  email_code_body: {
    en: 'Your code is {code}. It expires in 10 minutes.',
    zh: '您的驗證碼為 {code}，10 分鐘內有效。',
    es: 'Su código es {code}. Caduca en 10 minutos.',
    pt: 'Seu código é {code}. Ele expira em 10 minutos.',
    de: 'Ihr Code lautet {code}. Er läuft in 10 Minuten ab.',
    fr: 'Votre code est {code}. Il expire dans 10 minutes.',
    jp: '認証コードは {code} です。有効期限は10分です。',
    it: 'Il tuo codice è {code}. Scade tra 10 minuti.',
  },
  // A field reason, written like the schemas' own ("must be …") to follow "{field}: ".
  time_invalid: {
    en: 'must be an integer number of milliseconds',
    zh: '必須為以毫秒表示的整數',
    es: 'debe ser un número entero de milisegundos',
    pt: 'deve ser um número inteiro de milissegundos',
    de: 'muss eine ganze Zahl von Millisekunden sein',
    fr: 'doit être un nombre entier de millisecondes',
    jp: 'ミリ秒単位の整数である必要があります',
    it: 'deve essere un numero intero di millisecondi',
  },
  wallet_network_mismatch: {
    en: 'This address does not belong to the selected network',
    zh: '此地址不屬於所選網路',
    es: 'Esta dirección no pertenece a la red seleccionada',
    pt: 'Este endereço não pertence à rede selecionada',
    de: 'Diese Adresse gehört nicht zum gewählten Netzwerk',
    fr: "Cette adresse n'appartient pas au réseau sélectionné",
    jp: 'このアドレスは選択したネットワークのものではありません',
    it: 'Questo indirizzo non appartiene alla rete selezionata',
  },
};

/** The placeholders each message with placeholders needs. */
export interface MessageParams {
  field_invalid: { field: string; reason: string };
  code_too_soon: { seconds: number };
  login_failed_tries_left: { tries: number };
  login_failed_try_left: { tries: number };
  login_locked: { minutes: number };
  login_locked_minute: { minutes: number };
  email_code_body: { code: string };
}

type ParamsOf<Key extends MessageKey> = Key extends keyof MessageParams
  ? [params: MessageParams[Key]]
  : [params?: Readonly<Record<string, string | number>>];

/**
 * The message `key` in `lang`, with each `{name}` replaced by `params[name]`. A placeholder
 * without a value stays as written, so a missing parameter shows rather than vanishes.
 */
export function message<Key extends MessageKey>(
  key: Key,
  lang: Language,
  ...[params]: ParamsOf<Key>
): string {
  const template = MESSAGES[key][lang];
  if (params === undefined) return template;
  const values: Readonly<Record<string, string | number>> = params;
  return template.replace(/\{(\w+)\}/g, (placeholder, name: string) => {
    const value = values[name];
    return value === undefined ? placeholder : String(value);
  });
}
