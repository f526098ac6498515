import type { channelDataEn } from './en'

export const channelDataPt: Record<keyof typeof channelDataEn, string> = {
  'channelData.error.quotaExhausted':
    'A cota diária do YouTube acabou. As atualizações voltam depois de {time}.',
  'channelData.error.channelNotFound': 'Este canal não existe ou não está na sua biblioteca.',
  'channelData.error.videoNotFound': 'Este vídeo não está em nenhum dos seus feeds.',
}
