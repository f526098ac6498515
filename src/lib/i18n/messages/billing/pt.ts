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
  'billing.meta.title': 'Cobrança',
  'billing.nav': 'Cobrança',
  'billing.title': 'Plano e cobrança',
  'billing.selfHosted':
    'Esta instância não tem um provedor de pagamento configurado: todos os recursos estão liberados.',
  'billing.current': 'Plano atual: {plan}',
  'billing.trial.daysLeft.one': 'Resta {count} dia do seu teste do Pro.',
  'billing.trial.daysLeft.other': 'Restam {count} dias do seu teste do Pro.',
  'billing.cancelsAtPeriodEnd': 'Sua assinatura termina no fim do período atual.',
  'billing.usage.title': 'Uso',
  'billing.usage.groups': 'Grupos',
  'billing.usage.depth': 'Níveis de aninhamento',
  'billing.usage.channels': 'Canais e animes',
  'billing.usage.shareMembers': 'Pessoas com quem você compartilha',
  'billing.usage.of': '{used} de {max}',
  'billing.usage.unlimited': '{used} (ilimitado)',
  'billing.seats.title': 'Assentos',
  'billing.seats.billed': 'Assentos cobrados',
  'billing.seats.counted': 'Pessoas contadas agora',
  'billing.seats.explain':
    'O Business é cobrado por pessoa: você e todos com quem você compartilha grupos (membros e convites em aberto). Os assentos cobrados acompanham essas pessoas, com valor proporcional; uma mudança aparece aqui assim que o Stripe a registra.',
  'billing.upgrade.title': 'Fazer upgrade',
  'billing.upgrade.proMonthly': 'Pro: {price} por mês',
  'billing.upgrade.proYearly': 'Pro: {price} por ano',
  'billing.upgrade.business': 'Business: {price} por membro por mês',
  'billing.manage': 'Forma de pagamento, faturas ou cancelar',
  'billing.banner.trial.one': 'Seu teste do Pro termina em {count} dia.',
  'billing.banner.trial.other': 'Seu teste do Pro termina em {count} dias.',
  'billing.banner.cta': 'Escolher um plano',
  'billing.mail.soon.subject': 'Seu teste do Tubefold Pro termina em {days} dias',
  'billing.mail.soon.heading': 'Seu teste do Pro termina em breve',
  'billing.mail.soon.body':
    'Olá, {name}: seu teste do Pro termina em {days} dias. Escolha um plano para manter grupos e canais ilimitados; caso contrário, sua conta passa para o Grátis e mantém tudo o que você criou.',
  'billing.mail.ended.subject': 'Seu teste do Tubefold Pro terminou',
  'billing.mail.ended.heading': 'Seu teste do Pro terminou',
  'billing.mail.ended.body':
    'Olá, {name}: seu teste do Pro terminou hoje e sua conta está no Grátis. Nada foi apagado; faça upgrade quando quiser para passar dos limites do Grátis.',
  'billing.mail.action': 'Escolher um plano',
  'billing.error.businessTrialUsed': 'O Business pode ser testado uma vez, e esta conta já testou.',
  'billing.tryBusiness': 'Testar o Business grátis por {days} dias',
}
