import { ColorPicker } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useClientStore } from '../../lib/clientStore.ts';

/** Theme colours dark enough for white button text and for links on white (WCAG AA, 4.5:1). */
const THEME_PRESETS = ['#1668dc', '#0b7285', '#237804', '#ad4e00', '#a8071a', '#531dab', '#1d39c4'];

/** The theme colour picker, opened by `children`; loaded with its first opening (the header's swatch stands in before). */
export default function ThemeColorPicker({
  open,
  onOpenChange,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const themeColor = useClientStore((state) => state.themeColor);
  return (
    <ColorPicker
      open={open}
      onOpenChange={onOpenChange}
      value={themeColor}
      presets={[{ label: t('header.themeColor'), colors: THEME_PRESETS }]}
      onChangeComplete={(color) => useClientStore.getState().setThemeColor(color.toHexString())}
    >
      {children}
    </ColorPicker>
  );
}
