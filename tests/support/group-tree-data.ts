import type { GroupNode } from '~/features/groups/groups.schemas'

/** A group as the tree query answers it, for tests that seed the query cache. */
export function groupNode(
  id: string,
  name: string,
  parentId: string | null,
  position: string,
  expanded = false,
): GroupNode {
  return {
    id,
    parentId,
    name,
    description: '',
    icon: 'emoji:📁',
    color: 'blue',
    position,
    version: 1,
    channelCount: 0,
    animeCount: 0,
    expanded,
    updatedAt: '2025-01-01T00:00:00.000Z',
  }
}
