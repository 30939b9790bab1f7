import { Button, Drawer, Form, type FormInstance } from 'antd';
import type { NamePath } from 'antd/es/form/interface';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** The paths of the fields a change touched ({texts: {en: {title}}} → ['texts', 'en', 'title']). */
function changedPaths(changed: object, prefix: string[] = []): string[][] {
  return Object.entries(changed).flatMap(([key, value]) =>
    value !== null && typeof value === 'object' && !Array.isArray(value) ? changedPaths(value, [...prefix, key]) : [[...prefix, key]],
  );
}

/**
 * A form in a drawer, as the console's create-and-edit forms are: the title, a Save button at the top that submits
 * the form (busy while `saving`), and the fields laid out vertically. The caller keeps its checks and its save; the
 * messages those checks put under fields (the shared schema's, the server's) go as soon as the field is changed.
 */
export function FormDrawer<Values>({
  title,
  width,
  form,
  saving,
  initialValues,
  onFinish,
  onClose,
  children,
}: {
  title: ReactNode;
  /** The drawer's width on a wide screen (px); a phone gets the whole width. */
  width: number;
  form: FormInstance<Values>;
  saving: boolean;
  initialValues: Partial<Values>;
  onFinish: (values: Values) => Promise<void>;
  onClose: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Drawer
      open
      width={`min(${width}px, 100vw)`}
      title={title}
      onClose={onClose}
      extra={
        <Button type="primary" loading={saving} onClick={() => form.submit()}>
          {t('common.save')}
        </Button>
      }
    >
      <Form<Values>
        form={form}
        layout="vertical"
        onFinish={(values) => void onFinish(values)}
        onValuesChange={(changed: object) =>
          form.setFields(changedPaths(changed).map((name) => ({ name: name as NamePath<Values>, errors: [] })))
        }
        initialValues={initialValues}
      >
        {children}
      </Form>
    </Drawer>
  );
}
