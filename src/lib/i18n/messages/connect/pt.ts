import type { connectEn } from './en'

export const connectPt: Record<keyof typeof connectEn, string> = {
  'connect.error.notConnected': 'Nenhuma conta do YouTube está conectada.',
  'connect.error.failed': 'Não foi possível conectar o YouTube. Tente de novo.',
  'connect.error.notConfigured': 'A conexão com o YouTube não está configurada neste servidor.',
}
