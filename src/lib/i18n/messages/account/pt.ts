import type { accountEn } from './en'

export const accountPt: Record<keyof typeof accountEn, string> = {
  'settings.account.deleteDialog.title': 'Excluir sua conta?',
  'settings.account.deleteDialog.intro': 'Isto exclui, de vez e na hora:',
  'settings.account.deleteDialog.counting': 'Contando o que você tem…',
  'settings.account.deleteDialog.groups.one': '{count} grupo, com seu ícone e atividade',
  'settings.account.deleteDialog.groups.other': '{count} grupos, com seus ícones e atividade',
  'settings.account.deleteDialog.channels.one': '{count} canal na sua biblioteca',
  'settings.account.deleteDialog.channels.other': '{count} canais na sua biblioteca',
  'settings.account.deleteDialog.animes.one': '{count} anime na sua biblioteca',
  'settings.account.deleteDialog.animes.other': '{count} animes na sua biblioteca',
  'settings.account.deleteDialog.shared.one':
    '{count} grupo que você compartilha com outras pessoas: ele é excluído para os membros também. Para mantê-lo para eles, transfira a propriedade a um dos editores antes (Compartilhar → Transferir a propriedade).',
  'settings.account.deleteDialog.shared.other':
    '{count} grupos que você compartilha com outras pessoas: eles são excluídos para os membros também. Para manter um para eles, transfira a propriedade a um dos editores antes (Compartilhar → Transferir a propriedade).',
  'settings.account.deleteDialog.memberOf.one':
    'Seu acesso a {count} grupo que outras pessoas compartilham com você termina; o grupo continua delas.',
  'settings.account.deleteDialog.memberOf.other':
    'Seu acesso a {count} grupos que outras pessoas compartilham com você termina; os grupos continuam delas.',
  'settings.account.deleteDialog.undo':
    'Não é possível desfazer. Enviaremos uma confirmação para {email}.',
  'settings.account.deleteDialog.confirm': 'Excluir minha conta de vez',
  'settings.account.deleteDialog.cancel': 'Manter minha conta',
  'goodbye.meta.title': 'Conta excluída',
  'goodbye.title': 'Sua conta foi excluída',
  'goodbye.body':
    'Seus grupos, sua biblioteca e seus compartilhamentos foram apagados, e você saiu de todos os dispositivos. Enviamos uma confirmação para o seu e-mail.',
  'goodbye.thanks': 'Obrigado por usar o Tubefold. Volte quando quiser.',
  'goodbye.home': 'Ir para a página inicial',
  'goodbye.register': 'Criar uma nova conta',
  'mail.deleted.subject': 'Sua conta do Tubefold foi excluída',
  'mail.deleted.heading': 'Até logo, {name}',
  'mail.deleted.body':
    'Sua conta do Tubefold {email} foi excluída, com seus grupos, sua biblioteca e seus compartilhamentos. Os grupos que você compartilhava também foram excluídos para os outros membros.',
  'mail.deleted.notYou':
    'Se não foi você que a excluiu, avise-nos imediatamente pela página de suporte.',
  'mail.deleted.action': 'Falar com o suporte',
  'sharing.accessEnded.title': 'Você não tem mais acesso a este grupo',
  'sharing.accessEnded.body':
    'Você saiu deste grupo, ou o dono, {owner}, removeu seu acesso. Para vê-lo de novo, peça a {owner} que o compartilhe com você.',
  'sharing.accessEnded.dashboard': 'Voltar ao painel',
  'sharing.accessEnded.shared': 'Grupos compartilhados com você',
}
