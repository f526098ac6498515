import type { supportEn } from './en'

export const supportPt: Record<keyof typeof supportEn, string> = {
  'support.title': 'Suporte',
  'support.subtitle': 'Respostas para dúvidas comuns e uma forma de falar com a gente.',
  'support.faq.title': 'Perguntas frequentes',
  'support.faq.q1': 'Quantos níveis de grupos aninhados posso ter?',
  'support.faq.a1':
    'Grátis: até {freeDepth} níveis; Pro e Business: até {depth}. Um canal pode estar em vários grupos ao mesmo tempo.',
  'support.faq.q2': 'Quais arquivos posso importar?',
  'support.faq.a2': 'Inscrições de {formats}.',
  'support.faq.q3': 'O Tubefold usa minha cota do YouTube ou minha senha?',
  'support.faq.a3':
    'Não. Os feeds dos grupos vêm do RSS público do YouTube, que não gasta cota da API, e a conexão com o YouTube usa o próprio login do Google; nunca vemos sua senha do Google.',
  'support.faq.q4': 'Posso compartilhar um grupo sem compartilhar tudo?',
  'support.faq.a4':
    'Sim. O compartilhamento abrange um grupo e seus subgrupos, para ver ou editar; seus outros grupos continuam privados.',
  'support.faq.q5': 'Existe um teste grátis?',
  'support.faq.a5':
    'Pro e Business começam com um teste grátis de {days} dias, sem precisar de cartão de crédito.',
  'support.faq.a5NoBilling':
    'Esta instância do Tubefold não tem planos pagos: todos os recursos já estão liberados, sem teste para começar.',
  'support.faq.q6': 'Como faço para exportar meus dados?',
  'support.faq.a6':
    'Nas configurações, exporte tudo como backup do Tubefold, OPML, CSV ou nos formatos do NewPipe, FreeTube e Piped, ou exclua sua conta.',
  'support.contact.title': 'Fale conosco',
  'support.contact.subtitle': 'Costumamos responder em até dois dias úteis.',
  'support.contact.name': 'Seu nome',
  'support.contact.email': 'E-mail',
  'support.contact.topic': 'Assunto',
  'support.contact.topic.question': 'Uma dúvida',
  'support.contact.topic.bug': 'Algo não está funcionando',
  'support.contact.topic.billing': 'Cobrança',
  'support.contact.topic.feedback': 'Sugestões',
  'support.contact.message': 'Mensagem',
  'support.contact.submit': 'Enviar mensagem',
  'support.contact.sending': 'Enviando...',
  'support.contact.sent': 'Obrigado! Sua mensagem foi enviada; responderemos para {email}.',
  'support.contact.website': 'Deixe este campo vazio',
  'support.contact.error.nameRequired': 'Informe seu nome',
  'support.contact.error.nameLong': 'Use no máximo {max} caracteres no nome',
  'support.contact.error.messageShort': 'Escreva pelo menos {min} caracteres',
  'support.contact.error.messageLong': 'Use menos de {max} caracteres',
  'support.mail.subject': '[Suporte Tubefold] {topic} de {name}',
  'support.mail.intro': '{name} <{email}> escreveu sobre “{topic}”:',
  'support.mail.receiptSubject': 'Recebemos sua mensagem',
  'support.mail.receiptBody':
    'Olá, {name}! Obrigado por escrever para o suporte do Tubefold. Recebemos sua mensagem e responderemos para este endereço.',
}
