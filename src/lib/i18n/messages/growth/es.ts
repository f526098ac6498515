import type { growthEn } from './en'

export const growthEs: Record<keyof typeof growthEn, string> = {
  'growth.title': 'Crecimiento',
  'growth.range.label': 'Periodo',
  'growth.range.7': '7 días',
  'growth.range.30': '30 días',
  'growth.range.90': '90 días',
  'growth.range.365': '1 año',
  'growth.metric.label': 'Cifra',
  'growth.metric.subscribers': 'Suscriptores',
  'growth.metric.views': 'Visualizaciones',
  'growth.metric.videos': 'Vídeos',
  'growth.chart.title': '{metric} · {period}',
  'growth.chart.summary': '{metric}: {from} el {start}, {to} el {end}.',
  'growth.chart.loading': 'Cargando el gráfico…',
  'growth.chart.noFigures': 'No hay cifras para este periodo.',
  'growth.table.show': 'Mostrar las cifras en una tabla',
  'growth.table.day': 'Día',
  'growth.deltas.title': 'Cambio',
  'growth.delta.label': 'Últimos {days} días',
  'growth.delta.none': 'Aún no hay historial suficiente',
  'growth.approx.note':
    '≈ YouTube redondea los recuentos públicos de suscriptores por encima de 1.000 a 3 cifras significativas, así que estas cifras y sus cambios son aproximados.',
  'growth.reason.noApiKey':
    'Aún no hay gráficos: las estadísticas diarias vienen de la YouTube Data API y este servidor no tiene clave de API.',
  'growth.reason.notYetSynced':
    'Aún no hay estadísticas: la primera instantánea diaria se toma en la próxima sincronización. Vuelve mañana.',
  'growth.reason.hidden':
    'Este canal oculta su número de suscriptores, así que solo se grafican visualizaciones y vídeos.',
  'growth.reason.hiddenGroup':
    'Todos los canales de aquí ocultan su número de suscriptores, así que solo se grafican visualizaciones y vídeos.',
  'growth.reason.noChannels': 'Este grupo y sus subgrupos aún no tienen canales.',
  'growth.group.hidden.one':
    '{count} canal oculta su número de suscriptores y queda fuera de las sumas de suscriptores.',
  'growth.group.hidden.other':
    '{count} canales ocultan su número de suscriptores y quedan fuera de las sumas de suscriptores.',
  'growth.group.late.one':
    '{count} canal empezó a seguirse más tarde en este periodo y queda fuera del gráfico, para que no parezca crecimiento.',
  'growth.group.late.other':
    '{count} canales empezaron a seguirse más tarde en este periodo y quedan fuera del gráfico, para que no parezca crecimiento.',
  'growth.group.scope': 'Sumado sobre los canales de este grupo y sus subgrupos.',
  'growth.growers.title': 'Los que más crecen',
  'growth.growers.byChange': 'Más suscriptores ganados',
  'growth.growers.byPercent': 'Crecimiento más rápido',
  'growth.growers.empty': 'Aún no hay historial suficiente para clasificar los canales.',
  'growth.growers.change': '{change} suscriptores',
  'growth.growers.percent': '{percent} %',
  'growth.channel.back': 'Canales',
  'growth.channel.openYoutube': 'Abrir en YouTube',
  'growth.channel.hiddenCount': 'Oculto',
  'growth.channel.lastSynced': 'Estadísticas del {date}',
  'growth.channel.neverSynced': 'Aún sin sincronizar',
  'growth.meta.title': 'Crecimiento del canal',
  'growth.meta.titleNamed': '{name} · crecimiento',
  'growth.overview.reach': 'Alcance total',
  'growth.overview.reachHint': 'Suscriptores de los canales de tu biblioteca',
  'growth.overview.hidden.one': '{count} canal oculta su número y no está incluido.',
  'growth.overview.hidden.other': '{count} canales ocultan su número y no están incluidos.',
  'growth.overview.top': 'Canales principales',
  'growth.overview.topEmpty': 'Añade canales para ver aquí los más grandes.',
}
