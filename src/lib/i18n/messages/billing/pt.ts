import type { billingEn } from './en'

export const billingPt: Record<keyof typeof billingEn, string> = {
  // Erros (src/lib/app-error.ts)
  'billing.error.groupsLimit': 'Seu plano permite {max} grupos. Faça upgrade para criar mais.',
  'billing.error.depthLimit':
    'Seu plano permite grupos com até {max} níveis. Faça upgrade para aninhar mais.',
  'billing.error.channelsLimit':
    'Seu plano permite {max} canais e animes na biblioteca. Faça upgrade para adicionar mais.',
  'billing.error.shareLimit':
    'Seu plano permite compartilhar com {max} pessoas. Faça upgrade para compartilhar com mais.',
  'billing.upgradeLink': 'Ver planos e fazer upgrade',
  'billing.error.unavailable': 'A cobrança não está disponível agora. Tente mais tarde.',
}
