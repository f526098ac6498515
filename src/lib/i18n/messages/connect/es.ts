import type { connectEn } from './en'

export const connectEs: Record<keyof typeof connectEn, string> = {
  'connect.error.notConnected': 'No hay ninguna cuenta de YouTube conectada.',
  'connect.error.failed': 'No se pudo conectar YouTube. Inténtalo de nuevo.',
  'connect.error.notConfigured': 'La conexión con YouTube no está configurada en este servidor.',
  'connect.error.denied':
    'No permitiste que Tubefold leyera tus suscripciones de YouTube, así que no se importó nada.',
  'connect.error.state':
    'Ese inicio de sesión con Google caducó o se inició en otro navegador. Empieza de nuevo.',
  'connect.error.quota': 'La cuota diaria de YouTube se agotó. Inténtalo de nuevo mañana.',
  'connect.error.empty': 'Esta cuenta de YouTube no tiene suscripciones para importar.',
  'connect.source.title': 'Desde tu cuenta de YouTube',
  'connect.source.description':
    'Inicia sesión con Google e importa todos los canales a los que estás suscrito. Tubefold pide acceso de solo lectura, solo ahora, y eliges los grupos antes de guardar nada.',
  'connect.source.action': 'Conectar YouTube',
  'connect.source.unavailable':
    'No disponible aquí: este servidor no tiene configurado el inicio de sesión con Google. Usa un archivo de Google Takeout.',
  'connect.meta.title': 'Conexiones',
  'connect.settings.nav': 'Conexiones',
  'connect.settings.title': 'YouTube',
  'connect.settings.description':
    'Conecta tu cuenta de YouTube para importar tus suscripciones. Tubefold solo las lee; nunca publica ni cambia nada.',
  'connect.settings.account': 'Cuenta',
  'connect.settings.noChannel': 'Una cuenta de Google sin canal de YouTube',
  'connect.settings.connectedAt': 'Conectada el',
  'connect.settings.lastImport': 'Última importación',
  'connect.settings.never': 'Nunca',
  'connect.settings.importAgain': 'Importar suscripciones de nuevo',
  'connect.settings.importing': 'Leyendo tus suscripciones…',
  'connect.settings.disconnect': 'Desconectar',
  'connect.disconnect.title': '¿Desconectar YouTube?',
  'connect.disconnect.body':
    'Tubefold pedirá a Google que revoque su acceso y borrará los tokens guardados. Los canales que ya importaste se quedan en tu biblioteca.',
  'connect.disconnect.cancel': 'Cancelar',
  'connect.disconnect.busy': 'Desconectando…',
  'connect.disconnect.done': 'YouTube desconectado.',
}
