import type { connectEn } from './en'

export const connectPt: Record<keyof typeof connectEn, string> = {
  'connect.error.notConnected': 'Nenhuma conta do YouTube está conectada.',
  'connect.error.failed': 'Não foi possível conectar o YouTube. Tente de novo.',
  'connect.error.notConfigured': 'A conexão com o YouTube não está configurada neste servidor.',
  'connect.error.denied':
    'Você não permitiu que o Tubefold lesse suas inscrições do YouTube, então nada foi importado.',
  'connect.error.state':
    'Esse login com o Google expirou ou foi iniciado em outro navegador. Comece de novo.',
  'connect.error.quota': 'A cota diária do YouTube acabou. Tente de novo amanhã.',
  'connect.error.empty': 'Esta conta do YouTube não tem inscrições para importar.',
  'connect.source.title': 'Da sua conta do YouTube',
  'connect.source.description':
    'Entre com o Google e importe todos os canais em que você está inscrito. O Tubefold pede acesso somente leitura, só agora, e você escolhe os grupos antes de salvar qualquer coisa.',
  'connect.source.action': 'Conectar o YouTube',
  'connect.source.unavailable':
    'Indisponível aqui: este servidor não tem login com o Google configurado. Use um arquivo do Google Takeout.',
  'connect.meta.title': 'Conexões',
  'connect.settings.nav': 'Conexões',
  'connect.settings.title': 'YouTube',
  'connect.settings.description':
    'Conecte sua conta do YouTube para importar suas inscrições. O Tubefold só as lê; nunca publica nem altera nada.',
  'connect.settings.account': 'Conta',
  'connect.settings.noChannel': 'Uma conta do Google sem canal do YouTube',
  'connect.settings.connectedAt': 'Conectada em',
  'connect.settings.lastImport': 'Última importação',
  'connect.settings.never': 'Nunca',
  'connect.settings.importAgain': 'Importar inscrições de novo',
  'connect.settings.importing': 'Lendo suas inscrições…',
  'connect.settings.disconnect': 'Desconectar',
  'connect.disconnect.title': 'Desconectar o YouTube?',
  'connect.disconnect.body':
    'O Tubefold vai pedir ao Google que revogue o acesso e vai apagar os tokens guardados. Os canais que você já importou continuam na sua biblioteca.',
  'connect.disconnect.cancel': 'Cancelar',
  'connect.disconnect.busy': 'Desconectando…',
  'connect.disconnect.done': 'YouTube desconectado.',
}
