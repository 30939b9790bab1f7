import { GlobalOutlined } from '@ant-design/icons';
import { LANGUAGE_NAMES, LANGUAGES, type Language } from '@sunstack/shared';
import { theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { useClientStore } from '../lib/clientStore.ts';
import { changeLanguage } from '../lib/i18n.ts';

/**
 * The language selector: switches the strings, Ant Design's locale (in App) and the lang header
 * of calls. A native select: light enough for the sign-in page, and a proper picker on phones.
 */
export function LanguageSelect() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const language = useClientStore((state) => state.language);
  const onChange = async (next: Language) => {
    await changeLanguage(next);
    useClientStore.getState().setLanguage(next);
  };
  return (
    <label style={{ display: 'inline-flex', alignItems: 'center', gap: 6, color: token.colorText, lineHeight: 1 }}>
      <GlobalOutlined aria-hidden />
      <select
        aria-label={t('header.language')}
        value={language}
        onChange={(event) => void onChange(event.target.value as Language)}
        style={{
          font: 'inherit',
          fontSize: token.fontSize,
          color: token.colorText,
          background: 'transparent',
          border: 'none',
          padding: '4px 2px',
          cursor: 'pointer',
        }}
      >
        {LANGUAGES.map((code) => (
          <option key={code} value={code}>
            {LANGUAGE_NAMES[code]}
          </option>
        ))}
      </select>
    </label>
  );
}
