import { TreeSelect } from 'antd';
import type { CSSProperties } from 'react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useDepartments } from '../api/listDepartments.ts';
import { type DepartmentNode, departmentTree } from '../departmentTree.ts';

type Option = { value: number; title: string; children?: Option[] };
const toOption = (node: DepartmentNode): Option => ({ value: node.id, title: node.name, children: node.children?.map(toOption) });

/** A department picker over the whole tree (organisation.query lets the operator read it). */
export function DepartmentSelect({
  value,
  onChange,
  placeholder,
  style,
  id,
}: {
  value?: number | null;
  onChange?: (value: number | null) => void;
  placeholder?: string;
  style?: CSSProperties;
  id?: string;
}) {
  const { t } = useTranslation();
  const departments = useDepartments();
  const treeData = useMemo(() => departmentTree(departments.data ?? []).map(toOption), [departments.data]);
  return (
    <TreeSelect<number | null>
      id={id}
      value={value ?? null}
      onChange={(next) => onChange?.(next ?? null)}
      treeData={treeData}
      treeDefaultExpandAll
      showSearch={{ treeNodeFilterProp: 'title' }}
      allowClear
      loading={departments.isFetching}
      placeholder={placeholder ?? t('powerInfo.department.choose')}
      style={{ minWidth: 200, ...style }}
    />
  );
}
