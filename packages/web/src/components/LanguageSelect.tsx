import { GlobalOutlined } from '@ant-design/icons';
import { LANGUAGE_NAMES, LANGUAGES, type Language } from '@sunstack/shared';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useClientStore } from '../lib/clientStore.ts';
import { changeLanguage } from '../lib/i18n.ts';

/** The language selector: switches the strings, Ant Design's locale (in App) and the lang header of calls. */
export function LanguageSelect({ variant = 'borderless' }: { variant?: 'borderless' | 'outlined' }) {
  const { t } = useTranslation();
  const language = useClientStore((state) => state.language);
  const onChange = async (next: Language) => {
    await changeLanguage(next);
    useClientStore.getState().setLanguage(next);
  };
  return (
    <Select
      aria-label={t('header.language')}
      value={language}
      onChange={onChange}
      variant={variant}
      prefix={<GlobalOutlined />}
      popupMatchSelectWidth={false}
      options={LANGUAGES.map((code) => ({ value: code, label: LANGUAGE_NAMES[code] }))}
    />
  );
}
