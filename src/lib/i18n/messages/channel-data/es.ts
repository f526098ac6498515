import type { channelDataEn } from './en'

export const channelDataEs: Record<keyof typeof channelDataEn, string> = {
  'channelData.error.quotaExhausted':
    'La cuota diaria de YouTube se agotó. Las actualizaciones vuelven después de {time}.',
  'channelData.error.quotaShareExhausted':
    'Ya usaste tus búsquedas de YouTube de hoy. Podrás buscar más canales después de {at}.',
  'channelData.error.channelNotFound': 'Este canal no existe o no está en tu biblioteca.',
  'channelData.error.videoNotFound': 'Este vídeo no está en ninguno de tus feeds.',
}
