import type { landingEn } from './en'

export const landingPt: Record<keyof typeof landingEn, string> = {
  // Landing: hero
  'hero.badge': 'Grupos aninhados · feeds · crescimento · compartilhamento',
  'hero.title': 'Organize centenas de canais em grupos que fazem sentido',
  'hero.subtitle':
    'O Tubefold transforma uma lista infinita de inscrições em grupos aninhados com ícones — cada um com seu próprio feed e gráficos de crescimento — e permite que sua equipe trabalhe neles com você.',
  'hero.primary': 'Crie sua conta grátis',
  'hero.secondary': 'Veja como funciona',
  'hero.trial': '{days} dias de teste grátis do Pro, sem cartão de crédito',
  'hero.preview.label': 'Exemplo de árvore de grupos',
  'hero.preview.tech': 'Tecnologia',
  'hero.preview.reviews': 'Análises',
  'hero.preview.phones': 'Celulares',
  'hero.preview.cooking': 'Culinária',
  'hero.preview.baking': 'Confeitaria',
  'hero.preview.anime': 'Animes da temporada',
  'hero.preview.channels': '{count} canais',
  'hero.preview.newVideos': '{count} novos',

  // Landing: stats
  'stats.title': 'Tubefold em números',
  'stats.depth': 'níveis de aninhamento',
  'stats.formats': 'formatos de importação',
  'stats.languages': 'idiomas',
  'stats.quota': 'unidades de cota da API gastas nos seus feeds',

  // Landing: features
  'features.title': 'Tudo de que uma grande lista de inscrições precisa',
  'features.subtitle': 'Feito para quem acompanha de centenas a milhares de canais.',
  'features.nesting.title': 'Grupos aninhados',
  'features.nesting.body':
    'Tecnologia › Análises › Celulares: até {depth} níveis, um canal em quantos grupos você quiser, reordenados arrastando e soltando ou pelo teclado.',
  'features.icons.title': 'Ícones e cores',
  'features.icons.body':
    'Dê a cada grupo um ícone ou emoji e uma cor, tudo incluído no app — nada é buscado de terceiros.',
  'features.feeds.title': 'Um feed por grupo',
  'features.feeds.body':
    'Os envios mais recentes de um grupo e seus subgrupos, dos mais novos aos mais antigos, com Shorts e vídeos assistidos ocultos se você preferir.',
  'features.growth.title': 'Gráficos de crescimento',
  'features.growth.body':
    'Inscritos, visualizações e vídeos ao longo do tempo para cada canal e grupo, com variações de 7, 30 e 90 dias.',
  'features.sharing.title': 'Compartilhamento para ver ou editar',
  'features.sharing.body':
    'Compartilhe um grupo e seus subgrupos por link ou convite; seus colegas podem ver ou editar, e você pode revogar o acesso a qualquer momento.',
  'features.importExport.title': 'Importação e exportação sem perdas',
  'features.importExport.body':
    'Traga suas inscrições do YouTube, NewPipe, FreeTube, Piped e outros; exporte sua árvore inteira quando quiser.',

  // Landing: integrations
  'integrations.title': 'Funciona com o que você já usa',
  'integrations.subtitle': 'Seus canais vêm das plataformas; seus grupos viajam entre apps.',
  'integrations.youtube.title': 'YouTube',
  'integrations.youtube.body':
    'Dados e estatísticas dos canais vêm da YouTube Data API, e os feeds vêm do RSS do YouTube, sem gastar cota.',
  'integrations.crunchyroll.title': 'Crunchyroll',
  'integrations.crunchyroll.body':
    'Adicione uma série pelo link; pôsteres, episódios e notas vêm do AniList.',
  'integrations.apps.title': 'Seus outros apps',
  'integrations.apps.body': 'Leia e grave os arquivos de {formats}.',
  'integrations.browser.title': 'Extensão para navegador',
  'integrations.browser.body': 'Veja seus grupos diretamente no YouTube.',
  'integrations.planned': 'Planejado',

  // Landing: use-case stories
  'stories.title': 'Feito para o jeito que as pessoas realmente assistem',
  'stories.subtitle': 'Três formas de usar o Tubefold.',
  'stories.creator.role': 'Um criador',
  'stories.creator.body':
    'Mantém um grupo “Concorrentes” e um grupo “Ideias de collab”, confere os gráficos de crescimento toda segunda-feira e assiste ao feed do grupo em vez da página inicial.',
  'stories.agency.role': 'Uma agência',
  'stories.agency.body':
    'Tem um grupo por cliente, compartilha o “Cliente A” com o gerente de conta para edição e com o cliente só para visualização — e ninguém vê o “Cliente B”.',
  'stories.fan.role': 'Um fã',
  'stories.fan.body':
    'Acompanha 2.000 canais e uma dúzia de animes, organizados em “Culinária › Confeitaria” ou “Animes da temporada”, cada um com seu próprio feed.',

  // Landing: pricing
  'pricing.title': 'Preços simples',
  'pricing.subtitle':
    'Comece grátis. Experimente o Pro ou o Business por {days} dias — sem cartão de crédito.',
  'pricing.subtitleNoTrial': 'Comece grátis e mude de plano quando precisar de mais.',
  'pricing.plan.free': 'Grátis',
  'pricing.plan.pro': 'Pro',
  'pricing.plan.business': 'Business',
  'pricing.plan.free.tagline': 'Para colocar suas inscrições em ordem.',
  'pricing.plan.pro.tagline': 'Para quem assiste muito e para criadores.',
  'pricing.plan.business.tagline': 'Para agências e equipes.',
  'pricing.perMonth': '/mês',
  'pricing.perMemberMonth': 'por membro / mês',
  'pricing.yearly': 'ou {price} por ano',
  'pricing.popular': 'Mais popular',
  'pricing.trial': '{days} dias de teste grátis, sem cartão de crédito',
  'pricing.choose.free': 'Comece grátis',
  'pricing.choose.getStarted': 'Começar',
  'pricing.choose.trial': 'Iniciar teste grátis',
  'pricing.limit.groups': '{count} grupos',
  'pricing.limit.groupsUnlimited': 'Grupos ilimitados',
  'pricing.limit.depth': 'Aninhamento de até {count} níveis',
  'pricing.limit.channels': '{count} canais',
  'pricing.limit.channelsUnlimited': 'Canais ilimitados',
  'pricing.limit.share': 'Compartilhe com até {count} pessoas',
  'pricing.limit.shareUnlimited': 'Compartilhamento ilimitado',
  'pricing.feature.importExport': 'Importação e exportação',
  'pricing.feature.feeds': 'Um feed por grupo',
  'pricing.feature.growthAnalytics': 'Análise de crescimento',
  'pricing.feature.teams': 'Equipes',
  'pricing.feature.activityLog': 'Registro de atividades',
  'pricing.feature.prioritySupport': 'Suporte prioritário',
  'pricing.selfHosted':
    'Rodando sua própria instância? Todos os recursos ficam liberados quando nenhum provedor de pagamento está configurado.',

  // Landing: call to action
  'cta.title': 'Suas inscrições, finalmente em ordem',
  'cta.body':
    'Crie uma conta, importe suas inscrições e monte seus primeiros grupos em poucos minutos.',
  'cta.button': 'Crie sua conta grátis',
}
