import type { overviewEn } from './en'

export const overviewPt: Record<keyof typeof overviewEn, string> = {
  'overview.stats.title': 'Sua biblioteca em números',
  'overview.stats.groups': 'Grupos',
  'overview.stats.channels': 'Canais',
  'overview.stats.animes': 'Animes',
  'overview.stats.ungrouped': 'Fora de qualquer grupo',
  'overview.actions.title': 'Ações rápidas',
  'overview.actions.newGroup': 'Novo grupo',
  'overview.actions.openGroups': 'Abrir a árvore de grupos',
  'overview.actions.openChannels': 'Ver canais',
  'overview.actions.groupSettings': 'Padrões dos grupos',
  'overview.activity.title': 'Atividade recente',
  'overview.activity.empty': 'Nada ainda — crie um grupo para começar.',
  'overview.activity.none':
    'Nenhuma alteração ainda. Grupos criados, renomeados ou movidos e canais adicionados ou removidos, por você ou sua equipe, aparecem aqui.',
}
