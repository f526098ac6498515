import {
  type Announcements,
  type CollisionDetection,
  DndContext,
  type DragEndEvent,
  DragOverlay,
  type DragStartEvent,
  PointerSensor,
  TouchSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core'
import { getEventCoordinates } from '@dnd-kit/utilities'
import { Folder, ListVideo } from 'lucide-react'
import {
  createContext,
  type ReactNode,
  type PointerEvent as ReactPointerEvent,
  type RefObject,
  useCallback,
  useContext,
  useRef,
  useState,
} from 'react'
import { useI18n } from '~/lib/i18n/i18n-provider'
import { type PluralKeys, usePlural } from '~/lib/i18n/use-plural'
import { type DragData, dragDataOf, dropDataOf, entriesDrop } from '../drag-data'
import { useAddItemsWithUndo, useMoveItemsWithUndo } from './use-item-moves'

/** Mouse and pen; a finger goes through the touch sensor (press and hold), so lists still scroll. */
class FinePointerSensor extends PointerSensor {
  static override activators = [
    {
      eventName: 'onPointerDown' as const,
      handler: ({ nativeEvent }: ReactPointerEvent) =>
        nativeEvent.isPrimary && nativeEvent.button === 0 && nativeEvent.pointerType !== 'touch',
    },
  ]
}

type Point = { x: number; y: number }

const ENTRY_COUNT: Record<'channel' | 'anime', PluralKeys> = {
  channel: { one: 'library.group.channels.one', other: 'library.group.channels.other' },
  anime: { one: 'library.group.animes.one', other: 'library.group.animes.other' },
}

const PointerContext = createContext<RefObject<Point | null>>({ current: null })

/** Where the pointer is during a drag (client coordinates): a tree row or list row picks before / inside / after by it. */
export function useDragPointer() {
  return useContext(PointerContext)
}

/**
 * The dashboard's one dnd-kit context. Tree and lists handle their own drops (`useDndMonitor`); entries
 * dropped on a group are handled here, like the bulk bar's "Add to group" / "Move to", with the same Undo.
 */
export function GroupDragProvider(props: { children: ReactNode }) {
  const { t } = useI18n()
  const plural = usePlural()
  const addItems = useAddItemsWithUndo()
  const moveItems = useMoveItemsWithUndo()
  const pointer = useRef<Point | null>(null)
  const stopTracking = useRef<(() => void) | null>(null)
  const [dragging, setDragging] = useState<DragData | null>(null)
  const sensors = useSensors(
    // A few pixels before a drag starts: a click on a link, checkbox or button stays a click.
    useSensor(FinePointerSensor, { activationConstraint: { distance: 8 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 250, tolerance: 8 } }),
  )

  const what = (drag: DragData | null) => {
    if (!drag) return ''
    if (drag.type === 'group') return t('groups.drag.group', { name: drag.name })
    return plural(ENTRY_COUNT[drag.kind], drag.entries.length)
  }

  const announcements: Announcements = {
    onDragStart: ({ active }) =>
      t('groups.drag.picked', { what: what(dragDataOf(active.data.current)) }),
    onDragOver: ({ active, over }) => {
      const drop = dropDataOf(over?.data.current)
      const subject = what(dragDataOf(active.data.current))
      if (drop?.type === 'group-target')
        return t('groups.drag.over', { what: subject, group: drop.name })
      return over ? undefined : t('groups.drag.notOver', { what: subject })
    },
    onDragEnd: ({ active, over }) => {
      const drop = dropDataOf(over?.data.current)
      const subject = what(dragDataOf(active.data.current))
      return drop?.type === 'group-target'
        ? t('groups.drag.dropped', { what: subject, group: drop.name })
        : t('groups.drag.droppedElsewhere', { what: subject })
    },
    onDragCancel: ({ active }) =>
      t('groups.drag.cancelled', { what: what(dragDataOf(active.data.current)) }),
  }

  const track = (event: DragStartEvent) => {
    pointer.current = getEventCoordinates(event.activatorEvent)
    const onPointer = (move: PointerEvent) => {
      pointer.current = { x: move.clientX, y: move.clientY }
    }
    const onTouch = (move: TouchEvent) => {
      const touch = move.touches[0]
      if (touch) pointer.current = { x: touch.clientX, y: touch.clientY }
    }
    window.addEventListener('pointermove', onPointer, { passive: true })
    window.addEventListener('touchmove', onTouch, { passive: true })
    stopTracking.current = () => {
      window.removeEventListener('pointermove', onPointer)
      window.removeEventListener('touchmove', onTouch)
    }
  }
  const finish = () => {
    stopTracking.current?.()
    stopTracking.current = null
    setDragging(null)
  }

  const onDragEnd = (event: DragEndEvent) => {
    const drag = dragDataOf(event.active.data.current)
    const drop = dropDataOf(event.over?.data.current)
    finish()
    if (drag?.type !== 'entries' || drop?.type !== 'group-target') return
    const intent = entriesDrop(drag, drop)
    if (intent?.action === 'add') {
      addItems({ groupId: intent.groupId, groupName: drop.name, entryIds: intent.entryIds })
    } else if (intent?.action === 'move') {
      moveItems({
        fromGroupId: intent.fromGroupId,
        toGroupId: intent.groupId,
        entryIds: intent.entryIds,
      })
    }
  }

  /*
   * Measured now: virtualised rows mount and unmount as they scroll and the sidebar stays put while the
   * page scrolls, so rects from the drag's start would be stale.
   */
  const collisionDetection = useCallback<CollisionDetection>(
    ({ droppableContainers, pointerCoordinates }) => {
      const point = pointer.current ?? pointerCoordinates
      if (!point) return []
      for (const container of droppableContainers) {
        const rect = container.disabled ? null : container.node.current?.getBoundingClientRect()
        if (
          rect &&
          point.x >= rect.left &&
          point.x <= rect.right &&
          point.y >= rect.top &&
          point.y <= rect.bottom
        )
          return [{ id: container.id, data: { droppableContainer: container, value: 0 } }]
      }
      return []
    },
    [],
  )
  return (
    <PointerContext.Provider value={pointer}>
      <DndContext
        id="tubefold-drag"
        sensors={sensors}
        collisionDetection={collisionDetection}
        accessibility={{
          announcements,
          screenReaderInstructions: { draggable: t('groups.drag.instructions') },
        }}
        onDragStart={(event) => {
          track(event)
          setDragging(dragDataOf(event.active.data.current))
        }}
        onDragEnd={onDragEnd}
        onDragCancel={finish}
      >
        {props.children}
        <DragOverlay dropAnimation={null}>
          {dragging?.type === 'group' ? (
            <DragChip group label={dragging.name} />
          ) : dragging ? (
            <DragChip group={false} label={what(dragging)} />
          ) : null}
        </DragOverlay>
      </DndContext>
    </PointerContext.Provider>
  )
}

/** What follows the pointer: "3 channels", or the group's name. */
function DragChip(props: { group: boolean; label: string }) {
  const Icon = props.group ? Folder : ListVideo
  return (
    <div
      data-drag-overlay
      className="inline-flex max-w-64 cursor-grabbing items-center gap-2 rounded-lg border border-primary bg-white px-3 py-2 text-sm font-medium text-zinc-900 shadow-lg dark:bg-zinc-900 dark:text-zinc-100"
    >
      <Icon aria-hidden size={16} className="shrink-0 text-primary" />
      <span className="truncate">{props.label}</span>
    </div>
  )
}
