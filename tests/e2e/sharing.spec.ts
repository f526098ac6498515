import type { BrowserContext, Page, Request } from '@playwright/test'
import { messages as en } from '../../src/lib/i18n/messages/en'
import { expectNoA11yViolations, fill, gotoHydrated } from './fixtures'
import {
  type AppServer,
  CONFIRM_SUBJECT,
  escapeRegExp,
  expect,
  fillSignUpForm,
  newUser,
  signUpConfirmed,
  test,
} from './support/app-server'
import { addCheckedChannels, pasteChannels } from './support/library-steps'
import { createGroup } from './support/organiser-steps'
import { linkIn } from './support/smtp-sink'

/*
 * Sharing in Chromium with two browser contexts: an owner shares a group by
 * an edit link, a second person signs up through it, joins and adds a
 * channel; the owner sees it and the activity, downgrades them (controls
 * go, a replayed request is refused), revokes the link; a view link is
 * previewed anonymously and cannot be raised to edit by editing the URL.
 */

test.describe.configure({ timeout: 240_000 })

/** Creates a link on the open share screen and returns its URL (through the Copy button). */
async function createLink(page: Page, permission: 'view' | 'edit'): Promise<string> {
  const links = page.getByRole('region', { name: en['sharing.links.title'] })
  // The choice group's radios sit under their labels: a person clicks the label.
  await links.getByText(en[`sharing.permission.${permission}`], { exact: true }).click()
  await expect(
    links.getByRole('radio', { name: en[`sharing.permission.${permission}`] }),
  ).toBeChecked()
  await links.getByRole('button', { name: en['sharing.links.create'] }).click()
  await expect(page.getByText(en['sharing.links.created'])).toBeVisible()
  const before = await page.evaluate(() => navigator.clipboard.readText().catch(() => ''))
  await links
    .getByRole('button', { name: new RegExp(`^${en['sharing.links.copy']}`) })
    .first()
    .click()
  await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).not.toBe(before)
  const url = await page.evaluate(() => navigator.clipboard.readText())
  expect(url).toMatch(new RegExp(`/share/group/[A-Za-z0-9_-]{22}/\\?permission=${permission}$`))
  return url
}

async function newContext(context: BrowserContext, app: AppServer) {
  const browser = context.browser()
  if (!browser) throw new Error('no browser')
  const other = await browser.newContext({ baseURL: app.baseURL })
  return other
}

test('an edit link: sign up through it, join, add a channel, be downgraded, lose the link', async ({
  page,
  context,
  app,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  const owner = await signUpConfirmed(page, app, 'owner')
  const groupUrl = await createGroup(page, app, 'Client A')
  await createGroup(page, app, 'Client B')

  await gotoHydrated(page, `${groupUrl}share/`)
  await expect(
    page.getByRole('heading', {
      level: 1,
      name: fill(en['sharing.screen.title'], { name: 'Client A' }),
    }),
  ).toBeVisible()
  await expectNoA11yViolations(page)
  const editLink = await createLink(page, 'edit')

  // The second person: signed out, an edit link asks them to sign in or sign up first.
  const memberContext = await newContext(context, app)
  const member = await memberContext.newPage()
  await gotoHydrated(member, editLink)
  await expect(member.getByRole('heading', { name: en['sharing.page.signInTitle'] })).toBeVisible()
  await member.getByRole('link', { name: en['sharing.page.createAccount'] }).click()
  await expect(member).toHaveURL(/\/register\/\?redirect=/)
  const colleague = newUser('editor')
  await fillSignUpForm(member, colleague)
  await member.getByRole('button', { name: en['auth.register.submit'] }).click()
  const mail = await app.sink.waitForMail({ to: colleague.email, subject: CONFIRM_SUBJECT })
  // The confirmation leads back to the link, not to the dashboard.
  await member.goto(linkIn(mail, '/subscriptions/confirm/'))
  await expect(member).toHaveURL(/\/share\/group\/[A-Za-z0-9_-]{22}\/\?permission=edit$/)
  await expect(
    member.getByText(fill(en['sharing.page.sharedBy'], { name: owner.name })),
  ).toBeVisible()
  await expect(member.getByText(owner.email)).toHaveCount(0)
  await expectNoA11yViolations(member)
  await member.getByRole('button', { name: en['sharing.page.join'] }).click()
  await expect(member).toHaveURL(groupUrl)
  await expect(
    member.getByText(fill(en['shared.banner.editor'], { name: owner.name })),
  ).toBeVisible()
  await expectNoA11yViolations(member)
  // "Client B" was never shared: not in the sidebar, not reachable.
  await expect(member.getByRole('link', { name: /Client B/ })).toHaveCount(0)

  // The editor adds a channel; the request is kept to replay it later.
  await pasteChannels(member, ['https://www.youtube.com/@mkbhd'])
  const adding = member.waitForRequest(
    (request: Request) =>
      request.method() === 'POST' &&
      request.url().includes('/_serverFn/') &&
      (request.postData() ?? '').includes('UCBJycsmduvYEL83R_U4JriQ'),
  )
  await addCheckedChannels(member, 1, 'Client A')
  const addRequest = await adding

  // The owner sees the channel in the group and the member in its activity.
  await gotoHydrated(page, groupUrl)
  await expect(page.getByText('Marques Brownlee', { exact: true }).first()).toBeVisible()
  await expect(page.getByText(colleague.name).first()).toBeVisible()

  // Downgrade to viewer: the edit controls go, and the replayed request is refused.
  await gotoHydrated(page, `${groupUrl}share/`)
  await page
    .getByRole('combobox', {
      name: fill(en['sharing.members.roleLabel'], { name: colleague.name }),
    })
    .selectOption('viewer')
  await expect(
    page.getByText(
      fill(en['sharing.members.roleChanged'], {
        name: colleague.name,
        role: en['sharing.role.viewer'],
      }),
    ),
  ).toBeVisible()
  await gotoHydrated(member, groupUrl)
  await expect(
    member.getByText(fill(en['shared.banner.viewer'], { name: owner.name })),
  ).toBeVisible()
  await expect(member.getByRole('link', { name: en['library.group.addChannels'] })).toHaveCount(0)
  const replay = await member.request.post(addRequest.url(), {
    headers: await addRequest.allHeaders(),
    data: addRequest.postDataBuffer() ?? undefined,
  })
  expect(await replay.text()).toContain('GROUP_FORBIDDEN')

  // Revoked: the link stops working, for everyone, with the one "not available" screen.
  const links = page.getByRole('region', { name: en['sharing.links.title'] })
  await links
    .getByRole('button', { name: new RegExp(`^${en['sharing.links.revoke']}`) })
    .first()
    .click()
  await page
    .getByRole('alertdialog')
    .getByRole('button', { name: en['sharing.links.revoke'] })
    .click()
  await expect(page.getByText(en['sharing.links.revoked'])).toBeVisible()
  await gotoHydrated(member, editLink)
  await expect(
    member.getByRole('heading', { name: en['sharing.page.unavailableTitle'] }),
  ).toBeVisible()
  await memberContext.close()
})

test('a view link previews read-only without an account, and editing the URL raises nothing', async ({
  page,
  context,
  app,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  const owner = await signUpConfirmed(page, app, 'viewlink')
  const groupUrl = await createGroup(page, app, 'Portfolio')
  await gotoHydrated(page, `${groupUrl}share/`)
  const viewLink = await createLink(page, 'view')

  const guestContext = await newContext(context, app)
  const guest = await guestContext.newPage()
  await gotoHydrated(guest, viewLink)
  await expect(guest.getByRole('heading', { name: 'Portfolio' })).toBeVisible()
  await expect(
    guest.getByText(fill(en['sharing.page.sharedBy'], { name: owner.name })),
  ).toBeVisible()
  await expect(guest.getByRole('link', { name: en['sharing.page.signInToJoin'] })).toBeVisible()
  await expect(guest.getByRole('button', { name: en['sharing.page.join'] })).toHaveCount(0)
  await expectNoA11yViolations(guest)

  // permission=edit on a view link: refused like any unknown link.
  await gotoHydrated(guest, viewLink.replace('permission=view', 'permission=edit'))
  await expect(
    guest.getByRole('heading', { name: en['sharing.page.unavailableTitle'] }),
  ).toBeVisible()
  await expectNoA11yViolations(guest)
  await guestContext.close()
})

test('an invitation by email: the invitee signs up with that address, accepts, and sees the group', async ({
  page,
  context,
  app,
}) => {
  const owner = await signUpConfirmed(page, app, 'inviter')
  const groupUrl = await createGroup(page, app, 'Agency')
  await gotoHydrated(page, `${groupUrl}share/`)
  const invitee = newUser('invitee')
  const invitations = page.getByRole('region', { name: en['sharing.invitations.title'] })
  await invitations.getByLabel(en['sharing.invitations.email']).fill(invitee.email.toUpperCase())
  await invitations.getByLabel(en['sharing.invitations.role']).selectOption('editor')
  await invitations.getByRole('button', { name: en['sharing.invitations.send'] }).click()
  await expect(
    page.getByText(fill(en['sharing.invitations.sent'], { email: invitee.email })),
  ).toBeVisible()
  await expect(invitations.getByText(invitee.email)).toBeVisible()

  const subject = fill(en['shareMail.invite.subject'], { inviter: owner.name, group: 'Agency' })
  const mail = await app.sink.waitForMail({
    to: invitee.email,
    subject: new RegExp(escapeRegExp(subject)),
  })
  const invitation = linkIn(mail, '/invitations/')

  const inviteeContext = await newContext(context, app)
  const guest = await inviteeContext.newPage()
  await gotoHydrated(guest, invitation)
  await expect(
    guest.getByRole('heading', {
      name: fill(en['sharing.invitation.title'], { owner: owner.name, name: 'Agency' }),
    }),
  ).toBeVisible()
  await expectNoA11yViolations(guest)
  await guest.getByRole('link', { name: en['sharing.page.createAccount'] }).click()
  await fillSignUpForm(guest, invitee)
  await guest.getByRole('button', { name: en['auth.register.submit'] }).click()
  const confirm = await app.sink.waitForMail({ to: invitee.email, subject: CONFIRM_SUBJECT })
  await guest.goto(linkIn(confirm, '/subscriptions/confirm/'))
  await expect(guest).toHaveURL(/\/invitations\/[A-Za-z0-9_-]{43}\/$/)
  await guest.getByRole('button', { name: en['sharing.invitation.accept'] }).click()
  await expect(guest).toHaveURL(groupUrl)
  await expect(
    guest.getByText(fill(en['shared.banner.editor'], { name: owner.name })),
  ).toBeVisible()

  // Used once: the same link is no longer an invitation, and the owner's list is empty again.
  await gotoHydrated(guest, invitation)
  await expect(
    guest.getByRole('heading', { name: en['sharing.invitation.unavailableTitle'] }),
  ).toBeVisible()
  await gotoHydrated(page, `${groupUrl}share/`)
  await expect(invitations.getByText(en['sharing.invitations.empty'])).toBeVisible()
  await expect(
    page
      .getByRole('region', { name: en['sharing.members.title'] })
      .getByText(invitee.name, { exact: true }),
  ).toBeVisible()
  await inviteeContext.close()
})
