import { RotateCw } from 'lucide-react'
import { type FormEvent, type ReactNode, useMemo, useState } from 'react'
import { UpgradeLink } from '~/components/errors/upgrade-link'
import { Button } from '~/components/ui/button'
import { Field, Input, Textarea } from '~/components/ui/field'
import { FormAlert } from '~/components/ui/form-alert'
import { errorCodeOf } from '~/lib/app-error'
import { useSchemaForm } from '~/lib/forms/use-schema-form'
import { useI18n } from '~/lib/i18n/i18n-provider'
import { useErrorText } from '~/lib/use-error-text'
import {
  GROUP_DESCRIPTION_MAX,
  GROUP_ERROR_PARAMS,
  GROUP_FORM_FIELDS,
  GROUP_NAME_MAX,
  type GroupColor,
  type GroupNode,
  groupFormSchema,
} from '../groups.schemas'
import { depths } from '../tree'
import { ColorPicker } from './color-picker'
import { GroupPicker } from './group-picker'
import { IconField } from './icon-field'

export type GroupFormValues = {
  name: string
  description: string
  icon: string | null
  color: GroupColor | null
}

/** What the form submits: valid, normalised values (and the parent, for a new group). */
export type GroupFormResult = GroupFormValues & { parentId: string | null }

export type GroupFormProps = {
  initial: GroupFormValues
  /** The user's defaults, shown where icon or colour is left on "default". */
  defaults: { icon: string; color: GroupColor }
  /** For a new group. Groups already at `maxDepth` cannot take a child and are disabled. */
  parent?: { nodes: readonly GroupNode[]; initialId: string | null; maxDepth: number }
  onSubmit: (values: GroupFormResult) => void
  pending: boolean
  error: unknown
  /** Shown with a STALE_VERSION refusal: fetch the latest version and start over from it. */
  onReload?: () => void
  reloading?: boolean
  submitLabel: string
  pendingLabel: string
  actions?: ReactNode
}

function characters(value: string): number {
  return [...value].length
}

/** Validated with the server's zod schema; a taken name shows on the name field, a stale version offers reload. */
export function GroupForm(props: GroupFormProps) {
  const { t, formatNumber } = useI18n()
  const errorText = useErrorText()
  const [name, setName] = useState(props.initial.name)
  const [description, setDescription] = useState(props.initial.description)
  const [icon, setIcon] = useState(props.initial.icon)
  const [color, setColor] = useState(props.initial.color)
  const [parentId, setParentId] = useState(props.parent?.initialId ?? null)
  const [submitted, setSubmitted] = useState(false)
  const [sentName, setSentName] = useState('')
  const form = useSchemaForm({
    schema: groupFormSchema,
    fields: GROUP_FORM_FIELDS,
    params: GROUP_ERROR_PARAMS,
  })
  // After a first submit, errors follow the typing (a fixed field stops saying it is wrong).
  const change = (next: Partial<GroupFormValues>) => {
    const values = { name, description, icon, color, ...next }
    if (next.name !== undefined) setName(next.name)
    if (next.description !== undefined) setDescription(next.description)
    if (next.icon !== undefined) setIcon(next.icon)
    if (next.color !== undefined) setColor(next.color)
    if (submitted) form.validate(values)
  }

  const parentNodes = props.parent?.nodes
  const maxDepth = props.parent?.maxDepth
  const fullParents = useMemo(() => {
    if (!parentNodes || maxDepth === undefined) return new Set<string>()
    const full = new Set<string>()
    for (const [id, depth] of depths(parentNodes)) if (depth >= maxDepth) full.add(id)
    return full
  }, [parentNodes, maxDepth])

  const { code } = props.error ? errorCodeOf(props.error) : { code: null }
  const nameTaken = code === 'GROUP_NAME_TAKEN'
  const stale = code === 'STALE_VERSION'
  // The name comes from what was sent: the error's own params may not survive the wire.
  const nameError =
    form.error('name') ??
    (nameTaken ? t('organiser.error.nameTaken', { name: sentName }) : undefined)

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const element = event.currentTarget
    setSubmitted(true)
    const values = form.validate({ name, description, icon, color })
    if (!values) {
      // Focus the first invalid field so keyboard and screen reader users land on it.
      requestAnimationFrame(() =>
        element.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(),
      )
      return
    }
    setSentName(values.name)
    props.onSubmit({ ...values, parentId })
  }

  const nameCount = characters(name.normalize('NFC').trim())
  const descriptionCount = characters(description.normalize('NFC').trim())
  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-6">
      <Field
        label={t('groups.form.name')}
        error={nameError}
        hint={t('groups.form.counter', {
          count: formatNumber(nameCount),
          max: formatNumber(GROUP_NAME_MAX),
        })}
      >
        {(control) => (
          <Input
            {...control}
            name="name"
            value={name}
            onChange={(event) => change({ name: event.target.value })}
            autoComplete="off"
            required
            aria-required
          />
        )}
      </Field>
      <Field
        label={t('groups.form.description')}
        error={form.error('description')}
        hint={t('groups.form.counter', {
          count: formatNumber(descriptionCount),
          max: formatNumber(GROUP_DESCRIPTION_MAX),
        })}
      >
        {(control) => (
          <Textarea
            {...control}
            name="description"
            value={description}
            onChange={(event) => change({ description: event.target.value })}
            className="min-h-24"
          />
        )}
      </Field>
      <IconField
        label={t('groups.form.icon')}
        value={icon}
        color={color}
        defaultIcon={props.defaults.icon}
        defaultColor={props.defaults.color}
        onChange={(next) => change({ icon: next })}
      />
      {form.error('icon') ? (
        <p className="-mt-4 text-sm text-red-700 dark:text-red-400">{form.error('icon')}</p>
      ) : null}
      <ColorPicker
        label={t('groups.form.color')}
        allowDefault
        defaultColor={props.defaults.color}
        value={color}
        onChange={(next) => change({ color: next })}
      />
      {props.parent ? (
        <div className="grid gap-2">
          <span className="text-sm font-medium" aria-hidden>
            {t('groups.form.parent')}
          </span>
          <GroupPicker
            mode="single"
            label={t('groups.form.parent')}
            nodes={props.parent.nodes}
            value={parentId}
            onChange={setParentId}
            topLevelLabel={t('groups.picker.topLevel')}
            disabledIds={fullParents}
            height={240}
          />
        </div>
      ) : null}
      {stale ? (
        <FormAlert tone="error">
          <p>{errorText(props.error)}</p>
          {props.onReload ? (
            <Button
              variant="secondary"
              size="sm"
              className="mt-2"
              onClick={props.onReload}
              disabled={props.reloading}
            >
              <RotateCw aria-hidden size={14} />
              {t('groups.form.reload')}
            </Button>
          ) : null}
        </FormAlert>
      ) : props.error && !nameTaken ? (
        <FormAlert tone="error">
          <p>{errorText(props.error)}</p>
          <UpgradeLink error={props.error} />
        </FormAlert>
      ) : null}
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={props.pending}>
          {props.pending ? props.pendingLabel : props.submitLabel}
        </Button>
        {props.actions}
      </div>
    </form>
  )
}
