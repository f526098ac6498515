import type { organiserEn } from './en'

export const organiserPt: Record<keyof typeof organiserEn, string> = {
  'organiser.error.groupNotFound': 'Este grupo não existe ou você não tem acesso a ele.',
  'organiser.error.forbidden':
    'Seu papel neste grupo compartilhado não permite isso. Peça ao dono.',
  'organiser.error.entryNotFound': 'Este item não existe ou você não tem acesso a ele.',
  'organiser.error.stale':
    'Isto foi alterado em outro lugar — recarregue para ver a versão mais recente.',
  'organiser.error.depthLimit': 'Os grupos podem ter no máximo {max} níveis de aninhamento.',
  'organiser.error.cycle':
    'Um grupo não pode ser movido para dentro de si mesmo ou de um de seus subgrupos.',
  'organiser.error.nameTaken': 'Já existe um grupo chamado “{name}” aqui.',
  'organiser.error.youtubeUnavailable':
    'Não foi possível acessar o YouTube. Tente novamente em instantes.',
  'organiser.error.animeUrlInvalid':
    'Isto não é um link de série da Crunchyroll (crunchyroll.com/series/…).',
  'organiser.error.animeExists': 'Este anime já está na sua biblioteca.',
}
