import type { sharingEn } from './en'

export const sharingPt: Record<keyof typeof sharingEn, string> = {
  // Erros (src/lib/app-error.ts)
  'sharing.error.linkUnavailable':
    'Este link não está disponível. Ele pode ter expirado ou sido revogado — peça um novo.',
  'sharing.error.invitationUnavailable':
    'Este convite não está disponível. Ele pode ter expirado, sido cancelado ou já ter sido usado.',
  'sharing.error.wrongAccount':
    'Este convite foi enviado para {email}. Entre com esse endereço para aceitá-lo.',
  'sharing.error.emailNotVerified': 'Confirme seu endereço de e-mail antes de convidar pessoas.',
  'sharing.error.memberNotFound': 'Esta pessoa não é mais membro do grupo.',
  'sharing.error.alreadyMember': '{email} já tem acesso a este grupo.',
  'sharing.error.inviteSelf': 'Você já é o dono deste grupo.',

  // Títulos das páginas
  'sharing.meta.screen': 'Compartilhar grupo',
  'sharing.meta.screenNamed': 'Compartilhar “{name}”',
  'sharing.meta.link': 'Grupo compartilhado',
  'sharing.meta.linkNamed': '“{name}” — grupo compartilhado',
  'sharing.meta.invitation': 'Convite',
  'sharing.meta.invitationNamed': 'Convite para “{name}”',

  // Papéis e permissões
  'sharing.role.owner': 'Dono',
  'sharing.role.editor': 'Editor',
  'sharing.role.viewer': 'Leitor',
  'sharing.role.editorHint':
    'Pode adicionar, remover e mover canais, animes e subgrupos, e renomear subgrupos.',
  'sharing.role.viewerHint': 'Pode ver canais, animes, feeds e gráficos, e exportá-los.',
  'sharing.permission.view': 'Pode ver',
  'sharing.permission.edit': 'Pode editar',
  'sharing.date.expires': 'Expira em {date}',
  'sharing.date.expired': 'Expirou em {date}',

  // A tela de compartilhamento (só o dono)
  'sharing.button': 'Compartilhar',
  'sharing.screen.back': 'Voltar para {name}',
  'sharing.screen.title': 'Compartilhar “{name}”',
  'sharing.screen.subtitle':
    'Quem recebe acesso vê este grupo e todos os seus subgrupos — nada mais do que é seu. Só você decide quem tem acesso.',

  'sharing.members.title': 'Membros',
  'sharing.members.you': 'Você',
  'sharing.members.empty': 'Ninguém mais tem acesso ainda. Crie um link ou envie um convite.',
  'sharing.members.joined': 'Entrou em {date}',
  'sharing.members.roleLabel': 'Papel de {name}',
  'sharing.members.roleChanged': '{name} agora é: {role}.',
  'sharing.members.remove': 'Remover',
  'sharing.members.removeLabel': 'Remover {name}',
  'sharing.members.removeTitle': 'Remover {name}?',
  'sharing.members.removeBody':
    '{name} perde o acesso a este grupo e aos seus subgrupos na hora. O que essa pessoa adicionou continua. Revogue os links que ela ainda tiver, ou ela poderá entrar de novo por eles.',
  'sharing.members.removing': 'Removendo…',
  'sharing.members.removed': '{name} não tem mais acesso.',

  'sharing.links.title': 'Links',
  'sharing.links.subtitle':
    'Quem tiver um link pode abri-lo e entrar. Links de leitura mostram uma prévia sem conta; links de edição exigem uma.',
  'sharing.links.permission': 'Permissão',
  'sharing.links.expiry': 'Expira depois de',
  'sharing.links.expiry.never': 'Nunca',
  'sharing.links.expiry.day': '1 dia',
  'sharing.links.expiry.week': '7 dias',
  'sharing.links.expiry.month': '30 dias',
  'sharing.links.create': 'Criar link',
  'sharing.links.creating': 'Criando…',
  'sharing.links.created': 'Link criado. Copie e envie para quem deve ter acesso.',
  'sharing.links.empty': 'Nenhum link ainda.',
  'sharing.links.noExpiry': 'Não expira',
  'sharing.links.revokedOn': 'Revogado em {date}',
  'sharing.links.createdOn': 'Criado em {date}',
  'sharing.links.uses.one': 'Usado {count} vez',
  'sharing.links.uses.other': 'Usado {count} vezes',
  'sharing.links.state.active': 'Ativo',
  'sharing.links.state.expired': 'Expirado',
  'sharing.links.state.revoked': 'Revogado',
  'sharing.links.copy': 'Copiar',
  'sharing.links.copyLabel': 'Copiar o link “{permission}” criado em {date}',
  'sharing.links.copied': 'Link copiado.',
  'sharing.links.copyUnavailable':
    'Este link foi criado antes de os links serem guardados com segurança e não pode ser mostrado de novo. Ele continua funcionando; para compartilhar de novo, crie um link novo.',
  'sharing.links.copyFailed': 'Não foi possível copiar o link. Copie-o manualmente: {url}',
  'sharing.links.revoke': 'Revogar',
  'sharing.links.revokeLabel': 'Revogar o link “{permission}” criado em {date}',
  'sharing.links.revokeTitle': 'Revogar este link?',
  'sharing.links.revokeBody':
    'O link para de funcionar na hora. Quem já entrou mantém o acesso; remova essas pessoas em Membros.',
  'sharing.links.revoking': 'Revogando…',
  'sharing.links.revoked': 'Link revogado.',

  'sharing.invitations.title': 'Convites',
  'sharing.invitations.subtitle':
    'Enviamos por e-mail um link válido por {days} dias. Ele é aceito depois de entrar ou criar uma conta com esse endereço.',
  'sharing.invitations.email': 'Endereço de e-mail',
  'sharing.invitations.role': 'Papel',
  'sharing.invitations.send': 'Enviar convite',
  'sharing.invitations.sending': 'Enviando…',
  'sharing.invitations.sent': 'Convite enviado para {email}.',
  'sharing.invitations.resent': 'Convite enviado de novo para {email}.',
  'sharing.invitations.needsVerified':
    'Confirme seu endereço de e-mail para convidar pessoas por e-mail. Os links funcionam sem isso.',
  'sharing.invitations.pending': 'Convites pendentes',
  'sharing.invitations.empty': 'Nenhum convite pendente.',
  'sharing.invitations.cancel': 'Cancelar',
  'sharing.invitations.cancelLabel': 'Cancelar o convite para {email}',
  'sharing.invitations.cancelTitle': 'Cancelar o convite para {email}?',
  'sharing.invitations.cancelBody':
    'O link do e-mail para de funcionar. Você pode convidar de novo quando quiser.',
  'sharing.invitations.cancelConfirm': 'Cancelar convite',
  'sharing.invitations.keep': 'Manter',
  'sharing.invitations.cancelling': 'Cancelando…',
  'sharing.invitations.cancelled': 'Convite para {email} cancelado.',

  'sharing.transfer.title': 'Transferir a propriedade',
  'sharing.transfer.body':
    'Só o novo dono gerencia o compartilhamento e pode excluir o grupo. Você não consegue desfazer isso sozinho.',
  'sharing.transfer.to': 'Novo dono',
  'sharing.transfer.choose': 'Escolha um editor',
  'sharing.transfer.noEditors':
    'Só um editor pode se tornar o dono. Dê primeiro o papel de Editor a alguém.',
  'sharing.transfer.button': 'Transferir a propriedade…',
  'sharing.transfer.confirmTitle': 'Tornar {name} dono de “{group}”?',
  'sharing.transfer.confirmBody':
    '{name} vai gerenciar o compartilhamento e poderá excluir “{group}” e seus subgrupos. Só {name} pode devolvê-lo.',
  'sharing.transfer.confirm': 'Transferir',
  'sharing.transfer.transferring': 'Transferindo…',
  'sharing.transfer.done': '{name} agora é dono de “{group}”.',

  // A página pública do link
  'sharing.page.eyebrow': 'Grupo compartilhado',
  'sharing.page.sharedBy': 'Compartilhado por {name}',
  'sharing.page.itemsTitle': 'Conteúdo',
  'sharing.page.more': '+{count} mais',
  'sharing.page.subgroupsTitle': 'Subgrupos',
  'sharing.page.allows.view':
    'Este link permite ver o grupo: seus canais, animes, feed e gráficos.',
  'sharing.page.allows.edit':
    'Este link permite editar o grupo: adicionar, remover e mover canais, animes e subgrupos.',
  'sharing.page.join': 'Entrar no grupo',
  'sharing.page.joinAsEditor': 'Entrar como editor',
  'sharing.page.joining': 'Entrando…',
  'sharing.page.joined': 'Você entrou em “{name}”.',
  'sharing.page.open': 'Abrir grupo',
  'sharing.page.owner': 'Este grupo é seu.',
  'sharing.page.member': 'Você já tem acesso a este grupo ({role}).',
  'sharing.page.guestHint':
    'Esta é uma prévia só para leitura. Entre ou crie uma conta para adicionar este grupo ao seu painel.',
  'sharing.page.signInToJoin': 'Entrar para participar',
  'sharing.page.createAccount': 'Criar uma conta',
  'sharing.page.signInTitle': 'Entre para abrir este link',
  'sharing.page.signInBody':
    'Este link permite editar um grupo compartilhado, por isso exige uma conta. Entre e você voltará para cá.',
  'sharing.page.unavailableTitle': 'Link não disponível',
  'sharing.page.home': 'Ir para o Tubefold',
  'sharing.incomplete.title': 'Este link está incompleto ou errado',
  'sharing.incomplete.body':
    'Falta uma parte do endereço ou ela foi alterada, então ele não diz o que o link permite. Apps de conversa e programas de e-mail às vezes cortam o fim de um link.',
  'sharing.incomplete.howTo':
    'Peça o link de novo a quem o compartilhou: o botão “Copiar” na tela de compartilhamento copia o link todo, para colar inteiro.',

  // A página pública do convite
  'sharing.invitation.eyebrow': 'Convite',
  'sharing.invitation.title': '{owner} convidou você para “{name}”',
  'sharing.invitation.role': 'Você entraria como: {role}.',
  'sharing.invitation.sentTo': 'Enviado para {email}',
  'sharing.invitation.validUntil': 'Válido até {date}',
  'sharing.invitation.accept': 'Aceitar convite',
  'sharing.invitation.accepting': 'Aceitando…',
  'sharing.invitation.signInHint':
    'Entre com {email} para aceitar, ou crie uma conta com esse endereço.',
  'sharing.invitation.signIn': 'Entrar para aceitar',
  'sharing.invitation.switch': 'Sair e usar outra conta',
  'sharing.invitation.unavailableTitle': 'Convite não disponível',
}
