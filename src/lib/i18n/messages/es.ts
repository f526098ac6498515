import { channelDataEs } from './channel-data/es'
import { connectEs } from './connect/es'
import type { Messages } from './en'
import { feedEs } from './feed/es'
import { groupsEs } from './groups/es'
import { growthEs } from './growth/es'
import { libraryEs } from './library/es'
import { organiserEs } from './organiser/es'
import { overviewEs } from './overview/es'
import { shareMailEs } from './share-mail/es'
import { sharedEs } from './shared/es'
import { sharingEs } from './sharing/es'
import { transferEs } from './transfer/es'

export const messages: Messages = {
  // Meta
  'meta.title.home': 'Tubefold — Group youtube subscriptions',
  'meta.title.suffix': '{title} · Tubefold — Group youtube subscriptions',
  'meta.description.home':
    'Organiza tus canales de YouTube y animes de Crunchyroll en grupos anidados con iconos, obtén un feed y gráficos de crecimiento por grupo, y comparte grupos con tu equipo.',
  'meta.title.terms': 'Términos del servicio',
  'meta.description.terms': 'Los términos bajo los que se ofrece Tubefold.',
  'meta.title.privacy': 'Política de privacidad',
  'meta.description.privacy':
    'Qué guarda Tubefold sobre ti, por qué, y cómo exportarlo o eliminarlo.',
  'meta.title.support': 'Soporte',
  'meta.description.support':
    'Respuestas a preguntas frecuentes y un formulario para contactar al equipo de Tubefold.',

  // Shared chrome
  'common.skipToContent': 'Saltar al contenido',
  'common.appName': 'Tubefold',
  'common.home': 'Inicio de Tubefold',
  'common.signIn': 'Iniciar sesión',
  'common.getStarted': 'Empieza gratis',
  'nav.primary': 'Navegación principal',
  'nav.features': 'Funciones',
  'nav.integrations': 'Integraciones',
  'nav.pricing': 'Precios',
  'nav.support': 'Soporte',
  'nav.openMenu': 'Abrir menú',
  'nav.closeMenu': 'Cerrar menú',

  // Language and appearance controls
  'language.label': 'Idioma',
  'appearance.open': 'Ajustes de visualización',
  'appearance.title': 'Visualización',
  'appearance.theme': 'Tema',
  'appearance.theme.light': 'Claro',
  'appearance.theme.dark': 'Oscuro',
  'appearance.theme.system': 'Sistema',
  'appearance.accentColor': 'Color de acento',
  'appearance.accent.blue': 'Azul',
  'appearance.accent.green': 'Verde',
  'appearance.accent.purple': 'Morado',
  'appearance.accent.red': 'Rojo',
  'appearance.accent.orange': 'Naranja',
  'appearance.fontSize': 'Tamaño de letra',
  'appearance.fontSize.small': 'Pequeño',
  'appearance.fontSize.medium': 'Mediano',
  'appearance.fontSize.large': 'Grande',
  'appearance.compactMode': 'Modo compacto',
  'appearance.compactMode.hint': 'Espaciado más ajustado para que quepa más en pantalla.',
  'appearance.animations': 'Animaciones',
  'appearance.animations.hint':
    'También se desactivan cuando tu sistema pide reducir el movimiento.',

  // Landing: hero
  'hero.badge': 'Grupos anidados · feeds · crecimiento · compartir',
  'hero.title': 'Organiza cientos de canales en grupos con sentido',
  'hero.subtitle':
    'Tubefold convierte una lista interminable de suscripciones en grupos anidados con iconos — cada uno con su propio feed y gráficos de crecimiento — y permite que tu equipo trabaje en ellos contigo.',
  'hero.primary': 'Crea tu cuenta gratis',
  'hero.secondary': 'Mira cómo funciona',
  'hero.trial': 'Prueba gratis de Pro durante {days} días, sin tarjeta de crédito',
  'hero.preview.label': 'Ejemplo de árbol de grupos',
  'hero.preview.tech': 'Tecnología',
  'hero.preview.reviews': 'Reseñas',
  'hero.preview.phones': 'Teléfonos',
  'hero.preview.cooking': 'Cocina',
  'hero.preview.baking': 'Repostería',
  'hero.preview.anime': 'Anime de esta temporada',
  'hero.preview.channels': '{count} canales',
  'hero.preview.newVideos': '{count} nuevos',

  // Landing: stats
  'stats.title': 'Tubefold en cifras',
  'stats.depth': 'niveles de anidamiento',
  'stats.formats': 'formatos de importación',
  'stats.languages': 'idiomas',
  'stats.quota': 'unidades de cuota de la API gastadas en tus feeds',

  // Landing: features
  'features.title': 'Todo lo que necesita una gran lista de suscripciones',
  'features.subtitle': 'Pensado para quienes siguen de cientos a miles de canales.',
  'features.nesting.title': 'Grupos anidados',
  'features.nesting.body':
    'Tecnología › Reseñas › Teléfonos: hasta {depth} niveles, un canal en tantos grupos como quieras, reordenados arrastrando y soltando o con el teclado.',
  'features.icons.title': 'Iconos y colores',
  'features.icons.body':
    'Dale a cada grupo un icono o emoji y un color, todo incluido en la app — no se descarga nada de terceros.',
  'features.feeds.title': 'Un feed por grupo',
  'features.feeds.body':
    'Las últimas subidas de un grupo y sus subgrupos, de la más reciente a la más antigua, con los Shorts y los videos vistos ocultos si lo prefieres.',
  'features.growth.title': 'Gráficos de crecimiento',
  'features.growth.body':
    'Suscriptores, visualizaciones y videos a lo largo del tiempo para cada canal y grupo, con variaciones a 7, 30 y 90 días.',
  'features.sharing.title': 'Compartir para ver o editar',
  'features.sharing.body':
    'Comparte un grupo y sus subgrupos con un enlace o una invitación; tus compañeros pueden ver o editar, y puedes retirar el acceso en cualquier momento.',
  'features.importExport.title': 'Importación y exportación sin pérdidas',
  'features.importExport.body':
    'Trae tus suscripciones de YouTube, NewPipe, FreeTube, Piped y más; exporta tu árbol completo cuando quieras.',

  // Landing: integrations
  'integrations.title': 'Funciona con lo que ya usas',
  'integrations.subtitle': 'Tus canales vienen de las plataformas; tus grupos viajan entre apps.',
  'integrations.youtube.title': 'YouTube',
  'integrations.youtube.body':
    'Datos y estadísticas de canales desde la YouTube Data API, y feeds desde el RSS de YouTube sin gastar cuota.',
  'integrations.crunchyroll.title': 'Crunchyroll',
  'integrations.crunchyroll.body':
    'Añade una serie con su enlace; los pósteres, episodios y puntuaciones vienen de AniList.',
  'integrations.apps.title': 'Tus otras apps',
  'integrations.apps.body': 'Lee y escribe los archivos de {formats}.',
  'integrations.browser.title': 'Extensión para el navegador',
  'integrations.browser.body': 'Ve tus grupos directamente dentro de YouTube.',
  'integrations.planned': 'Próximamente',

  // Landing: use-case stories
  'stories.title': 'Hecho para la forma en que la gente realmente ve videos',
  'stories.subtitle': 'Tres formas de usar Tubefold.',
  'stories.creator.role': 'Un creador',
  'stories.creator.body':
    'Tiene un grupo “Competencia” y otro “Ideas de colaboración”, revisa sus gráficos de crecimiento cada lunes y ve el feed del grupo en lugar de la página de inicio.',
  'stories.agency.role': 'Una agencia',
  'stories.agency.body':
    'Tiene un grupo por cliente, comparte “Cliente A” con el gestor de cuenta para editar y con el cliente solo para ver — y nadie ve “Cliente B”.',
  'stories.fan.role': 'Un fan',
  'stories.fan.body':
    'Sigue 2000 canales y una docena de series de anime, organizados en “Cocina › Repostería” o “Anime de esta temporada”, cada uno con su propio feed.',

  // Landing: pricing
  'pricing.title': 'Precios sencillos',
  'pricing.subtitle':
    'Empieza gratis. Prueba Pro o Business durante {days} días — sin tarjeta de crédito.',
  'pricing.plan.free': 'Gratis',
  'pricing.plan.pro': 'Pro',
  'pricing.plan.business': 'Business',
  'pricing.plan.free.tagline': 'Para poner orden en tus suscripciones.',
  'pricing.plan.pro.tagline': 'Para quienes ven mucho contenido y para creadores.',
  'pricing.plan.business.tagline': 'Para agencias y equipos.',
  'pricing.perMonth': '/mes',
  'pricing.perMemberMonth': 'por miembro / mes',
  'pricing.yearly': 'o {price} al año',
  'pricing.popular': 'Más popular',
  'pricing.trial': 'Prueba gratis de {days} días, sin tarjeta de crédito',
  'pricing.choose.free': 'Empieza gratis',
  'pricing.choose.trial': 'Empieza la prueba gratis',
  'pricing.limit.groups': '{count} grupos',
  'pricing.limit.groupsUnlimited': 'Grupos ilimitados',
  'pricing.limit.depth': 'Anidamiento de hasta {count} niveles',
  'pricing.limit.channels': '{count} canales',
  'pricing.limit.channelsUnlimited': 'Canales ilimitados',
  'pricing.limit.share': 'Comparte con hasta {count} personas',
  'pricing.limit.shareUnlimited': 'Compartir sin límites',
  'pricing.feature.importExport': 'Importación y exportación',
  'pricing.feature.feeds': 'Un feed por grupo',
  'pricing.feature.growthAnalytics': 'Análisis de crecimiento',
  'pricing.feature.teams': 'Equipos',
  'pricing.feature.activityLog': 'Registro de actividad',
  'pricing.feature.prioritySupport': 'Soporte prioritario',
  'pricing.selfHosted':
    '¿Usas tu propia instancia? Todas las funciones están desbloqueadas cuando no hay ningún proveedor de pagos configurado.',

  // Landing: call to action
  'cta.title': 'Tus suscripciones, por fin en orden',
  'cta.body':
    'Crea una cuenta, importa tus suscripciones y crea tus primeros grupos en pocos minutos.',
  'cta.button': 'Crea tu cuenta gratis',

  // Footer
  'footer.tagline': 'Grupos anidados para canales de YouTube y animes de Crunchyroll.',
  'footer.product': 'Producto',
  'footer.legal': 'Legal',
  'footer.help': 'Ayuda',
  'footer.terms': 'Términos del servicio',
  'footer.privacy': 'Política de privacidad',
  'footer.support': 'Soporte',
  'footer.rights': '© {year} Tubefold.',
  'footer.notAffiliated':
    'Sin afiliación con YouTube, Google ni Crunchyroll. YouTube es una marca comercial de Google LLC.',

  // Not found and errors (seed §2, §8)
  'notFound.title': 'No encontrado',
  'notFound.message': 'La página que buscas no existe.',
  'notFound.goBack': 'Volver',
  'notFound.startOver': 'Empezar de nuevo',
  'error.title': '¡Algo salió mal!',
  'error.show': 'Mostrar error',
  'error.hide': 'Ocultar error',
  'error.retry': 'Intentar de nuevo',

  // Terms
  'terms.title': 'Términos del servicio',
  'terms.updated': 'Última actualización: {date}',
  'terms.intro':
    'Estos términos regulan tu uso de Tubefold, un servicio para organizar canales de video y animes en grupos. Al crear una cuenta, los aceptas.',
  'terms.account.title': 'Tu cuenta',
  'terms.account.body':
    'Eres responsable de tu cuenta y de mantener segura tu contraseña. Proporciona información veraz y avísanos si sospechas que otra persona está usando tu cuenta.',
  'terms.content.title': 'Tu contenido',
  'terms.content.body':
    'Tus grupos, notas y etiquetas te pertenecen. Nos permites almacenarlos y procesarlos solo para prestarte el servicio a ti y a las personas con quienes los compartes. Puedes exportarlos o eliminarlos en cualquier momento.',
  'terms.use.title': 'Uso aceptable',
  'terms.use.body':
    'No abuses del servicio: nada de intentar acceder sin permiso, sobrecargarlo, extraer datos de otros usuarios ni usarlo en contra de los términos de YouTube o Crunchyroll.',
  'terms.plans.title': 'Planes y pruebas',
  'terms.plans.body':
    'El plan Gratis no cuesta nada. Los planes de pago empiezan con una prueba de {days} días que no requiere tarjeta de crédito; si termina sin una suscripción, tu cuenta vuelve al plan Gratis y no se elimina nada.',
  'terms.thirdParty.title': 'Plataformas de terceros',
  'terms.thirdParty.body':
    'Los datos de canales y animes vienen de YouTube y AniList. Tubefold no está afiliado a ellos, y su disponibilidad está fuera de nuestro control.',
  'terms.liability.title': 'Disponibilidad y responsabilidad',
  'terms.liability.body':
    'Trabajamos para que Tubefold esté disponible y tus datos seguros, pero el servicio se ofrece tal cual. En la medida en que lo permita la ley, no somos responsables de pérdidas indirectas.',
  'terms.changes.title': 'Cambios',
  'terms.changes.body':
    'Si estos términos cambian de forma relevante, te avisaremos por correo electrónico antes de que el cambio entre en vigor.',
  'terms.contact': '¿Preguntas sobre estos términos? Escríbenos desde la página de soporte.',

  // Privacy
  'privacy.title': 'Política de privacidad',
  'privacy.updated': 'Última actualización: {date}',
  'privacy.intro':
    'Tubefold guarda lo mínimo posible sobre ti y nunca lo vende. Esta página explica exactamente qué se almacena y por qué.',
  'privacy.stored.title': 'Qué almacenamos',
  'privacy.stored.account':
    'Tu cuenta: nombre, dirección de correo electrónico, un hash de tu contraseña y tu idioma.',
  'privacy.stored.library':
    'Tu biblioteca: los canales y animes que añades, tus grupos, sus iconos y colores, tus notas, etiquetas y alias.',
  'privacy.stored.sharing':
    'Compartir: con quién compartes grupos, con qué nivel, y la actividad en los grupos compartidos.',
  'privacy.stored.sessions':
    'Sesiones: una cookie de sesión que mantiene tu sesión iniciada, con el navegador y la dirección IP que la crearon, para que puedas revisar y revocar sesiones.',
  'privacy.stored.preferences':
    'Preferencias: tu tema, color de acento, tamaño de letra e idioma, guardados en cookies en tu navegador.',
  'privacy.notStored.title': 'Lo que no hacemos',
  'privacy.notStored.ads': 'Sin anuncios, sin redes publicitarias, sin gestores de etiquetas.',
  'privacy.notStored.trackers':
    'Sin rastreadores de terceros. La analítica del producto solo se activa si el operador de esta instancia la habilita y, aun así, respeta la opción Do Not Track de tu navegador.',
  'privacy.notStored.selling': 'Nunca vendemos ni alquilamos tus datos.',
  'privacy.youtube.title': 'YouTube y Google',
  'privacy.youtube.body':
    'Tubefold usa los Servicios de API de YouTube. Si conectas tu cuenta de YouTube, leemos tus suscripciones solo para importarlas, guardamos el token de acceso cifrado y lo eliminamos cuando te desconectas. La política de privacidad de Google se aplica a la parte de Google.',
  'privacy.rights.title': 'Tus derechos',
  'privacy.rights.body':
    'Puedes exportar todos tus datos y eliminar tu cuenta en cualquier momento desde los ajustes. Al eliminar la cuenta se borran todos los registros que te pertenecen.',
  'privacy.contact': '¿Preguntas sobre privacidad? Escríbenos desde la página de soporte.',

  // Errors shared by every form and server call
  'errors.rateLimited': 'Demasiados intentos. Inténtalo de nuevo en {seconds} s.',
  'errors.mailFailed': 'No se pudo enviar el correo. Inténtalo de nuevo.',
  'errors.validation': 'Revisa este campo.',
  'errors.internal': 'Algo salió mal de nuestro lado. Inténtalo de nuevo.',
  'errors.network': 'No se pudo conectar con el servidor. Revisa tu conexión e inténtalo de nuevo.',

  // Validation shared by every form (seed §5)
  'validation.emailRequired': 'El correo electrónico es obligatorio',
  'validation.emailInvalid': 'Ingresa una dirección de correo electrónico válida',

  // Support
  'support.title': 'Soporte',
  'support.subtitle': 'Respuestas a preguntas frecuentes y una forma de contactarnos.',
  'support.faq.title': 'Preguntas frecuentes',
  'support.faq.q1': '¿Cuántos niveles de anidamiento pueden tener los grupos?',
  'support.faq.a1': 'Hasta {depth} niveles. Un canal puede estar en varios grupos a la vez.',
  'support.faq.q2': '¿Qué archivos puedo importar?',
  'support.faq.a2': 'Suscripciones de {formats}.',
  'support.faq.q3': '¿Tubefold usa mi cuota de YouTube o mi contraseña?',
  'support.faq.a3':
    'No. Los feeds de los grupos vienen del RSS público de YouTube, que no gasta cuota de la API, y para conectar YouTube se usa el inicio de sesión de Google; nunca vemos tu contraseña de Google.',
  'support.faq.q4': '¿Puedo compartir un grupo sin compartirlo todo?',
  'support.faq.a4':
    'Sí. Se comparte un grupo y sus subgrupos, para ver o editar; tus otros grupos siguen siendo privados.',
  'support.faq.q5': '¿Hay una prueba gratis?',
  'support.faq.a5':
    'Pro y Business empiezan con una prueba gratis de {days} días, sin necesidad de tarjeta de crédito.',
  'support.faq.q6': '¿Cómo exporto mis datos?',
  'support.faq.a6':
    'Desde los ajustes, exporta todo como copia de seguridad de Tubefold, OPML, CSV o en los formatos de NewPipe, FreeTube y Piped, o elimina tu cuenta.',
  'support.contact.title': 'Contáctanos',
  'support.contact.subtitle': 'Solemos responder en un plazo de dos días hábiles.',
  'support.contact.name': 'Tu nombre',
  'support.contact.email': 'Correo electrónico',
  'support.contact.topic': 'Tema',
  'support.contact.topic.question': 'Una pregunta',
  'support.contact.topic.bug': 'Algo no funciona',
  'support.contact.topic.billing': 'Facturación',
  'support.contact.topic.feedback': 'Comentarios',
  'support.contact.message': 'Mensaje',
  'support.contact.submit': 'Enviar mensaje',
  'support.contact.sending': 'Enviando...',
  'support.contact.sent': '¡Gracias! Tu mensaje se envió; responderemos a {email}.',
  'support.contact.website': 'Deja este campo vacío',
  'support.contact.error.nameRequired': 'Escribe tu nombre',
  'support.contact.error.nameLong': 'Usa como máximo {max} caracteres en el nombre',
  'support.contact.error.messageShort': 'Escribe al menos {min} caracteres',
  'support.contact.error.messageLong': 'Usa menos de {max} caracteres',
  'support.mail.subject': '[Soporte de Tubefold] {topic} de {name}',
  'support.mail.intro': '{name} <{email}> escribió sobre “{topic}”:',
  'support.mail.receiptSubject': 'Hemos recibido tu mensaje',
  'support.mail.receiptBody':
    'Hola, {name}: gracias por escribir al soporte de Tubefold. Hemos recibido tu mensaje y responderemos a esta dirección.',

  // Accounts (seed §4, §5)
  'meta.title.login': 'Iniciar sesión',
  'meta.title.register': 'Crea tu cuenta',
  'meta.title.forgot': 'Olvidé mi contraseña',
  'meta.title.reset': 'Elige una nueva contraseña',
  'meta.title.confirm': 'Confirma tu correo electrónico',
  'meta.title.dashboard': 'Resumen',
  'meta.title.settings': 'Ajustes',
  'auth.error.nameRequired': 'El nombre completo es obligatorio',
  'auth.error.nameShort': 'El nombre debe tener al menos {min} caracteres',
  'auth.error.nameLong': 'El nombre debe tener como máximo {max} caracteres',
  'auth.error.passwordRequired': 'La contraseña es obligatoria',
  'auth.error.passwordShort': 'La contraseña debe tener al menos {min} caracteres',
  'auth.error.passwordLong': 'La contraseña debe tener como máximo {max} caracteres',
  'auth.error.confirmRequired': 'Confirma tu contraseña',
  'auth.error.passwordMismatch': 'Las contraseñas no coinciden',
  'auth.error.termsRequired': 'Acepta los Términos del servicio y la Política de privacidad',
  'auth.error.invalidCredentials': 'Correo electrónico o contraseña no válidos',
  'auth.error.wrongPassword': 'La contraseña actual no es correcta',
  'auth.error.tokenInvalid': 'Este enlace no es válido o ha caducado. Pide uno nuevo.',
  'auth.error.resetMailFailed':
    'No se pudo enviar el correo para restablecer la contraseña. Inténtalo de nuevo.',
  'auth.error.signInRequired': 'Inicia sesión para continuar',
  'auth.field.fullName': 'Nombre completo',
  'auth.field.email': 'Correo electrónico',
  'auth.field.password': 'Contraseña',
  'auth.field.confirmPassword': 'Confirma la contraseña',
  'auth.field.newPassword': 'Nueva contraseña',
  'auth.field.currentPassword': 'Contraseña actual',
  'auth.field.showPassword': 'Mostrar contraseña',
  'auth.field.hidePassword': 'Ocultar contraseña',
  'auth.terms.before': 'Acepto los',
  'auth.terms.terms': 'Términos del servicio',
  'auth.terms.and': 'y la',
  'auth.terms.privacy': 'Política de privacidad',
  'auth.or': 'o',
  'auth.google': 'Continuar con Google',
  'auth.login.title': 'Qué bueno verte de nuevo',
  'auth.login.subtitle': 'Inicia sesión para ver tus grupos.',
  'auth.login.submit': 'Iniciar sesión',
  'auth.login.busy': 'Iniciando sesión...',
  'auth.login.forgot': '¿Olvidaste tu contraseña?',
  'auth.login.noAccount': '¿Eres nuevo en Tubefold?',
  'auth.login.createAccount': 'Crea una cuenta',
  'auth.login.demo': 'Cuenta de demostración: {email} / {password}',
  'auth.login.useDemo': 'Rellenar con la cuenta de demostración',
  'auth.register.title': 'Crea tu cuenta',
  'auth.register.subtitle': 'Gratis para siempre para tus primeros grupos.',
  'auth.register.submit': 'Crear cuenta',
  'auth.register.busy': 'Creando la cuenta...',
  'auth.register.haveAccount': '¿Ya tienes una cuenta?',
  'auth.register.checkTitle': 'Revisa tu correo',
  'auth.register.checkBody':
    'Si {email} puede usarse para una cuenta nueva, te enviamos un enlace para confirmarlo. Es válido durante 24 horas.',
  'auth.register.checkSpam':
    '¿No llega nada después de unos minutos? Revisa tu carpeta de spam o vuelve a enviar el enlace.',
  'auth.forgot.title': '¿Olvidaste tu contraseña?',
  'auth.forgot.subtitle':
    'Escribe tu correo electrónico y te enviaremos un enlace para elegir una nueva.',
  'auth.forgot.submit': 'Enviar enlace de restablecimiento',
  'auth.forgot.busy': 'Enviando...',
  'auth.forgot.back': 'Volver a iniciar sesión',
  'auth.forgotSuccess.title': 'Revisa tu correo',
  'auth.forgotSuccess.body':
    'Si existe una cuenta para {email}, va en camino un enlace para restablecer la contraseña. Es válido durante 1 hora.',
  'auth.forgotSuccess.resend': 'Volver a enviar el enlace',
  'auth.forgotSuccess.resendIn': 'Volver a enviar en {seconds} s',
  'auth.forgotSuccess.resent': 'Te enviamos otro enlace.',
  'auth.reset.title': 'Elige una nueva contraseña',
  'auth.reset.subtitle':
    'Al iniciar sesión con la nueva contraseña, se cerrarán tus sesiones en todos los demás lugares.',
  'auth.reset.submit': 'Guardar la nueva contraseña',
  'auth.reset.busy': 'Guardando...',
  'auth.reset.done': 'Tu contraseña se cambió. Inicia sesión con la nueva.',
  'auth.confirm.checking': 'Confirmando tu correo electrónico…',
  'auth.confirm.confirmed':
    'Tu correo electrónico está confirmado. ¡Te damos la bienvenida a Tubefold!',
  'auth.confirm.used.title': 'Este enlace ya se usó',
  'auth.confirm.used.body':
    'Cada enlace de confirmación funciona una sola vez. Si tu correo aún no está confirmado, pide un enlace nuevo.',
  'auth.confirm.expired.title': 'Este enlace ha caducado',
  'auth.confirm.expired.body':
    'Los enlaces de confirmación son válidos durante 24 horas. Pide uno nuevo a continuación.',
  'auth.confirm.invalid.title': 'Este enlace no es válido',
  'auth.confirm.invalid.body':
    'Puede que el enlace esté incompleto. Pide uno nuevo a continuación.',
  'auth.confirm.sendNew': 'Enviar un enlace nuevo',
  'auth.confirm.sending': 'Enviando...',
  'auth.confirm.sent': 'Si {email} tiene una cuenta sin confirmar, va en camino un enlace nuevo.',
  'auth.banner.unverified':
    'Confirma tu dirección de correo electrónico ({email}). Para compartir se necesita una dirección confirmada.',
  'auth.banner.resend': 'Reenviar el enlace',
  'auth.banner.sent': '¡Enviado! Revisa tu bandeja de entrada.',

  // Dashboard shell
  'dashboard.nav.label': 'Panel',
  'dashboard.nav.overview': 'Resumen',
  'dashboard.nav.groups': 'Grupos',
  'dashboard.nav.channels': 'Canales',
  'dashboard.nav.animes': 'Animes',
  'dashboard.nav.settings': 'Ajustes',
  'dashboard.userMenu': 'Menú de la cuenta de {name}',
  'dashboard.signOut': 'Cerrar sesión',
  'dashboard.openNav': 'Abrir navegación',
  'dashboard.closeNav': 'Cerrar navegación',
  'dashboard.overview.greeting': 'Hola, {name}',
  'dashboard.overview.subtitle': 'Este es tu resumen de Tubefold.',
  'dashboard.overview.origin.import': 'Tu importación terminó: tus grupos están listos.',
  'dashboard.overview.origin.extension':
    '¡Te damos la bienvenida desde la extensión del navegador!',
  'dashboard.overview.origin.confirmed':
    'Tu correo electrónico está confirmado. ¡Te damos la bienvenida a Tubefold!',
  'dashboard.overview.account': 'Tu cuenta',
  'dashboard.overview.emailConfirmed': 'Correo electrónico confirmado',
  'dashboard.overview.emailPending': 'Correo electrónico aún sin confirmar',
  'dashboard.overview.settingsLink': 'Ajustes de la cuenta',
  'dashboard.overview.appearanceLink': 'Apariencia',

  // Settings
  'settings.title': 'Ajustes',
  'settings.nav.label': 'Secciones de ajustes',
  'settings.nav.account': 'Cuenta',
  'settings.nav.appearance': 'Apariencia',
  'settings.appearance.title': 'Apariencia',
  'settings.appearance.subtitle':
    'Se aplica al instante en este dispositivo y se recuerda durante un año.',
  'settings.account.title': 'Cuenta',
  'settings.account.profile': 'Perfil',
  'settings.account.saveName': 'Guardar nombre',
  'settings.account.nameSaved': 'Nombre guardado.',
  'settings.account.email': 'Dirección de correo electrónico',
  'settings.account.emailHint':
    'Enviamos un enlace a la nueva dirección; el cambio se aplica cuando lo abras.',
  'settings.account.changeEmail': 'Cambiar correo electrónico',
  'settings.account.emailSent': 'Revisa {email} para confirmar la nueva dirección.',
  'settings.account.emailChanged': 'Tu dirección de correo electrónico se cambió.',
  'settings.account.password': 'Contraseña',
  'settings.account.changePassword': 'Cambiar contraseña',
  'settings.account.passwordChanged': 'Contraseña cambiada. Se cerraron tus otras sesiones.',
  'settings.account.sessions': 'Sesiones activas',
  'settings.account.sessionsHint':
    'Dispositivos en los que tienes la sesión iniciada. Revoca los que no reconozcas.',
  'settings.account.thisDevice': 'Este dispositivo',
  'settings.account.unknownDevice': 'Dispositivo desconocido',
  'settings.account.lastActive': 'Sesión iniciada el {date}',
  'settings.account.revoke': 'Revocar',
  'settings.account.revoked': 'Sesión revocada.',
  'settings.account.delete': 'Eliminar cuenta',
  'settings.account.deleteHint':
    'Elimina tu cuenta y todo lo que contiene: grupos, biblioteca, elementos compartidos. No se puede deshacer.',
  'settings.account.deleteConfirm': 'Escribe tu contraseña para eliminar tu cuenta',
  'settings.account.deleteButton': 'Eliminar mi cuenta',
  'settings.account.deleting': 'Eliminando...',
  'settings.account.saving': 'Guardando...',

  // Mail
  'mail.footer': 'Tubefold: grupos anidados para canales de YouTube y animes de Crunchyroll.',
  'mail.confirm.subject': 'Confirma tu correo electrónico en Tubefold',
  'mail.confirm.heading': 'Te damos la bienvenida a Tubefold, {name}',
  'mail.confirm.body':
    'Confirma tu dirección de correo electrónico para terminar de crear tu cuenta.',
  'mail.confirm.expiry': 'El enlace funciona una sola vez y caduca en 24 horas.',
  'mail.confirm.action': 'Confirmar mi correo',
  'mail.existing.subject': 'Alguien intentó registrarse con tu correo electrónico',
  'mail.existing.heading': 'Hola, {name}',
  'mail.existing.body':
    'Alguien intentó crear una cuenta de Tubefold con esta dirección, que ya tiene una. Si fuiste tú, inicia sesión o restablece tu contraseña.',
  'mail.existing.ignore': 'Si no fuiste tú, puedes ignorar este correo; no cambió nada.',
  'mail.existing.action': 'Restablecer mi contraseña',
  'mail.reset.subject': 'Restablece tu contraseña de Tubefold',
  'mail.reset.heading': 'Hola, {name}',
  'mail.reset.body':
    'Alguien pidió restablecer la contraseña de tu cuenta de Tubefold. Elige una nueva con este enlace.',
  'mail.reset.expiry':
    'El enlace funciona una sola vez y caduca en 1 hora. Si no lo pediste, ignora este correo.',
  'mail.reset.action': 'Elegir una nueva contraseña',
  'mail.changeEmail.subject': 'Confirma tu nueva dirección de correo electrónico',
  'mail.changeEmail.heading': 'Hola, {name}',
  'mail.changeEmail.body': 'Abre este enlace para usar {email} en tu cuenta de Tubefold.',
  'mail.changeEmail.action': 'Confirmar la nueva dirección',
  ...organiserEs,
  ...groupsEs,
  ...libraryEs,
  ...transferEs,
  ...sharingEs,
  ...connectEs,
  ...growthEs,
  ...feedEs,
  ...channelDataEs,
  ...sharedEs,
  ...shareMailEs,
  ...overviewEs,
}
