import { accountEs } from './account/es'
import { authEs } from './auth/es'
import { billingEs } from './billing/es'
import { channelDataEs } from './channel-data/es'
import { connectEs } from './connect/es'
import type { Messages } from './en'
import { feedEs } from './feed/es'
import { groupsEs } from './groups/es'
import { growthEs } from './growth/es'
import { landingEs } from './landing/es'
import { libraryEs } from './library/es'
import { notifyEs } from './notify/es'
import { notifyMailEs } from './notify-mail/es'
import { organiserEs } from './organiser/es'
import { overviewEs } from './overview/es'
import { searchEs } from './search/es'
import { shareMailEs } from './share-mail/es'
import { sharedEs } from './shared/es'
import { sharingEs } from './sharing/es'
import { supportEs } from './support/es'
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

  ...landingEs,

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

  // Not found and errors
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
  'errors.requestTooLarge':
    'Esto es demasiado grande para enviarlo. Un archivo puede tener hasta {max} MB: divide uno mayor e importa las partes.',

  // Validation shared by every form
  'validation.emailRequired': 'El correo electrónico es obligatorio',
  'validation.emailInvalid': 'Ingresa una dirección de correo electrónico válida',

  ...supportEs,
  ...notifyEs,

  ...authEs,

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
  ...accountEs,
  ...searchEs,
  ...billingEs,
  ...notifyMailEs,
}
