import type { connectEn } from './en'

export const connectEs: Record<keyof typeof connectEn, string> = {
  'connect.error.notConnected': 'No hay ninguna cuenta de YouTube conectada.',
  'connect.error.failed': 'No se pudo conectar YouTube. Inténtalo de nuevo.',
  'connect.error.notConfigured': 'La conexión con YouTube no está configurada en este servidor.',
}
