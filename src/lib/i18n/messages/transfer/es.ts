import type { transferEn } from './en'

export const transferEs: Record<keyof typeof transferEn, string> = {
  // Errores (src/lib/app-error.ts)
  'transfer.error.tooLarge': 'Este archivo supera los {max} MB. Divídelo e importa las partes.',
  'transfer.error.tooMany':
    'Este archivo nombra más de {max} canales. Divídelo e importa las partes.',
  'transfer.error.unrecognised':
    'Tubefold no reconoce el formato de este archivo. Formatos admitidos: Google Takeout, NewPipe, FreeTube, Piped, PocketTube, Grayjay, Invidious, OPML, una copia de seguridad de Tubefold o una lista de enlaces de canales.',
  'transfer.error.malformed': 'Este archivo {format} está dañado y no se puede leer.',
  'transfer.error.empty': 'No se encontró ningún canal ni anime en él.',
  'transfer.error.importNotFound': 'Esta importación ya no está disponible. Empieza de nuevo.',
  'transfer.error.importStarted': 'Esta importación ya se inició.',
}
