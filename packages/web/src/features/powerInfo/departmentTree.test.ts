import type { Department } from '@sunstack/shared';
import { describe, expect, it } from 'vitest';
import { departmentTree } from './departmentTree.ts';

const department = (id: number, parentId: number | null, name: string): Department => ({
  id,
  parentId,
  name,
  permissionGroupId: null,
  permissionGroupName: '',
  effectiveGroupName: '',
  members: 0,
});

describe('departmentTree', () => {
  it('nests departments under their parents, keeping the order of the list', () => {
    const tree = departmentTree([
      department(1, null, 'Sales'),
      department(2, null, 'Service'),
      department(3, 1, 'Europe'),
      department(4, 3, 'Iberia'),
      department(5, 1, 'Asia'),
    ]);
    expect(tree.map((node) => node.name)).toEqual(['Sales', 'Service']);
    expect(tree[0]?.children?.map((node) => node.name)).toEqual(['Europe', 'Asia']);
    expect(tree[0]?.children?.[0]?.children?.map((node) => node.name)).toEqual(['Iberia']);
    expect(tree[1]?.children).toBeUndefined();
  });

  it('is empty for no departments', () => {
    expect(departmentTree([])).toEqual([]);
  });
});
