/**
 * The key that decides "same name" among sibling groups (case-insensitive,
 * any script): what the `group_sibling_name_key` index compares.
 */
export function groupNameKey(name: string): string {
  return name.normalize('NFKC').trim().toLocaleLowerCase('und')
}
