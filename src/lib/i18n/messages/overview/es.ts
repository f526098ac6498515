import type { overviewEn } from './en'

export const overviewEs: Record<keyof typeof overviewEn, string> = {
  'overview.stats.title': 'Tu biblioteca en números',
  'overview.stats.groups': 'Grupos',
  'overview.stats.channels': 'Canales',
  'overview.stats.animes': 'Animes',
  'overview.stats.ungrouped': 'Fuera de cualquier grupo',
  'overview.actions.title': 'Acciones rápidas',
  'overview.actions.newGroup': 'Nuevo grupo',
  'overview.actions.openGroups': 'Abrir el árbol de grupos',
  'overview.actions.openChannels': 'Ver canales',
  'overview.actions.groupSettings': 'Valores predeterminados de grupos',
  'overview.activity.title': 'Actividad reciente',
  'overview.activity.empty': 'Nada todavía: crea un grupo para empezar.',
  'overview.activity.none':
    'Aún no hay cambios. Aquí aparecen los grupos creados, renombrados o movidos y los canales añadidos o quitados, por ti o por tu equipo.',
}
