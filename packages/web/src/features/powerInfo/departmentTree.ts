import type { Department } from '@sunstack/shared';

export interface DepartmentNode extends Department {
  children?: DepartmentNode[];
}

/** The flat list the server answers (parents first) as a tree; a node without sub-departments has no `children`. */
export function departmentTree(departments: readonly Department[]): DepartmentNode[] {
  const nodes = new Map<number, DepartmentNode>(departments.map((d) => [d.id, { ...d }]));
  const roots: DepartmentNode[] = [];
  for (const node of nodes.values()) {
    const parent = node.parentId === null ? undefined : nodes.get(node.parentId);
    if (parent) parent.children = [...(parent.children ?? []), node];
    else roots.push(node);
  }
  return roots;
}
