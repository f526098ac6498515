import type { sharedEn } from './en'

export const sharedEs: Record<keyof typeof sharedEn, string> = {
  'shared.title': 'Compartidos conmigo',
  'shared.ownedBy': 'Compartido por {name}',
  'shared.role.editor': 'Editor',
  'shared.role.viewer': 'Lector',

  // Groups page and overview
  'shared.section.subtitle':
    'Grupos que otras personas comparten contigo. Ves cada uno con sus subgrupos — nada más de lo suyo.',
  'shared.section.empty':
    'Nada todavía. Cuando alguien comparta un grupo contigo mediante un enlace o una invitación, aparecerá aquí, junto a tus grupos.',
  'shared.overview.seeAll': 'Todos los grupos compartidos contigo',

  // Group page
  'shared.banner.editor': 'Compartido por {name} · Editor',
  'shared.banner.viewer': 'Compartido por {name} · Solo lectura',
  'shared.banner.editorHint':
    'Puedes añadir, quitar, mover y reordenar canales y animes aquí, y crear, renombrar y mover subgrupos dentro de él.',
  'shared.banner.viewerHint': 'Puedes verlo y exportarlo, pero no cambiar nada.',
  'shared.copy.button': 'Copiar a mis grupos',
  'shared.copy.busy': 'Copiando…',
  'shared.copy.done': '“{name}” copiado a tus grupos.',
  'shared.leave.button': 'Salir del grupo',
  'shared.leave.title': '¿Salir de “{name}”?',
  'shared.leave.description':
    'Dejarás de ver este grupo y sus subgrupos. Su propietario puede volver a compartirlo contigo.',
  'shared.leave.cancel': 'Cancelar',
  'shared.leave.confirm': 'Salir',
  'shared.leave.busy': 'Saliendo…',
  'shared.leave.done': 'Saliste de “{name}”.',
  'shared.leave.inherited':
    'Este grupo se compartió contigo como parte de “{root}”. Para salir, abre “{root}” y sal desde allí.',
  'shared.leave.openRoot': 'Abrir “{root}”',

  // Move and copy pickers in a shared group
  'shared.picker.within': 'Solo aparecen grupos dentro de “{root}”, el grupo compartido contigo.',
}
