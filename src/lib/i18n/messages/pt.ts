import { accountPt } from './account/pt'
import { authPt } from './auth/pt'
import { billingPt } from './billing/pt'
import { channelDataPt } from './channel-data/pt'
import { connectPt } from './connect/pt'
import type { Messages } from './en'
import { feedPt } from './feed/pt'
import { groupsPt } from './groups/pt'
import { growthPt } from './growth/pt'
import { landingPt } from './landing/pt'
import { libraryPt } from './library/pt'
import { notifyPt } from './notify/pt'
import { notifyMailPt } from './notify-mail/pt'
import { organiserPt } from './organiser/pt'
import { overviewPt } from './overview/pt'
import { searchPt } from './search/pt'
import { shareMailPt } from './share-mail/pt'
import { sharedPt } from './shared/pt'
import { sharingPt } from './sharing/pt'
import { supportPt } from './support/pt'
import { transferPt } from './transfer/pt'

export const messages: Messages = {
  // Meta
  'meta.title.home': 'Tubefold — Group youtube subscriptions',
  'meta.title.suffix': '{title} · Tubefold — Group youtube subscriptions',
  'meta.description.home':
    'Organize seus canais do YouTube e animes da Crunchyroll em grupos aninhados com ícones, tenha um feed e gráficos de crescimento por grupo e compartilhe grupos com sua equipe.',
  'meta.title.terms': 'Termos de Serviço',
  'meta.description.terms': 'Os termos sob os quais o Tubefold é oferecido.',
  'meta.title.privacy': 'Política de Privacidade',
  'meta.description.privacy':
    'O que o Tubefold guarda sobre você, por quê, e como exportar ou excluir esses dados.',
  'meta.title.support': 'Suporte',
  'meta.description.support':
    'Respostas para dúvidas comuns e um formulário para falar com a equipe do Tubefold.',

  // Shared chrome
  'common.skipToContent': 'Pular para o conteúdo',
  'common.appName': 'Tubefold',
  'common.home': 'Página inicial do Tubefold',
  'common.signIn': 'Entrar',
  'common.getStarted': 'Comece grátis',
  'nav.primary': 'Navegação principal',
  'nav.features': 'Recursos',
  'nav.integrations': 'Integrações',
  'nav.pricing': 'Preços',
  'nav.support': 'Suporte',
  'nav.openMenu': 'Abrir menu',
  'nav.closeMenu': 'Fechar menu',

  // Language and appearance controls
  'language.label': 'Idioma',
  'appearance.open': 'Configurações de exibição',
  'appearance.title': 'Exibição',
  'appearance.theme': 'Tema',
  'appearance.theme.light': 'Claro',
  'appearance.theme.dark': 'Escuro',
  'appearance.theme.system': 'Sistema',
  'appearance.accentColor': 'Cor de destaque',
  'appearance.accent.blue': 'Azul',
  'appearance.accent.green': 'Verde',
  'appearance.accent.purple': 'Roxo',
  'appearance.accent.red': 'Vermelho',
  'appearance.accent.orange': 'Laranja',
  'appearance.fontSize': 'Tamanho da fonte',
  'appearance.fontSize.small': 'Pequeno',
  'appearance.fontSize.medium': 'Médio',
  'appearance.fontSize.large': 'Grande',
  'appearance.compactMode': 'Modo compacto',
  'appearance.compactMode.hint': 'Espaçamento menor para caber mais na tela.',
  'appearance.animations': 'Animações',
  'appearance.animations.hint': 'Também desativadas quando seu sistema pede movimento reduzido.',

  ...landingPt,

  // Footer
  'footer.tagline': 'Grupos aninhados para canais do YouTube e animes da Crunchyroll.',
  'footer.product': 'Produto',
  'footer.legal': 'Legal',
  'footer.help': 'Ajuda',
  'footer.terms': 'Termos de Serviço',
  'footer.privacy': 'Política de Privacidade',
  'footer.support': 'Suporte',
  'footer.rights': '© {year} Tubefold.',
  'footer.notAffiliated':
    'Sem afiliação com YouTube, Google ou Crunchyroll. YouTube é uma marca registrada da Google LLC.',

  // Not found and errors
  'notFound.title': 'Não encontrado',
  'notFound.message': 'A página que você procura não existe.',
  'notFound.goBack': 'Voltar',
  'notFound.startOver': 'Recomeçar',
  'error.title': 'Algo deu errado!',
  'error.show': 'Mostrar erro',
  'error.hide': 'Ocultar erro',
  'error.retry': 'Tentar novamente',

  // Terms
  'terms.title': 'Termos de Serviço',
  'terms.updated': 'Última atualização: {date}',
  'terms.intro':
    'Estes termos regem seu uso do Tubefold, um serviço para organizar canais de vídeo e animes em grupos. Ao criar uma conta, você concorda com eles.',
  'terms.account.title': 'Sua conta',
  'terms.account.body':
    'Você é responsável pela sua conta e por manter sua senha segura. Forneça informações corretas e nos avise se suspeitar que outra pessoa está usando sua conta.',
  'terms.content.title': 'Seu conteúdo',
  'terms.content.body':
    'Seus grupos, notas e tags pertencem a você. Você nos autoriza a armazená-los e processá-los apenas para operar o serviço para você e para as pessoas com quem os compartilha. Você pode exportá-los ou excluí-los a qualquer momento.',
  'terms.use.title': 'Uso aceitável',
  'terms.use.body':
    'Não abuse do serviço: nada de tentar invadi-lo, sobrecarregá-lo, coletar dados de outros usuários ou usá-lo contra os termos do YouTube ou da Crunchyroll.',
  'terms.plans.title': 'Planos e testes',
  'terms.plans.body':
    'O plano Grátis não custa nada. Os planos pagos começam com um teste de {days} dias que não exige cartão de crédito; quando ele termina sem uma assinatura, sua conta volta ao plano Grátis e nada é excluído.',
  'terms.thirdParty.title': 'Plataformas de terceiros',
  'terms.thirdParty.body':
    'Os dados de canais e animes vêm do YouTube e do AniList. O Tubefold não tem afiliação com eles, e a disponibilidade deles está fora do nosso controle.',
  'terms.liability.title': 'Disponibilidade e responsabilidade',
  'terms.liability.body':
    'Trabalhamos para manter o Tubefold disponível e seus dados seguros, mas o serviço é fornecido no estado em que se encontra. Na medida permitida por lei, não nos responsabilizamos por perdas indiretas.',
  'terms.changes.title': 'Alterações',
  'terms.changes.body':
    'Se estes termos mudarem de forma relevante, avisaremos você por e-mail antes que a mudança entre em vigor.',
  'terms.contact': 'Dúvidas sobre estes termos? Escreva para nós pela página de suporte.',

  // Privacy
  'privacy.title': 'Política de Privacidade',
  'privacy.updated': 'Última atualização: {date}',
  'privacy.intro':
    'O Tubefold guarda o mínimo possível sobre você e nunca vende esses dados. Esta página diz exatamente o que é armazenado e por quê.',
  'privacy.stored.title': 'O que armazenamos',
  'privacy.stored.account':
    'Sua conta: nome, endereço de e-mail, um hash da sua senha e seu idioma.',
  'privacy.stored.library':
    'Sua biblioteca: os canais e animes que você adiciona, seus grupos, os ícones e cores deles, suas notas, tags e apelidos.',
  'privacy.stored.sharing':
    'Compartilhamento: com quem você compartilha grupos, em qual nível, e a atividade nos grupos compartilhados.',
  'privacy.stored.sessions':
    'Sessões: um cookie de sessão que mantém você conectado, com o navegador e o endereço IP que o criaram, para que você possa revisar e revogar sessões.',
  'privacy.stored.preferences':
    'Preferências: seu tema, cor de destaque, tamanho da fonte e idioma, guardados em cookies no seu navegador.',
  'privacy.notStored.title': 'O que não fazemos',
  'privacy.notStored.ads': 'Sem anúncios, sem redes de anúncios, sem gerenciadores de tags.',
  'privacy.notStored.trackers':
    'Sem rastreadores de terceiros. A análise de uso do produto só funciona se o operador desta instância ativá-la e, mesmo assim, respeita a configuração Do Not Track do seu navegador.',
  'privacy.notStored.selling': 'Nunca vendemos nem alugamos seus dados.',
  'privacy.youtube.title': 'YouTube e Google',
  'privacy.youtube.body':
    'O Tubefold usa os Serviços de API do YouTube. Se você conectar sua conta do YouTube, lemos suas inscrições apenas para importá-las, armazenamos o token de acesso criptografado e o excluímos quando você desconecta. A política de privacidade do Google se aplica à parte do Google.',
  'privacy.rights.title': 'Seus direitos',
  'privacy.rights.body':
    'Você pode exportar todos os seus dados e excluir sua conta a qualquer momento nas configurações. Excluir a conta remove todos os registros que pertencem a você.',
  'privacy.contact': 'Dúvidas sobre privacidade? Escreva para nós pela página de suporte.',

  // Errors shared by every form and server call
  'errors.rateLimited': 'Muitas tentativas. Tente novamente em {seconds} s.',
  'errors.mailFailed': 'Não foi possível enviar o e-mail. Tente novamente.',
  'errors.validation': 'Verifique este campo.',
  'errors.internal': 'Algo deu errado do nosso lado. Tente novamente.',
  'errors.network':
    'Não foi possível conectar ao servidor. Verifique sua conexão e tente novamente.',
  'errors.requestTooLarge':
    'Isto é grande demais para enviar. Um arquivo pode ter até {max} MB: divida um maior e importe as partes.',

  // Validation shared by every form
  'validation.emailRequired': 'O e-mail é obrigatório',
  'validation.emailInvalid': 'Informe um endereço de e-mail válido',

  ...supportPt,
  ...notifyPt,

  ...authPt,

  // Dashboard shell
  'dashboard.nav.label': 'Painel',
  'dashboard.nav.overview': 'Visão geral',
  'dashboard.nav.groups': 'Grupos',
  'dashboard.nav.channels': 'Canais',
  'dashboard.nav.animes': 'Animes',
  'dashboard.nav.settings': 'Configurações',
  'dashboard.userMenu': 'Menu da conta de {name}',
  'dashboard.signOut': 'Sair',
  'dashboard.openNav': 'Abrir navegação',
  'dashboard.closeNav': 'Fechar navegação',
  'dashboard.overview.greeting': 'Olá, {name}',
  'dashboard.overview.subtitle': 'Esta é a sua visão geral do Tubefold.',
  'dashboard.overview.origin.import': 'Sua importação terminou — seus grupos estão prontos.',
  'dashboard.overview.origin.extension': 'Boas-vindas! Você chegou pela extensão para navegador.',
  'dashboard.overview.origin.confirmed': 'Seu e-mail foi confirmado. Boas-vindas ao Tubefold!',
  'dashboard.overview.account': 'Sua conta',
  'dashboard.overview.emailConfirmed': 'E-mail confirmado',
  'dashboard.overview.emailPending': 'E-mail ainda não confirmado',
  'dashboard.overview.settingsLink': 'Configurações da conta',
  'dashboard.overview.appearanceLink': 'Aparência',

  // Settings
  'settings.title': 'Configurações',
  'settings.nav.label': 'Seções das configurações',
  'settings.nav.account': 'Conta',
  'settings.nav.appearance': 'Aparência',
  'settings.appearance.title': 'Aparência',
  'settings.appearance.subtitle': 'Vale na hora neste dispositivo e fica guardada por um ano.',
  'settings.account.title': 'Conta',
  'settings.account.profile': 'Perfil',
  'settings.account.saveName': 'Salvar nome',
  'settings.account.nameSaved': 'Nome salvo.',
  'settings.account.email': 'Endereço de e-mail',
  'settings.account.emailHint':
    'Enviamos um link para o novo endereço; a alteração vale quando você o abrir.',
  'settings.account.changeEmail': 'Alterar e-mail',
  'settings.account.emailSent': 'Confira {email} para confirmar o novo endereço.',
  'settings.account.emailChanged': 'Seu endereço de e-mail foi alterado.',
  'settings.account.password': 'Senha',
  'settings.account.changePassword': 'Alterar senha',
  'settings.account.passwordChanged': 'Senha alterada. Suas outras sessões foram encerradas.',
  'settings.account.sessions': 'Sessões ativas',
  'settings.account.sessionsHint':
    'Dispositivos em que você está conectado. Revogue os que você não reconhecer.',
  'settings.account.thisDevice': 'Este dispositivo',
  'settings.account.unknownDevice': 'Dispositivo desconhecido',
  'settings.account.lastActive': 'Conectado em {date}',
  'settings.account.revoke': 'Revogar',
  'settings.account.revoked': 'Sessão revogada.',
  'settings.account.delete': 'Excluir conta',
  'settings.account.deleteHint':
    'Exclui sua conta e tudo o que há nela: grupos, biblioteca, compartilhamentos. Isso não pode ser desfeito.',
  'settings.account.deleteConfirm': 'Digite sua senha para excluir sua conta',
  'settings.account.deleteButton': 'Excluir minha conta',
  'settings.account.deleting': 'Excluindo...',
  'settings.account.saving': 'Salvando...',

  // Mail
  'mail.footer': 'Tubefold — grupos aninhados para canais do YouTube e animes da Crunchyroll.',
  'mail.confirm.subject': 'Confirme seu e-mail no Tubefold',
  'mail.confirm.heading': 'Boas-vindas ao Tubefold, {name}',
  'mail.confirm.body': 'Confirme seu endereço de e-mail para terminar de criar sua conta.',
  'mail.confirm.expiry': 'O link funciona uma única vez e expira em 24 horas.',
  'mail.confirm.action': 'Confirmar meu e-mail',
  'mail.existing.subject': 'Alguém tentou se cadastrar com seu e-mail',
  'mail.existing.heading': 'Olá, {name}',
  'mail.existing.body':
    'Alguém tentou criar uma conta no Tubefold com este endereço, que já tem uma. Se foi você, entre ou redefina sua senha.',
  'mail.existing.ignore': 'Se não foi você, pode ignorar este e-mail; nada foi alterado.',
  'mail.existing.action': 'Redefinir minha senha',
  'mail.reset.subject': 'Redefina sua senha do Tubefold',
  'mail.reset.heading': 'Olá, {name}',
  'mail.reset.body':
    'Alguém pediu para redefinir a senha da sua conta do Tubefold. Escolha uma nova com este link.',
  'mail.reset.expiry':
    'O link funciona uma única vez e expira em 1 hora. Se você não fez esse pedido, ignore este e-mail.',
  'mail.reset.action': 'Escolher uma nova senha',
  'mail.changeEmail.subject': 'Confirme seu novo endereço de e-mail',
  'mail.changeEmail.heading': 'Olá, {name}',
  'mail.changeEmail.body': 'Abra este link para usar {email} na sua conta do Tubefold.',
  'mail.changeEmail.action': 'Confirmar o novo endereço',
  ...organiserPt,
  ...groupsPt,
  ...libraryPt,
  ...transferPt,
  ...sharingPt,
  ...connectPt,
  ...growthPt,
  ...feedPt,
  ...channelDataPt,
  ...sharedPt,
  ...shareMailPt,
  ...overviewPt,
  ...accountPt,
  ...searchPt,
  ...billingPt,
  ...notifyMailPt,
}
