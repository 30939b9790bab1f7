import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';

/** The "confirm password" field of spec section 5: must equal the field named `of` ("inconsistent password"). */
export function ConfirmPasswordItem({ of }: { of: string }) {
  const { t } = useTranslation();
  return (
    <Form.Item
      label={t('auth.confirmPassword')}
      name="confirmPassword"
      dependencies={[of]}
      rules={[
        ({ getFieldValue }) => ({
          validator: async (_, value) => {
            if (value !== getFieldValue(of)) throw new Error(t('validation.passwordInconsistent'));
          },
        }),
      ]}
    >
      <Input.Password autoComplete="new-password" />
    </Form.Item>
  );
}
