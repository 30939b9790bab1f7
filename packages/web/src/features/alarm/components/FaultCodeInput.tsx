import { FAULT_CATALOGUE, type Language } from '@sunstack/shared';
import { AutoComplete, Input } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { faultText } from '../../../lib/faultText.ts';

const ALL_CODES = Object.values(FAULT_CATALOGUE).flatMap((faults) => faults.map((fault) => fault.code));

/** A fault code filter: the catalogue's codes by number or name, or any number typed (a code it does not know). */
export function FaultCodeInput({ code, language, onChange }: { code?: number; language: Language; onChange: (code?: number) => void }) {
  const { t } = useTranslation();
  const [codeText, setCodeText] = useState(code === undefined ? '' : String(code));
  const codeOptions = useMemo(() => {
    const typed = codeText.trim().toLowerCase();
    return ALL_CODES.map((code) => ({ code, name: faultText(code, language)?.name ?? '' }))
      .filter(({ code, name }) => typed === '' || String(code).startsWith(typed) || name.toLowerCase().includes(typed))
      .slice(0, 50)
      .map(({ code, name }) => ({ value: String(code), label: `${code} · ${name}` }));
  }, [codeText, language]);
  const applyCode = (text: string) => {
    const digits = text.trim().match(/^\d+/)?.[0];
    setCodeText(digits ?? '');
    onChange(digits ? Number(digits) : undefined);
  };
  return (
    <AutoComplete
      value={codeText}
      options={codeOptions}
      onChange={setCodeText}
      onSelect={applyCode}
      style={{ width: 200 }}
      popupMatchSelectWidth={320}
    >
      <Input.Search allowClear placeholder={t('alarm.code')} aria-label={t('alarm.code')} onSearch={applyCode} />
    </AutoComplete>
  );
}
