import type { shareMailEn } from './en'

export const shareMailPt: Record<keyof typeof shareMailEn, string> = {
  'shareMail.invite.subject': '{inviter} convidou você para “{group}” no Tubefold',
  'shareMail.invite.heading': 'Você foi convidado para “{group}”',
  'shareMail.invite.bodyEditor':
    '{inviter} convidou você para editar o grupo “{group}” e seus subgrupos: você poderá adicionar, remover e organizar canais e animes nele.',
  'shareMail.invite.bodyViewer':
    '{inviter} convidou você para ver o grupo “{group}” e seus subgrupos, com seus feeds e gráficos de crescimento.',
  'shareMail.invite.account': 'Para aceitar, entre ou crie uma conta com {email}.',
  'shareMail.invite.expiry':
    'O convite expira em {days} dias. Se você não esperava por ele, pode ignorar este e-mail.',
  'shareMail.invite.action': 'Abrir o convite',
  'shareMail.joined.subject': '{member} entrou em “{group}”',
  'shareMail.joined.heading': 'Olá, {name}',
  'shareMail.joined.bodyEditor': '{member} entrou no seu grupo “{group}” e agora pode editá-lo.',
  'shareMail.joined.bodyViewer': '{member} entrou no seu grupo “{group}” e agora pode vê-lo.',
  'shareMail.joined.manage':
    'Você pode mudar a função dessa pessoa ou retirar o acesso a qualquer momento na página de compartilhamento.',
  'shareMail.joined.action': 'Gerenciar compartilhamento',
}
