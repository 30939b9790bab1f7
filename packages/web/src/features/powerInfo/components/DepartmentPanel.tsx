import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import { type Department, departmentCreateBody } from '@sunstack/shared';
import { Alert, Button, Empty, Flex, Form, Input, Modal, message, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Permission } from '../../../components/Permission.tsx';
import { showServerIssues, zodRule } from '../../../lib/forms.ts';
import { useTabBusy } from '../../../lib/tabs/tabContext.ts';
import { useCreateDepartment } from '../api/createDepartment.ts';
import { useDeleteDepartment } from '../api/deleteDepartment.ts';
import { useDepartments } from '../api/listDepartments.ts';
import { useUpdateDepartment } from '../api/updateDepartment.ts';
import { type DepartmentNode, departmentTree } from '../departmentTree.ts';
import { usePowerInfoRights } from '../permissions.ts';
import { GroupSelect } from './GroupSelect.tsx';
import { DeleteRowButton, RowActionButton } from './RowActions.tsx';

/** Adding under a parent (or at the top), or changing one department. */
type Editing = { kind: 'create'; parent: Department | null } | { kind: 'update'; department: Department };
type Values = { name: string; permissionGroupId?: number | null };

function DepartmentDialog({ editing, onClose }: { editing: Editing | null; onClose: () => void }) {
  const { t } = useTranslation();
  const rights = usePowerInfoRights();
  const [form] = Form.useForm<Values>();
  const create = useCreateDepartment();
  const update = useUpdateDepartment();
  const department = editing?.kind === 'update' ? editing.department : null;
  const showName = !department || rights.renameDepartments;
  const showGroup = department !== null && rights.assignGroups;

  const onOk = async () => {
    const values = await form.validateFields();
    try {
      if (editing?.kind === 'create') {
        await create.mutateAsync({ name: values.name, ...(editing.parent ? { parentId: editing.parent.id } : {}) });
      } else if (department) {
        await update.mutateAsync({
          id: department.id,
          ...(showName && values.name !== department.name ? { name: values.name } : {}),
          ...(showGroup && values.permissionGroupId !== department.permissionGroupId
            ? { permissionGroupId: values.permissionGroupId ?? null }
            : {}),
        });
      }
      void message.success(t('powerInfo.saved'));
      onClose();
    } catch (error) {
      showServerIssues(form, error, t);
    }
  };

  const title =
    editing?.kind === 'create'
      ? editing.parent
        ? t('powerInfo.department.addUnder', { name: editing.parent.name })
        : t('powerInfo.department.add')
      : t('powerInfo.department.edit');
  return (
    <Modal
      open={editing !== null}
      title={title}
      onOk={onOk}
      onCancel={onClose}
      okText={t('common.save')}
      cancelText={t('powerInfo.cancel')}
      confirmLoading={create.isPending || update.isPending}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={department ? { name: department.name, permissionGroupId: department.permissionGroupId } : { name: '' }}
      >
        {showName && (
          <Form.Item label={t('powerInfo.department.name')} name="name" rules={[zodRule(departmentCreateBody.shape.name, t)]}>
            <Input autoFocus maxLength={64} />
          </Form.Item>
        )}
        {showGroup && (
          <Form.Item label={t('powerInfo.group.label')} name="permissionGroupId" extra={t('powerInfo.department.groupHint')}>
            <GroupSelect currentName={department?.permissionGroupName} placeholder={t('powerInfo.department.noGroup')} />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}

/** The group a department's members get: its own, one inherited from above, or none (their role's). */
function GroupCell({ department }: { department: Department }) {
  const { t } = useTranslation();
  if (department.permissionGroupName) return <Tag color="blue">{department.permissionGroupName}</Tag>;
  if (department.effectiveGroupName) {
    return (
      <Flex gap={4} wrap align="center">
        <Tag>{department.effectiveGroupName}</Tag>
        <Typography.Text type="secondary">{t('powerInfo.department.inherited')}</Typography.Text>
      </Flex>
    );
  }
  return <Typography.Text type="secondary">{t('powerInfo.department.noGroup')}</Typography.Text>;
}

/** Organisation: the manufacturer's departments as a tree; a department with members or sub-departments stays. */
export function DepartmentPanel() {
  const { t } = useTranslation();
  const rights = usePowerInfoRights();
  const departments = useDepartments();
  const remove = useDeleteDepartment();
  const [editing, setEditing] = useState<Editing | null>(null);
  const tree = useMemo(() => departmentTree(departments.data ?? []), [departments.data]);
  useTabBusy(departments.isFetching);

  const columns: ColumnsType<DepartmentNode> = [
    {
      title: t('powerInfo.department.name'),
      dataIndex: 'name',
      width: 240,
      render: (name: string) => <Typography.Text strong>{name}</Typography.Text>,
    },
    { title: t('powerInfo.group.label'), key: 'group', width: 260, render: (_, department) => <GroupCell department={department} /> },
    { title: t('powerInfo.department.members'), dataIndex: 'members', width: 110, align: 'right' },
    {
      title: t('common.actions'),
      key: 'actions',
      width: 140,
      render: (_, department) => (
        <Flex gap={4}>
          <Permission code="organisation.add">
            <RowActionButton
              icon={<PlusOutlined />}
              label={t('powerInfo.department.addUnder', { name: department.name })}
              onClick={() => setEditing({ kind: 'create', parent: department })}
            />
          </Permission>
          {rights.editDepartments && (
            <RowActionButton
              icon={<EditOutlined />}
              label={t('powerInfo.department.edit')}
              onClick={() => setEditing({ kind: 'update', department })}
            />
          )}
          {/* A department with members or sub-departments is refused. */}
          <DeleteRowButton
            permission="organisation.delete"
            confirmTitle={t('powerInfo.department.deleteConfirm', { name: department.name })}
            onDelete={() => remove.mutateAsync(department.id)}
          />
        </Flex>
      ),
    },
  ];

  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Alert type="info" showIcon title={t('powerInfo.department.intro')} style={{ flex: '1 1 320px' }} />
        <Permission code="organisation.add">
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ kind: 'create', parent: null })}>
            {t('powerInfo.department.add')}
          </Button>
        </Permission>
      </Flex>
      {tree.length > 0 || departments.isLoading ? (
        <Table<DepartmentNode>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={tree}
          loading={departments.isFetching}
          pagination={false}
          expandable={{ defaultExpandAllRows: true }}
          // Remount once loaded so every row starts expanded.
          key={departments.isLoading ? 'loading' : 'loaded'}
          scroll={{ x: 760 }}
        />
      ) : (
        <Empty description={t('powerInfo.department.empty')} />
      )}
      <DepartmentDialog editing={editing} onClose={() => setEditing(null)} />
    </Flex>
  );
}
