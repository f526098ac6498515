import type { organiserEn } from './en'

export const organiserEs: Record<keyof typeof organiserEn, string> = {
  'organiser.error.groupNotFound': 'Este grupo no existe o no tienes acceso a él.',
  'organiser.error.forbidden':
    'Tu rol en este grupo compartido no lo permite. Pídeselo a su propietario.',
  'organiser.error.entryNotFound': 'Este elemento no existe o no tienes acceso a él.',
  'organiser.error.stale':
    'Esto se cambió en otro lugar: recarga para ver la versión más reciente.',
  'organiser.error.depthLimit': 'Los grupos pueden anidarse como máximo {max} niveles.',
  'organiser.error.cycle':
    'Un grupo no puede moverse dentro de sí mismo ni de uno de sus subgrupos.',
  'organiser.error.nameTaken': 'Ya existe un grupo llamado “{name}” aquí.',
  'organiser.error.youtubeUnavailable':
    'No se pudo conectar con YouTube. Inténtalo de nuevo en un momento.',
  'organiser.error.animeUrlInvalid':
    'Eso no es un enlace de serie de Crunchyroll (crunchyroll.com/series/…).',
  'organiser.error.animeExists': 'Este anime ya está en tu biblioteca.',
}
