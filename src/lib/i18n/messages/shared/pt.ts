import type { sharedEn } from './en'

export const sharedPt: Record<keyof typeof sharedEn, string> = {
  'shared.title': 'Compartilhados comigo',
  'shared.ownedBy': 'Compartilhado por {name}',
  'shared.role.editor': 'Editor',
  'shared.role.viewer': 'Leitor',

  // Groups page and overview
  'shared.section.subtitle':
    'Grupos que outras pessoas compartilham com você. Você vê cada um com seus subgrupos — nada além disso.',
  'shared.section.empty':
    'Nada por enquanto. Quando alguém compartilhar um grupo com você por link ou convite, ele aparece aqui, ao lado dos seus grupos.',
  'shared.overview.seeAll': 'Todos os grupos compartilhados com você',

  // Group page
  'shared.banner.editor': 'Compartilhado por {name} · Editor',
  'shared.banner.viewer': 'Compartilhado por {name} · Somente leitura',
  'shared.banner.editorHint':
    'Você pode adicionar, remover, mover e reordenar canais e animes aqui, e criar, renomear e mover subgrupos dentro dele.',
  'shared.banner.viewerHint': 'Você pode ver e exportar, mas não alterar nada.',
  'shared.copy.button': 'Copiar para meus grupos',
  'shared.copy.busy': 'Copiando…',
  'shared.copy.done': '“{name}” copiado para seus grupos.',
  'shared.leave.button': 'Sair do grupo',
  'shared.leave.title': 'Sair de “{name}”?',
  'shared.leave.description':
    'Você deixará de ver este grupo e seus subgrupos. O dono pode compartilhá-lo com você de novo.',
  'shared.leave.cancel': 'Cancelar',
  'shared.leave.confirm': 'Sair',
  'shared.leave.busy': 'Saindo…',
  'shared.leave.done': 'Você saiu de “{name}”.',
  'shared.leave.inherited':
    'Este grupo foi compartilhado com você como parte de “{root}”. Para sair, abra “{root}” e saia por lá.',
  'shared.leave.openRoot': 'Abrir “{root}”',

  // Move and copy pickers in a shared group
  'shared.picker.within': 'Só aparecem grupos dentro de “{root}”, o grupo compartilhado com você.',
}
