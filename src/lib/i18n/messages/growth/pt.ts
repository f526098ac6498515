import type { growthEn } from './en'

export const growthPt: Record<keyof typeof growthEn, string> = {
  'growth.title': 'Crescimento',
  'growth.range.label': 'Período',
  'growth.range.7': '7 dias',
  'growth.range.30': '30 dias',
  'growth.range.90': '90 dias',
  'growth.range.365': '1 ano',
  'growth.metric.label': 'Número',
  'growth.metric.subscribers': 'Inscritos',
  'growth.metric.views': 'Visualizações',
  'growth.metric.videos': 'Vídeos',
  'growth.chart.title': '{metric} · {period}',
  'growth.chart.summary': '{metric}: {from} em {start}, {to} em {end}.',
  'growth.chart.loading': 'Carregando o gráfico…',
  'growth.chart.noFigures': 'Sem números para este período.',
  'growth.table.show': 'Mostrar os números em tabela',
  'growth.table.day': 'Dia',
  'growth.deltas.title': 'Variação',
  'growth.delta.label': 'Últimos {days} dias',
  'growth.delta.none': 'Histórico ainda insuficiente',
  'growth.approx.note':
    '≈ O YouTube arredonda contagens públicas de inscritos acima de 1.000 para 3 algarismos significativos, então esses números e suas variações são aproximados.',
  'growth.reason.noApiKey':
    'Ainda sem gráficos: as estatísticas diárias vêm da YouTube Data API, e este servidor não tem chave de API.',
  'growth.reason.notYetSynced':
    'Ainda sem estatísticas: o primeiro retrato diário é feito na próxima sincronização. Volte amanhã.',
  'growth.reason.hidden':
    'Este canal oculta o número de inscritos, então só visualizações e vídeos aparecem no gráfico.',
  'growth.reason.hiddenGroup':
    'Todos os canais aqui ocultam o número de inscritos, então só visualizações e vídeos aparecem no gráfico.',
  'growth.reason.noChannels': 'Este grupo e seus subgrupos ainda não têm canais.',
  'growth.group.hidden.one':
    '{count} canal oculta o número de inscritos e fica fora das somas de inscritos.',
  'growth.group.hidden.other':
    '{count} canais ocultam o número de inscritos e ficam fora das somas de inscritos.',
  'growth.group.late.one':
    '{count} canal passou a ser acompanhado mais tarde neste período e fica fora do gráfico, para não parecer crescimento.',
  'growth.group.late.other':
    '{count} canais passaram a ser acompanhados mais tarde neste período e ficam fora do gráfico, para não parecer crescimento.',
  'growth.group.scope': 'Somado sobre os canais deste grupo e de seus subgrupos.',
  'growth.growers.title': 'Os que mais cresceram',
  'growth.growers.byChange': 'Mais inscritos ganhos',
  'growth.growers.byPercent': 'Crescimento mais rápido',
  'growth.growers.empty': 'Histórico ainda insuficiente para classificar os canais.',
  'growth.growers.change': '{change} inscritos',
  'growth.growers.percent': '{percent} %',
  'growth.channel.back': 'Canais',
  'growth.channel.openYoutube': 'Abrir no YouTube',
  'growth.channel.hiddenCount': 'Oculto',
  'growth.channel.lastSynced': 'Estatísticas de {date}',
  'growth.channel.neverSynced': 'Ainda não sincronizado',
  'growth.meta.title': 'Crescimento do canal',
  'growth.meta.titleNamed': '{name} · crescimento',
  'growth.overview.reach': 'Alcance total',
  'growth.overview.reachHint': 'Inscritos dos canais da sua biblioteca',
  'growth.overview.hidden.one': '{count} canal oculta o número e não está incluído.',
  'growth.overview.hidden.other': '{count} canais ocultam o número e não estão incluídos.',
  'growth.overview.top': 'Maiores canais',
  'growth.overview.topEmpty': 'Adicione canais para ver os maiores aqui.',
}
