import type { shareMailEn } from './en'

export const shareMailEs: Record<keyof typeof shareMailEn, string> = {
  'shareMail.invite.subject': '{inviter} te invitó a «{group}» en Tubefold',
  'shareMail.invite.heading': 'Te invitaron a «{group}»',
  'shareMail.invite.bodyEditor':
    '{inviter} te invitó a editar el grupo «{group}» y sus subgrupos: podrás añadir, quitar y ordenar canales y animes en él.',
  'shareMail.invite.bodyViewer':
    '{inviter} te invitó a ver el grupo «{group}» y sus subgrupos, con sus feeds y gráficos de crecimiento.',
  'shareMail.invite.account': 'Para aceptar, inicia sesión o crea una cuenta con {email}.',
  'shareMail.invite.expiry':
    'La invitación caduca en {days} días. Si no la esperabas, puedes ignorar este correo.',
  'shareMail.invite.action': 'Abrir la invitación',
  'shareMail.joined.subject': '{member} se unió a «{group}»',
  'shareMail.joined.heading': 'Hola, {name}',
  'shareMail.joined.bodyEditor': '{member} se unió a tu grupo «{group}» y ahora puede editarlo.',
  'shareMail.joined.bodyViewer': '{member} se unió a tu grupo «{group}» y ahora puede verlo.',
  'shareMail.joined.manage':
    'Puedes cambiar su rol o retirarle el acceso en cualquier momento en la página de compartir.',
  'shareMail.joined.action': 'Gestionar el uso compartido',
}
