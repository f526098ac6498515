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
  'billing.meta.title': 'Facturación',
  'billing.nav': 'Facturación',
  'billing.title': 'Plan y facturación',
  'billing.selfHosted':
    'Esta instancia no tiene un proveedor de pagos configurado: todas las funciones están desbloqueadas.',
  'billing.current': 'Plan actual: {plan}',
  'billing.trial.daysLeft.one': 'Queda {count} día de tu prueba de Pro.',
  'billing.trial.daysLeft.other': 'Quedan {count} días de tu prueba de Pro.',
  'billing.cancelsAtPeriodEnd': 'Tu suscripción termina al final del período actual.',
  'billing.usage.title': 'Uso',
  'billing.usage.groups': 'Grupos',
  'billing.usage.depth': 'Niveles de anidación',
  'billing.usage.channels': 'Canales y animes',
  'billing.usage.shareMembers': 'Personas con quienes compartes',
  'billing.usage.of': '{used} de {max}',
  'billing.usage.unlimited': '{used} (ilimitado)',
  'billing.seats.title': 'Puestos',
  'billing.seats.billed': 'Puestos facturados',
  'billing.seats.counted': 'Personas contadas ahora',
  'billing.seats.explain':
    'Business se factura por persona: tú y todas las personas con quienes compartes grupos (miembros e invitaciones abiertas). Los puestos facturados siguen a esas personas, de forma prorrateada; un cambio aparece aquí en cuanto Stripe lo registra.',
  'billing.upgrade.title': 'Mejorar plan',
  'billing.upgrade.proMonthly': 'Pro: {price} al mes',
  'billing.upgrade.proYearly': 'Pro: {price} al año',
  'billing.upgrade.business': 'Business: {price} por miembro al mes',
  'billing.manage': 'Método de pago, facturas o cancelar',
  'billing.banner.trial.one': 'Tu prueba de Pro termina en {count} día.',
  'billing.banner.trial.other': 'Tu prueba de Pro termina en {count} días.',
  'billing.banner.cta': 'Elegir un plan',
  'billing.mail.soon.subject': 'Tu prueba de Tubefold Pro termina en {days} días',
  'billing.mail.soon.heading': 'Tu prueba de Pro termina pronto',
  'billing.mail.soon.body':
    'Hola, {name}: tu prueba de Pro termina en {days} días. Elige un plan para conservar grupos y canales ilimitados; si no, tu cuenta pasa a Gratis y conserva todo lo que creaste.',
  'billing.mail.ended.subject': 'Tu prueba de Tubefold Pro ha terminado',
  'billing.mail.ended.heading': 'Tu prueba de Pro ha terminado',
  'billing.mail.ended.body':
    'Hola, {name}: tu prueba de Pro terminó hoy y tu cuenta está en Gratis. No se borró nada; mejora tu plan cuando quieras para superar los límites de Gratis.',
  'billing.mail.action': 'Elegir un plan',
  'billing.error.businessTrialUsed': 'Business se puede probar una vez, y esta cuenta ya lo hizo.',
  'billing.tryBusiness': 'Probar Business gratis durante {days} días',
}
