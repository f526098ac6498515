import type { accountEn } from './en'

export const accountEs: Record<keyof typeof accountEn, string> = {
  'settings.account.deleteDialog.title': '¿Eliminar tu cuenta?',
  'settings.account.deleteDialog.intro': 'Esto elimina, para siempre y ahora mismo:',
  'settings.account.deleteDialog.counting': 'Contando lo que tienes…',
  'settings.account.deleteDialog.groups.one': '{count} grupo, con su icono y su actividad',
  'settings.account.deleteDialog.groups.other': '{count} grupos, con sus iconos y su actividad',
  'settings.account.deleteDialog.channels.one': '{count} canal de tu biblioteca',
  'settings.account.deleteDialog.channels.other': '{count} canales de tu biblioteca',
  'settings.account.deleteDialog.animes.one': '{count} anime de tu biblioteca',
  'settings.account.deleteDialog.animes.other': '{count} animes de tu biblioteca',
  'settings.account.deleteDialog.shared.one':
    '{count} grupo que compartes con otras personas: también se elimina para sus miembros. Para conservarlo para ellos, transfiere antes su propiedad a uno de sus editores (Compartir → Transferir la propiedad).',
  'settings.account.deleteDialog.shared.other':
    '{count} grupos que compartes con otras personas: también se eliminan para sus miembros. Para conservar uno para ellos, transfiere antes su propiedad a uno de sus editores (Compartir → Transferir la propiedad).',
  'settings.account.deleteDialog.memberOf.one':
    'Tu acceso a {count} grupo que otras personas comparten contigo termina; el grupo sigue siendo suyo.',
  'settings.account.deleteDialog.memberOf.other':
    'Tu acceso a {count} grupos que otras personas comparten contigo termina; los grupos siguen siendo suyos.',
  'settings.account.deleteDialog.undo':
    'No se puede deshacer. Enviaremos una confirmación a {email}.',
  'settings.account.deleteDialog.confirm': 'Eliminar mi cuenta para siempre',
  'settings.account.deleteDialog.cancel': 'Conservar mi cuenta',
  'goodbye.meta.title': 'Cuenta eliminada',
  'goodbye.title': 'Tu cuenta se eliminó',
  'goodbye.body':
    'Tus grupos, tu biblioteca y lo que compartías ya no existen, y se cerró tu sesión en todos los dispositivos. Enviamos una confirmación a tu correo electrónico.',
  'goodbye.thanks': 'Gracias por usar Tubefold. Vuelve cuando quieras.',
  'goodbye.home': 'Ir a la página de inicio',
  'goodbye.register': 'Crear una cuenta nueva',
  'mail.deleted.subject': 'Tu cuenta de Tubefold se eliminó',
  'mail.deleted.heading': 'Hasta pronto, {name}',
  'mail.deleted.body':
    'Tu cuenta de Tubefold {email} se eliminó, con sus grupos, su biblioteca y lo que compartías. Los grupos que compartías con otras personas también se eliminaron para ellas.',
  'mail.deleted.notYou': 'Si no la eliminaste tú, avísanos enseguida desde la página de soporte.',
  'mail.deleted.action': 'Contactar con soporte',
  'sharing.accessEnded.title': 'Ya no tienes acceso a este grupo',
  'sharing.accessEnded.body':
    'Saliste de este grupo, o su propietario, {owner}, quitó tu acceso. Para verlo de nuevo, pide a {owner} que lo comparta contigo.',
  'sharing.accessEnded.dashboard': 'Volver a tu panel',
  'sharing.accessEnded.shared': 'Grupos compartidos contigo',
}
