import type { channelDataEn } from './en'

export const channelDataPt: Record<keyof typeof channelDataEn, string> = {
  'channelData.error.quotaExhausted':
    'A cota diária do YouTube acabou. As atualizações voltam depois de {time}.',
  'channelData.error.quotaShareExhausted':
    'Você já usou suas buscas no YouTube de hoje. Poderá buscar mais canais depois de {at}.',
  'channelData.error.channelNotFound': 'Este canal não existe ou não está na sua biblioteca.',
  'channelData.error.videoNotFound': 'Este vídeo não está em nenhum dos seus feeds.',
}
