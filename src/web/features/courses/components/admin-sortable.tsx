import { useLayoutEffect, useRef, useState, type DragEvent } from 'react'
import { ArrowDown, ArrowUp, GripVertical } from 'lucide-react'
import { Button } from '#web/components/ui/button.tsx'
import { cn } from '#web/lib/cn.ts'

// Reordering a list of modules or lessons (issue 15) two ways: by dragging a row's
// handle (HTML5 drag and drop), and by keyboard with each row's 'Move up' and 'Move
// down' buttons. After a keyboard move the focus stays on the moved row's button
// (on its other button when the row reached an end), and the new place is announced.

type Item = { id: string; title: string }

type SortableOptions = {
  /** 'module' or 'lesson', for the buttons' names and the announcement */
  noun: string
  /** the new order, every id once */
  onReorder: (ids: string[]) => void
  /** said by the page's live region */
  announce: (message: string) => void
}

/** `ids` with `id` moved to `index`. */
function moved(ids: readonly string[], id: string, index: number): string[] {
  const rest = ids.filter((other) => other !== id)
  return [...rest.slice(0, index), id, ...rest.slice(index)]
}

export function useSortable(items: readonly Item[], { noun, onReorder, announce }: SortableOptions) {
  const [dragging, setDragging] = useState<string | null>(null)
  const [over, setOver] = useState<string | null>(null)
  const pendingFocus = useRef<{ id: string; direction: 'up' | 'down'; index: number } | null>(null)
  const rows = useRef(new Map<string, HTMLElement>())
  const buttons = useRef(new Map<string, HTMLButtonElement>())
  const ids = items.map((item) => item.id)

  const reorder = (id: string, index: number) => {
    const next = moved(ids, id, index)
    if (next.every((other, at) => other === ids[at])) return
    onReorder(next)
    const title = items.find((item) => item.id === id)?.title ?? ''
    announce(`Moved ${noun} ${title} to position ${index + 1} of ${ids.length}`)
  }

  // once the moved row is drawn in its new place (not on a render before it)
  useLayoutEffect(() => {
    const pending = pendingFocus.current
    if (!pending || ids.indexOf(pending.id) !== pending.index) return
    pendingFocus.current = null
    const same = buttons.current.get(`${pending.id}:${pending.direction}`)
    const other = buttons.current.get(`${pending.id}:${pending.direction === 'up' ? 'down' : 'up'}`)
    ;(same && !same.disabled ? same : other)?.focus()
  })

  const moveBy = (id: string, delta: -1 | 1) => {
    const index = ids.indexOf(id)
    const target = index + delta
    if (index < 0 || target < 0 || target >= ids.length) return
    pendingFocus.current = { id, direction: delta < 0 ? 'up' : 'down', index: target }
    reorder(id, target)
  }

  return {
    /** props of a row: it registers itself and takes drops */
    rowProps: (id: string) => ({
      ref: (element: HTMLElement | null) => {
        if (element) rows.current.set(id, element)
        else rows.current.delete(id)
      },
      onDragOver: (event: DragEvent) => {
        if (!dragging || !ids.includes(dragging)) return
        event.preventDefault()
        event.stopPropagation()
        event.dataTransfer.dropEffect = 'move'
        if (over !== id) setOver(id)
      },
      onDrop: (event: DragEvent) => {
        if (!dragging || !ids.includes(dragging)) return
        event.preventDefault()
        event.stopPropagation()
        reorder(dragging, ids.indexOf(id))
        setDragging(null)
        setOver(null)
      },
      'data-drop-target': dragging && over === id && dragging !== id ? 'true' : undefined,
    }),
    isDragging: (id: string) => dragging === id,
    /** the drag handle of a row (the keyboard uses the move buttons instead) */
    handle: (id: string) => (
      <span
        draggable
        title={`Drag to reorder this ${noun}`}
        aria-hidden="true"
        onDragStart={(event) => {
          event.stopPropagation()
          event.dataTransfer.effectAllowed = 'move'
          event.dataTransfer.setData('text/plain', id)
          const row = rows.current.get(id)
          if (row) event.dataTransfer.setDragImage(row, 16, 16)
          setDragging(id)
        }}
        onDragEnd={() => {
          setDragging(null)
          setOver(null)
        }}
        className="flex cursor-grab items-center self-stretch rounded px-0.5 text-muted-foreground hover:bg-muted active:cursor-grabbing"
      >
        <GripVertical className="size-4" />
      </span>
    ),
    /** 'Move up' and 'Move down' of a row (elements, not a component: a remount would drop the focus) */
    moveButtons: (id: string, title: string) => {
      const index = ids.indexOf(id)
      return (
        <span className="flex gap-0.5">
          <Button
            size="sm"
            variant="ghost"
            ref={(element: HTMLButtonElement | null) => {
              if (element) buttons.current.set(`${id}:up`, element)
              else buttons.current.delete(`${id}:up`)
            }}
            aria-label={`Move ${noun} ${title} up`}
            title="Move up"
            disabled={index <= 0}
            onClick={() => moveBy(id, -1)}
          >
            <ArrowUp aria-hidden="true" className="size-4" />
          </Button>
          <Button
            size="sm"
            variant="ghost"
            ref={(element: HTMLButtonElement | null) => {
              if (element) buttons.current.set(`${id}:down`, element)
              else buttons.current.delete(`${id}:down`)
            }}
            aria-label={`Move ${noun} ${title} down`}
            title="Move down"
            disabled={index === ids.length - 1}
            onClick={() => moveBy(id, 1)}
          >
            <ArrowDown aria-hidden="true" className="size-4" />
          </Button>
        </span>
      )
    },
  }
}

/** The classes a row takes while it is dragged, or while a dragged row is over it. */
export function sortableRowClasses(isDragging: boolean) {
  return cn(
    'transition-shadow data-[drop-target=true]:ring-2 data-[drop-target=true]:ring-ring',
    isDragging && 'opacity-50',
  )
}
