import type { transferEn } from './en'

export const transferPt: Record<keyof typeof transferEn, string> = {
  // Erros (src/lib/app-error.ts)
  'transfer.error.tooLarge': 'Este arquivo tem mais de {max} MB. Divida-o e importe as partes.',
  'transfer.error.tooMany': 'Este arquivo cita mais de {max} canais. Divida-o e importe as partes.',
  'transfer.error.unrecognised':
    'O Tubefold não reconhece o formato deste arquivo. Formatos aceitos: Google Takeout, NewPipe, FreeTube, Piped, PocketTube, Grayjay, Invidious, OPML, um backup do Tubefold ou uma lista de links de canais.',
  'transfer.error.malformed': 'Este arquivo {format} está danificado e não pode ser lido.',
  'transfer.error.empty': 'Nenhum canal ou anime foi encontrado nele.',
  'transfer.error.importNotFound': 'Esta importação não está mais disponível. Comece de novo.',
  'transfer.error.importStarted': 'Esta importação já foi iniciada.',
}
