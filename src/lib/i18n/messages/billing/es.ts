import type { billingEn } from './en'

export const billingEs: Record<keyof typeof billingEn, string> = {
  // Errores (src/lib/app-error.ts)
  'billing.error.groupsLimit': 'Tu plan permite {max} grupos. Mejora tu plan para crear más.',
  'billing.error.depthLimit':
    'Tu plan permite grupos de hasta {max} niveles. Mejora tu plan para anidar más.',
  'billing.error.channelsLimit':
    'Tu plan permite {max} canales y animes en tu biblioteca. Mejora tu plan para añadir más.',
  'billing.error.shareLimit':
    'Tu plan permite compartir con {max} personas. Mejora tu plan para compartir con más.',
  'billing.upgradeLink': 'Ver planes y mejorar',
  'billing.error.unavailable': 'La facturación no está disponible ahora. Inténtalo más tarde.',
}
