import { Button, Drawer, Form, type FormInstance } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A form in a drawer, as the console's create-and-edit forms are: the title, a Save button at the top that submits
 * the form (busy while `saving`), and the fields laid out vertically. The caller keeps its checks and its save.
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
      <Form<Values> form={form} layout="vertical" onFinish={(values) => void onFinish(values)} initialValues={initialValues}>
        {children}
      </Form>
    </Drawer>
  );
}
