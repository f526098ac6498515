import type { sharingEn } from './en'

export const sharingEs: Record<keyof typeof sharingEn, string> = {
  // Errores (src/lib/app-error.ts)
  'sharing.error.linkUnavailable':
    'Este enlace no está disponible. Puede haber caducado o haber sido revocado: pide uno nuevo.',
  'sharing.error.invitationUnavailable':
    'Esta invitación no está disponible. Puede haber caducado, haber sido cancelada o ya usada.',
  'sharing.error.wrongAccount':
    'Esta invitación se envió a {email}. Inicia sesión con esa dirección para aceptarla.',
  'sharing.error.emailNotVerified':
    'Confirma tu dirección de correo antes de invitar a otras personas.',
  'sharing.error.memberNotFound': 'Esta persona ya no es miembro del grupo.',
  'sharing.error.alreadyMember': '{email} ya tiene acceso a este grupo.',
  'sharing.error.inviteSelf': 'Ya eres el propietario de este grupo.',

  // Títulos de las páginas
  'sharing.meta.screen': 'Compartir grupo',
  'sharing.meta.screenNamed': 'Compartir «{name}»',
  'sharing.meta.link': 'Grupo compartido',
  'sharing.meta.linkNamed': '«{name}» — grupo compartido',
  'sharing.meta.invitation': 'Invitación',
  'sharing.meta.invitationNamed': 'Invitación a «{name}»',

  // Roles y permisos
  'sharing.role.owner': 'Propietario',
  'sharing.role.editor': 'Editor',
  'sharing.role.viewer': 'Lector',
  'sharing.role.editorHint':
    'Puede añadir, quitar y mover canales, animes y subgrupos, y renombrar subgrupos.',
  'sharing.role.viewerHint': 'Puede ver canales, animes, feeds y gráficos, y exportarlos.',
  'sharing.permission.view': 'Puede ver',
  'sharing.permission.edit': 'Puede editar',
  'sharing.date.expires': 'Caduca el {date}',
  'sharing.date.expired': 'Caducó el {date}',

  // La pantalla de compartir (solo el propietario)
  'sharing.button': 'Compartir',
  'sharing.screen.back': 'Volver a {name}',
  'sharing.screen.title': 'Compartir «{name}»',
  'sharing.screen.subtitle':
    'Quien recibe acceso ve este grupo y todos sus subgrupos, nada más de lo tuyo. Solo tú decides quién tiene acceso.',

  'sharing.members.title': 'Miembros',
  'sharing.members.you': 'Tú',
  'sharing.members.empty': 'Nadie más tiene acceso todavía. Crea un enlace o envía una invitación.',
  'sharing.members.joined': 'Se unió el {date}',
  'sharing.members.roleLabel': 'Rol de {name}',
  'sharing.members.roleChanged': '{name} ahora es: {role}.',
  'sharing.members.remove': 'Quitar',
  'sharing.members.removeLabel': 'Quitar a {name}',
  'sharing.members.removeTitle': '¿Quitar a {name}?',
  'sharing.members.removeBody':
    '{name} pierde el acceso a este grupo y a sus subgrupos al instante. Lo que añadió se queda. Revoca los enlaces que aún tenga, o podrá volver a unirse con ellos.',
  'sharing.members.removing': 'Quitando…',
  'sharing.members.removed': '{name} ya no tiene acceso.',

  'sharing.links.title': 'Enlaces',
  'sharing.links.subtitle':
    'Quien tenga un enlace puede abrirlo y unirse. Los enlaces de lectura muestran una vista previa sin cuenta; los de edición la necesitan.',
  'sharing.links.permission': 'Permiso',
  'sharing.links.expiry': 'Caduca tras',
  'sharing.links.expiry.never': 'Nunca',
  'sharing.links.expiry.day': '1 día',
  'sharing.links.expiry.week': '7 días',
  'sharing.links.expiry.month': '30 días',
  'sharing.links.create': 'Crear enlace',
  'sharing.links.creating': 'Creando…',
  'sharing.links.created': 'Enlace creado. Cópialo y envíalo a quien deba tener acceso.',
  'sharing.links.empty': 'Todavía no hay enlaces.',
  'sharing.links.noExpiry': 'No caduca',
  'sharing.links.revokedOn': 'Revocado el {date}',
  'sharing.links.createdOn': 'Creado el {date}',
  'sharing.links.uses.one': 'Usado {count} vez',
  'sharing.links.uses.other': 'Usado {count} veces',
  'sharing.links.state.active': 'Activo',
  'sharing.links.state.expired': 'Caducado',
  'sharing.links.state.revoked': 'Revocado',
  'sharing.links.copy': 'Copiar',
  'sharing.links.copyLabel': 'Copiar el enlace «{permission}» creado el {date}',
  'sharing.links.copied': 'Enlace copiado.',
  'sharing.links.copyUnavailable':
    'Este enlace se creó antes de que los enlaces se guardaran de forma segura y no se puede volver a mostrar. Sigue funcionando; para compartirlo de nuevo, crea un enlace nuevo.',
  'sharing.links.copyFailed': 'No se pudo copiar el enlace. Cópialo a mano: {url}',
  'sharing.links.revoke': 'Revocar',
  'sharing.links.revokeLabel': 'Revocar el enlace «{permission}» creado el {date}',
  'sharing.links.revokeTitle': '¿Revocar este enlace?',
  'sharing.links.revokeBody':
    'El enlace deja de funcionar al instante. Quien ya se unió conserva el acceso; quítalo en Miembros.',
  'sharing.links.revoking': 'Revocando…',
  'sharing.links.revoked': 'Enlace revocado.',

  'sharing.invitations.title': 'Invitaciones',
  'sharing.invitations.subtitle':
    'Enviamos por correo un enlace válido durante {days} días. Se acepta tras iniciar sesión o registrarse con esa dirección.',
  'sharing.invitations.email': 'Correo electrónico',
  'sharing.invitations.role': 'Rol',
  'sharing.invitations.send': 'Enviar invitación',
  'sharing.invitations.sending': 'Enviando…',
  'sharing.invitations.sent': 'Invitación enviada a {email}.',
  'sharing.invitations.resent': 'Invitación enviada de nuevo a {email}.',
  'sharing.invitations.needsVerified':
    'Confirma tu dirección de correo para invitar por correo. Los enlaces funcionan sin ello.',
  'sharing.invitations.pending': 'Invitaciones pendientes',
  'sharing.invitations.empty': 'No hay invitaciones pendientes.',
  'sharing.invitations.cancel': 'Cancelar',
  'sharing.invitations.cancelLabel': 'Cancelar la invitación a {email}',
  'sharing.invitations.cancelTitle': '¿Cancelar la invitación a {email}?',
  'sharing.invitations.cancelBody':
    'El enlace del correo deja de funcionar. Puedes volver a invitar cuando quieras.',
  'sharing.invitations.cancelConfirm': 'Cancelar invitación',
  'sharing.invitations.keep': 'Mantenerla',
  'sharing.invitations.cancelling': 'Cancelando…',
  'sharing.invitations.cancelled': 'Invitación a {email} cancelada.',

  'sharing.transfer.title': 'Transferir la propiedad',
  'sharing.transfer.body':
    'Solo el nuevo propietario gestiona el acceso y puede eliminar el grupo. No podrás recuperarlo por tu cuenta.',
  'sharing.transfer.to': 'Nuevo propietario',
  'sharing.transfer.choose': 'Elige un editor',
  'sharing.transfer.noEditors':
    'Solo un editor puede ser propietario. Da antes el rol de Editor a alguien.',
  'sharing.transfer.button': 'Transferir la propiedad…',
  'sharing.transfer.confirmTitle': '¿Hacer a {name} propietario de «{group}»?',
  'sharing.transfer.confirmBody':
    '{name} gestionará el acceso y podrá eliminar «{group}» y sus subgrupos. Solo {name} podrá devolvértelo.',
  'sharing.transfer.confirm': 'Transferir',
  'sharing.transfer.transferring': 'Transfiriendo…',
  'sharing.transfer.done': '{name} es ahora propietario de «{group}».',

  // La página pública del enlace
  'sharing.page.eyebrow': 'Grupo compartido',
  'sharing.page.sharedBy': 'Compartido por {name}',
  'sharing.page.itemsTitle': 'Contenido',
  'sharing.page.more': '+{count} más',
  'sharing.page.subgroupsTitle': 'Subgrupos',
  'sharing.page.allows.view':
    'Este enlace te permite ver el grupo: sus canales, animes, feed y gráficos.',
  'sharing.page.allows.edit':
    'Este enlace te permite editar el grupo: añadir, quitar y mover canales, animes y subgrupos.',
  'sharing.page.join': 'Unirse al grupo',
  'sharing.page.joinAsEditor': 'Unirse como editor',
  'sharing.page.joining': 'Uniéndote…',
  'sharing.page.joined': 'Te uniste a «{name}».',
  'sharing.page.open': 'Abrir grupo',
  'sharing.page.owner': 'Este grupo es tuyo.',
  'sharing.page.member': 'Ya tienes acceso a este grupo ({role}).',
  'sharing.page.guestHint':
    'Esta es una vista previa de solo lectura. Inicia sesión o crea una cuenta para añadir este grupo a tu panel.',
  'sharing.page.signInToJoin': 'Iniciar sesión para unirse',
  'sharing.page.createAccount': 'Crear una cuenta',
  'sharing.page.signInTitle': 'Inicia sesión para abrir este enlace',
  'sharing.page.signInBody':
    'Este enlace permite editar un grupo compartido, así que necesita una cuenta. Inicia sesión y volverás aquí.',
  'sharing.page.unavailableTitle': 'Enlace no disponible',
  'sharing.page.home': 'Ir a Tubefold',
  'sharing.incomplete.title': 'Este enlace está incompleto o es incorrecto',
  'sharing.incomplete.body':
    'Falta una parte de la dirección o se cambió, así que no indica lo que permite el enlace. Las apps de chat y los programas de correo a veces cortan el final de un enlace.',
  'sharing.incomplete.howTo':
    'Pide el enlace de nuevo a quien lo compartió: el botón «Copiar» de su pantalla de compartir copia el enlace completo, para pegarlo entero.',

  // La página pública de la invitación
  'sharing.invitation.eyebrow': 'Invitación',
  'sharing.invitation.title': '{owner} te invitó a «{name}»',
  'sharing.invitation.role': 'Te unirías como: {role}.',
  'sharing.invitation.sentTo': 'Enviada a {email}',
  'sharing.invitation.validUntil': 'Válida hasta el {date}',
  'sharing.invitation.accept': 'Aceptar invitación',
  'sharing.invitation.accepting': 'Aceptando…',
  'sharing.invitation.signInHint':
    'Inicia sesión con {email} para aceptar, o crea una cuenta con esa dirección.',
  'sharing.invitation.signIn': 'Iniciar sesión para aceptar',
  'sharing.invitation.switch': 'Cerrar sesión y usar otra cuenta',
  'sharing.invitation.unavailableTitle': 'Invitación no disponible',
}
